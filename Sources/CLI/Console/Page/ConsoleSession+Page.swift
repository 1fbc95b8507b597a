import ActionLog
import Foundation
import Store

extension ConsoleSession {
  /// `:html FILE [--force]`: the actions the history keeps, from the oldest state it has, with
  /// their causes and the session's effects, as a page (``SessionPage``) written to
  /// `request.path`; never over the log being recorded.
  ///
  /// **Bounds.** Re-applies each kept action once with effects off (the history's checkpoints
  /// are not used: one walk from the oldest state), and the page's own bounds.
  func writePage(_ request: RecordRequest, line number: Int) {
    var progress = ProgressLine(console)
    defer { progress.finish() }
    do {
      let first = history.firstPosition
      var state = history.state(at: first)
      var page = try SessionPage(app: app.nameAndVersion, title: "session", start: state)
      if history.count > first {
        for seq in (first + 1)...history.count {
          progress.update("\(app.name): making the page: \(counted(page.count, "action")) so far")
          let entry = history.entry(seq)
          let before = state
          replayReducer.reduceDroppingEffects(into: &state, action: entry.action)
          let text = history.describe(entry)
          let action = PageAction(
            seq: seq, source: entry.source.rawValue, text: text,
            name: ActionFilter.name(ofText: text), cause: history.cause(seq).map(PageEffects.cause))
          try page.append(action, state: state, unchanged: before == state)
        }
      }
      let causes = ((first + 1)...max(first + 1, history.count)).map { ($0, history.cause($0)) }
      self.causes?.takeCalls()
      let calls = (self.causes?.calls.all ?? []).map { PageEffects.Call($0.call, after: $0.after) }
      (page.effects, page.calls) = PageEffects.effects(effectEvents, causes: causes, calls: calls)
      progress.finish()
      let inputs = recording.flatMap { FileIdentity(path: $0.path) }.map { [$0] } ?? []
      try PageFile.write(page.html(), to: request.path, force: request.force, inputs: inputs)
      console.output(
        "wrote \(request.path) (\(counted(page.count, "action"))): open it in a browser")
    } catch let error as PageFile.Failure {
      report(error.description, line: number)
    } catch {
      report("\(request.path): cannot make the page: \(error)", line: number)
    }
  }
}
