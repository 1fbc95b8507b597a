import ActionLog
import AppLog
import Features
import Foundation
import PropertyTesting
import Store

/// `uniflow shrink LOG --until REGEX --output OUT`: cuts a recorded session down to the fewest
/// actions whose replay still ends on a screen line matching REGEX — a bug report of thousands
/// of actions becomes the three that matter — and writes them as an action log that `replay`,
/// `--diff` and `--emit-test` take.
///
/// The search is ``minimalSubsequence(of:maxRuns:where:)``: the property shrinker's deletion
/// passes over the list of logged actions, each candidate replayed from the log's starting
/// state with effects off. Exit status: 0 when shrunk and written; 1 when the log's own replay
/// does not show the line; 2 for a bad log, pattern or output file.
@MainActor
enum ShrinkCommand {
  static func run(
    _ request: ShrinkRequest, console: any Console,
    adoptTimeZone: (TimeZone) -> Void = { _ in }
  ) -> Int32 {
    if request.help {
      for line in ShrinkRequest.usage.split(separator: "\n", omittingEmptySubsequences: false) {
        console.output(TerminalText(String(line)))
      }
      return 0
    }
    let symptom: Regex<AnyRegexOutput>
    do {
      symptom = try Regex(request.pattern)
    } catch {
      console.error("uniflow: --until '\(request.pattern)' is not a regular expression: \(error)")
      return 2
    }
    do {
      let replayer = try ActionLogReplayer<AppState, AppAction>(path: request.path)
      adoptTimeZone(try ReplayCommand.timeZone(of: replayer))
      let reducer = AppReducer()
      var steps: [ReplayVariants.Step] = []
      _ = try replayer.run(reduce: reducer.reduce(into:action:)) {
        steps.append(ReplayVariants.Step($0))
      }
      let start = replayer.startState
      func matchingLine(_ steps: [ReplayVariants.Step]) -> String? {
        var state = start
        for step in steps { _ = reducer.reduce(into: &state, action: step.action) }
        return AppView(state: state).screens
          .first { line in
            (request.screen == nil || line.screen == request.screen)
              && (try? symptom.firstMatch(in: line.rendered)) != nil
          }?
          .rendered
      }
      guard matchingLine(steps) != nil else {
        let what =
          request.screen.map { "the \($0) screen the log's replay ends on does not match" }
          ?? "no screen the log's replay ends on matches"
        console.error(
          "uniflow: \(request.path): \(what) '\(request.pattern)', so there is nothing to shrink "
            + "(uniflow replay \(request.path) prints those screens)")
        return 1
      }
      let core = minimalSubsequence(of: steps) { matchingLine($0) != nil }
      try write(core.elements, from: start, of: replayer, to: request, reducer: reducer)
      console.output(
        "\(steps.count) actions → \(core.elements.count) actions in \(core.runs + 1) replays")
      console.output(TerminalText(matchingLine(core.elements) ?? ""))
      return 0
    } catch {
      console.error("uniflow: \(error)")
      return 2
    }
  }

  /// Writes `steps` as a log with `replayer`'s settings and starting state, numbered anew.
  private static func write(
    _ steps: [ReplayVariants.Step], from start: AppState,
    of replayer: ActionLogReplayer<AppState, AppAction>, to request: ShrinkRequest,
    reducer: AppReducer
  ) throws(ActionLogError) {
    if FileManager.default.fileExists(atPath: request.output),
      URL(fileURLWithPath: request.output).standardizedFileURL.path
        == URL(fileURLWithPath: request.path).standardizedFileURL.path
    {
      throw ActionLogError(
        .alreadyExists, file: request.output, "is the log being shrunk; choose another --output")
    }
    let recorder: ActionLogRecorder<AppState, AppAction>
    do {
      recorder = try ActionLogRecorder(
        path: request.output, overwrite: request.force, settings: replayer.header.settings,
        state: start)
    } catch  where error.kind == .alreadyExists {
      throw ActionLogError(
        .alreadyExists, file: request.output,
        "already exists; choose another --output or add --force to overwrite it")
    }
    var state = start
    for step in steps {
      _ = reducer.reduce(into: &state, action: step.action)
      try recorder.record(step.action, origin: step.origin, state: state)
    }
    try recorder.finish(state: state)
  }
}
