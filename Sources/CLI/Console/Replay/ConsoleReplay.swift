import ActionLog
import Foundation
import Store

/// `APP replay LOG`: re-applies a recorded action log with effects off — the app's own
/// reducer, every effect it returns dropped, so nothing touches the network — and prints the
/// final screens as the REPL shows them.
///
/// ```console
/// $ uniflow replay session.log
/// clock: 2026년 11월 30일 12시 45분
/// ```
///
/// Exit status: 0 when replayed (and verified, with `--verify`); 1 when `--verify` finds the
/// replay differs from the log, or cannot check the final state; 2 when the log cannot be
/// read, with one line on stderr naming the file and line, and nothing on stdout.
@MainActor
package struct ConsoleReplay<App: ConsoleApp> {
  package typealias State = App.State
  package typealias Action = App.Action
  package let app: App

  package init(_ app: App) {
    self.app = app
  }

  /// Runs the replay `request` asks for, writing to `console`. `adopt` makes the log's settings
  /// the process's own (``ConsoleApp/replaySettings(of:path:adopt:)``: the binary adopts; tests
  /// do not).
  ///
  /// The log is opened once (``LogInput``). A plain replay (and `--verify`, `--until`) reads it
  /// once; `--trace` and the variants read it twice — a first replay checks every line and
  /// state, so that a bad log prints nothing but its error, then a second prints as it goes —
  /// and a log that is a stream keeps a private copy for the second. Memory does not grow with
  /// the log in any mode.
  package func run(_ request: ReplayRequest, console: any Console, adopt: Bool = false) -> Int32 {
    do {
      let reducer = app.reducer
      let variant =
        request.diff || !request.skip.isEmpty || request.emitTest != nil || request.html != nil
      let input = try LogInput(path: request.path, rereading: variant || request.trace)
      let replayer = try open(input)
      try app.replaySettings(of: replayer.header, path: replayer.path, adopt: adopt)
      // The first replay: the whole log for a trace, which prints as it goes (so nothing may
      // be wrong after `--until`); up to `--until` otherwise.
      let traceOnly = request.trace && !variant
      let result = try replayer.run(
        until: traceOnly ? nil : request.until, verify: request.verify && !traceOnly,
        apply: Self.applying(reducer), step: nil)
      if variant {
        let variants = ReplayVariants(app)
        if let problem = variants.problem(request, full: result) {
          console.error("\(app.name): \(problem)")
          return 2
        }
        warnings(result, request).forEach { console.error("\(app.name): warning: \($0)") }
        let steps = app.actionLogCoding.codec.steps(input, app: app.name, until: request.until)
        let status = variants.present(
          request, from: replayer.startState, steps: steps, full: result, input: input,
          console: console)
        guard status == 0 else { return status }
        return ReplayVerdict(program: app.name).report(result, request, console: console)
      }
      guard request.trace else {
        warnings(result, request).forEach { console.error("\(app.name): warning: \($0)") }
        for line in app.displayedScreens(of: result.state) { console.screen(line) }
        return ReplayVerdict(program: app.name).report(result, request, console: console)
      }
      let traced = try open(input)
      let trace = trace(from: traced.startState, to: console, filter: request.filter)
      let final = try traced.run(
        until: request.until, verify: request.verify, apply: Self.applying(reducer), step: trace)
      warnings(final, request).forEach { console.error("\(app.name): warning: \($0)") }
      for line in app.displayedScreens(of: final.state) { console.screen(line) }
      return ReplayVerdict(program: app.name).report(final, request, console: console)
    } catch {
      console.error("\(app.name): \(error)")
      return 2
    }
  }

  /// One closure calling `reducer` with its effects dropped — not built, if the reducer can
  /// skip them — made where the reducer's type is a parameter of its own: the closure keeps
  /// its metadata and conformance, where one written in `run` would look up `App.Body`'s for
  /// every action. No curried method
  /// reference in between: the replay calls it once an action.
  static func applying<R: Reducer>(_ reducer: R) -> (inout R.State, R.Action) -> Void {
    { state, action in reducer.reduceDroppingEffects(into: &state, action: action) }
  }

  /// The replay of `input` from its start, once its header shows that this app wrote it (see
  /// ``checkApp(of:path:)``).
  package func open(_ input: LogInput) throws(ActionLogError) -> LogReplay<State, Action> {
    try app.actionLogCoding.codec.replay(input, app: app.name) {
      (header) throws(ActionLogError) in try checkApp(of: header, path: input.path)
    }
  }

  /// Refuses a log whose header's `app` setting names another app than this one (by its first
  /// word: a log of any version of the app replays, and is checked field by field), with one
  /// message naming both. A header without the setting passes.
  package func checkApp(of header: ActionLogHeader, path: String) throws(ActionLogError) {
    guard let writer = header.setting("app"),
      let writerName = writer.split(separator: " ").first, writerName != app.name
    else { return }
    throw ActionLogError(
      .badLog, file: path, line: 1,
      "the log was written by \(writer), not by \(app.nameAndVersion) (its header's \"app\"); "
        + "replay it with \(writerName)'s own console: \(writerName) replay \(path)")
  }

  /// `--trace`: prints each action (that `filter` shows), with its cause when the log has
  /// them, then the screens it changed since the last action shown.
  private func trace(from start: State, to console: any Console, filter: ActionFilter)
    -> (LoggedStep<State, Action>) -> Void
  {
    var shown = ShownScreens(app, start)
    return { step in
      let changed = shown.changes(to: step.state)
      guard filter.shows(name: ActionFilter.name(ofText: step.summary)) else { return }
      // The cause column, in a log that records causes: `line 3`, `of 12` (see `:history`).
      let cause = step.cause.map { " " + CauseColumn.text($0) } ?? ""
      console.output("#\(step.seq) \(step.origin.rawValue)\(cause) \(step.summary)")
      for line in changed { console.screen(line) }
    }
  }

  private func warnings(_ result: ActionLogReplayResult<State>, _ request: ReplayRequest)
    -> [String]
  {
    var warnings: [String] = []
    if let torn = result.tornLine {
      warnings.append(
        "\(request.path):\(torn): the last line is cut off (the recording was interrupted); "
          + "replayed the \(counted(result.actions, "action")) before it")
    }
    if let until = request.until, result.lastSeq < until {
      warnings.append(
        "\(request.path): the log ends at seq \(result.lastSeq), before --until \(until)")
    }
    return warnings
  }
}

/// The screens last printed, so that a trace prints only those an action changed.
///
/// ```swift
/// var shown = ShownScreens(app, start)
/// for line in shown.changes(to: next) { console.screen(line) }
/// ```
package struct ShownScreens<App: ConsoleApp> {
  private let app: App
  private var screens: [ConsoleScreen]
  /// For an app without screens: the state last shown, and the walk that finds what changed.
  private var state: App.State
  private var walk = StateScreens.walk()

  package init(_ app: App, _ state: App.State) {
    self.app = app
    self.state = state
    screens = app.screens(of: state)
  }

  /// The screens of `state` that differ from those shown, which `state`'s then become; for an
  /// app without screens, the paths of the state that changed.
  package mutating func changes(to state: App.State) -> [ConsoleScreen] {
    defer { self.state = state }
    if screens.isEmpty { return StateScreens.changes(from: self.state, to: state, walk: &walk) }
    let next = app.screens(of: state)
    defer { screens = next }
    return zip(next, screens).filter { $0 != $1 }.map(\.0)
  }
}
