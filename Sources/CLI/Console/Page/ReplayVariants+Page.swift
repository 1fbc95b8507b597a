import ActionLog
import Foundation
import Store

extension ReplayVariants {
  /// `replay LOG --html FILE`: the session the replay read — from `start` through `steps`,
  /// with the effects' `events` — as a page (``SessionPage``) written to `file`, with each
  /// action's time and cause and the calls the log holds; the exit status.
  package func writePage(
    _ request: ReplayRequest, to file: String, from start: App.State,
    steps: ReplaySteps<App.Action>, events: [EffectEvent], input: LogInput,
    console: any Console
  ) -> Int32 {
    var progress = ProgressLine(console)
    defer { progress.finish() }
    do {
      var extras = try LoggedExtras(input, app: app.name)
      let name = URL(fileURLWithPath: request.path).lastPathComponent
      var page = try SessionPage(app: app.nameAndVersion, title: name, start: start)
      let reducer = app.reducer
      var state = start
      var causes: [(Int, ActionCause?)] = []
      var calls = extras.calls(after: 0).map { PageEffects.Call($0, after: 0) }
      for step in steps {
        progress.update("\(app.name): making the page: \(counted(page.count, "action")) so far")
        let before = state
        reducer.reduceDroppingEffects(into: &state, action: step.action)
        let action = PageAction(
          seq: step.seq, source: step.origin.rawValue, text: step.summary,
          name: ActionFilter.name(ofText: step.summary), clock: step.clock.map(PageClock.seconds),
          cause: step.cause.map(PageEffects.cause))
        try page.append(action, state: state, unchanged: before == state)
        causes.append((step.seq, step.cause))
        calls += extras.calls(after: step.seq).map { PageEffects.Call($0, after: step.seq) }
      }
      if let failure = steps.failure ?? extras.failure { throw failure }
      (page.effects, page.calls) = PageEffects.effects(events, causes: causes, calls: calls)
      progress.finish()
      try PageFile.write(
        page.html(), to: file, force: request.force,
        inputs: FileIdentity(path: request.path).map { [$0] } ?? [])
      console.output("wrote \(file) (\(counted(page.count, "action"))): open it in a browser")
      return 0
    } catch let error as PageFile.Failure {
      console.error("\(app.name): \(error)")
      return 2
    } catch {
      console.error("\(app.name): \(request.path): cannot make the page: \(error)")
      return 2
    }
  }
}
