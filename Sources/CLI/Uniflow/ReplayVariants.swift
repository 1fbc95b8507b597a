import ActionLog
import AppLog
import Features
import Foundation
import Store

/// `uniflow replay LOG --diff` and `--skip SEQ,…`: the log's actions, read once, applied with
/// effects off — every action with the state change it made, or the session as if some actions
/// never happened.
///
/// `uniflow replay session.log --skip 2 --diff` prints the final screens without action 2, then
/// how that final state differs from the full replay's (−: full, +: without).
@MainActor
enum ReplayVariants {
  /// A logged action with where it came from and its summary as the log writes it.
  struct Step {
    let seq: Int
    let origin: ActionOrigin
    let action: AppAction
    let summary: String
  }

  /// Replays `request.path` for `--diff` or `--skip`; the exit status.
  static func run(
    _ request: ReplayRequest, _ replayer: ActionLogReplayer<AppState, AppAction>,
    console: any Console
  ) throws(ActionLogError) -> Int32 {
    let reducer = AppReducer(environment: .unimplemented)
    var steps: [Step] = []
    let full = try replayer.run(until: request.until, reduce: reducer.reduce(into:action:)) {
      steps.append(Step(seq: $0.seq, origin: $0.origin, action: $0.action, summary: $0.summary))
    }
    let missing = request.skip.filter { $0 > full.lastSeq }.sorted()
    guard missing.isEmpty else {
      let seqs = missing.map(String.init).joined(separator: ", ")
      console.error(
        "uniflow: \(request.path): --skip \(seqs): the log's actions are seq 1…\(full.lastSeq)"
          + (request.until != nil ? " (up to --until)" : ""))
      return 2
    }
    var state = replayer.startState
    for step in steps {
      if request.skip.contains(step.seq) {
        if request.trace || (request.diff && request.skip.isEmpty) {
          console.output("#\(step.seq) skipped")
        }
        continue
      }
      let before = state
      _ = reducer.reduce(into: &state, action: step.action)
      if request.diff, request.skip.isEmpty {
        console.output("#\(step.seq) \(step.origin.rawValue) \(step.summary)")
        for line in change(from: before, to: state) { console.output(TerminalText(line)) }
      } else if request.trace {
        console.output("#\(step.seq) \(step.origin.rawValue) \(step.summary)")
      }
    }
    if let file = request.emitTest {
      let name = URL(fileURLWithPath: request.path).lastPathComponent
      let source = TestEmitter(name: name, startState: replayer.startState, steps: steps).source()
      return write(source, to: file, console: console)
    }
    for line in AppView(state: state).screens { console.screen(line) }
    if request.diff, !request.skip.isEmpty {
      let skipped = request.skip.sorted().map(String.init).joined(separator: ",")
      if full.state == state {
        console.output("without seq \(skipped), the final state is the full replay's")
      } else {
        console.output("without seq \(skipped), the final state differs from the full replay's:")
        for line in change(from: full.state, to: state) { console.output(TerminalText(line)) }
      }
    }
    return 0
  }

  /// Writes an emitted test to `file`, or to standard output when `file` is empty. A file that
  /// exists is replaced only when it was emitted too (its first lines say so).
  private static func write(_ source: String, to file: String, console: any Console) -> Int32 {
    guard !file.isEmpty else {
      for line in source.dropLast().split(separator: "\n", omittingEmptySubsequences: false) {
        console.output(TerminalText(String(line)))
      }
      return 0
    }
    if let existing = try? String(contentsOfFile: file, encoding: .utf8),
      !existing.hasPrefix(String(source.prefix(while: { $0 != "`" })))
    {
      console.error(
        "uniflow: \(file) exists and was not written by --emit-test; choose another file")
      return 2
    }
    do {
      try source.write(toFile: file, atomically: true, encoding: .utf8)
      return 0
    } catch {
      console.error("uniflow: \(file): cannot write the test: \(error.localizedDescription)")
      return 2
    }
  }

  /// `before` to `after` as −/+ lines of their dumps, or `(no change)`.
  static func change(from before: AppState, to after: AppState) -> [String] {
    guard before != after else { return ["(no change)"] }
    return lineDiff(expected: dumpLines(before), actual: dumpLines(after))
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
