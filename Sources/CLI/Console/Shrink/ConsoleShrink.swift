import ActionLog
import Foundation
import PropertyTesting
import Store

/// `APP shrink LOG --until REGEX --output OUT`: cuts a recorded session down to the fewest
/// actions whose replay still ends on a screen line matching REGEX — a bug report of thousands
/// of actions becomes the three that matter — and writes them as an action log that `replay`,
/// `--diff` and `--emit-test` take.
///
/// The search is ``minimalSubsequence(of:maxRuns:stop:where:)``: the property shrinker's deletion
/// passes over the list of logged actions, each candidate replayed from the log's starting
/// state with effects off. Exit status: 0 when shrunk and written; 1 when the log's own replay
/// does not show the line; 2 for a bad log, pattern or output file.
///
/// **Bounds.** Memory: the log's actions and O(length) working memory, whatever the number of
/// replays. Time: each replay is O(length) reductions plus a match of O(line · pattern) steps
/// per screen line (``LinearPattern``); the search stops after `--max-replays` replays, after
/// `--timeout` seconds or at Ctrl-C, and then still writes the smallest log so far.
@MainActor
package struct ConsoleShrink<App: ConsoleApp> {
  package typealias Step = ReplayStep<App.Action>
  package let app: App

  package init(_ app: App) {
    self.app = app
  }

  /// Why a search stopped before it knew its result was 1-minimal.
  package enum EarlyStop: Equatable {
    case maxReplays(Int), timeout(Int), interrupted

    var reason: String {
      switch self {
      case .maxReplays(let count): "after \(count) replays (--max-replays \(count))"
      case .timeout(let seconds): "after \(seconds) s (--timeout \(seconds))"
      case .interrupted: "at Ctrl-C"
      }
    }
  }

  /// Runs `request`; `elapsed` says how many seconds have passed since the search began (a
  /// test passes its own clock).
  package func run(
    _ request: ShrinkRequest, console: any Console, adopt: Bool = false,
    elapsed: (() -> Double)? = nil
  ) -> Int32 {
    let symptom: LinearPattern
    do {
      symptom = try LinearPattern(request.pattern)
    } catch {
      console.error(
        "\(app.name): --until '\(request.pattern)' is not a regular expression shrink takes: \(error)"
      )
      return 2
    }
    do {
      let replayer = try ConsoleReplay(app).open(request.path)
      try app.replaySettings(of: replayer.header, path: replayer.path, adopt: adopt)
      let reducer = app.reducer
      var steps: [Step] = []
      _ = try replayer.run(
        until: nil, verify: false, apply: ConsoleReplay<App>.applying(reducer),
        step: { steps.append(ReplayStep($0)) })
      let start = replayer.startState
      func matchingLine(_ steps: [Step]) -> String? {
        var state = start
        for step in steps { reducer.reduceDroppingEffects(into: &state, action: step.action) }
        // Whole values, not cut: a symptom may be anywhere in them.
        return app.displayedScreens(of: state, budget: .max)
          .first { line in
            (request.screen == nil || line.name == request.screen)
              && symptom.matches(line.rendered)
          }?
          .rendered
      }
      guard matchingLine(steps) != nil else {
        let what =
          request.screen.map { "the \($0) screen the log's replay ends on does not match" }
          ?? "no screen the log's replay ends on matches"
        console.error(
          "\(app.name): \(request.path): \(what) '\(request.pattern)', so there is nothing to shrink "
            + "(\(app.name) replay \(request.path) prints those screens)")
        return 1
      }
      let clock = ContinuousClock()
      let began = clock.now
      let seconds =
        elapsed ?? {
          let (whole, attoseconds) = (clock.now - began).components
          return Double(whole) + Double(attoseconds) / 1e18
        }
      var stop: EarlyStop?
      let core = Interruption.catching {
        minimalSubsequence(
          of: steps, maxRuns: request.maxReplays,
          stop: {
            if Interruption.requested {
              stop = .interrupted
            } else if seconds() >= Double(request.timeout) {
              stop = .timeout(request.timeout)
            }
            return stop != nil
          }
        ) { matchingLine($0) != nil }
      }
      if stop == nil, !core.isMinimal { stop = .maxReplays(request.maxReplays) }
      try write(core.elements, from: start, of: replayer, to: request, reducer: reducer)
      let summary =
        "\(counted(steps.count, "action")) → \(counted(core.elements.count, "action")) in "
        + counted(core.runs + 1, "replay")
      console.output(TerminalText(summary))
      console.output(TerminalText(matchingLine(core.elements) ?? ""))
      if let stop {
        console.error(
          "\(app.name): warning: the search stopped early, \(stop.reason): \(request.output) is the "
            + "smallest log found so far and may not be 1-minimal; shrink it again to go on")
      }
      return 0
    } catch {
      console.error("\(app.name): \(error)")
      return 2
    }
  }

  /// Writes `steps` as a log with `replayer`'s settings and starting state, numbered anew.
  private func write(
    _ steps: [Step], from start: App.State,
    of replayer: LogReplay<App.State, App.Action>, to request: ShrinkRequest,
    reducer: App.Body
  ) throws(ActionLogError) {
    let recorder: LogRecording<App.State, App.Action>
    do {
      // The log being shrunk is refused as --output however its path is spelled, --force or
      // not: the files are compared by device and inode once the output is opened.
      recorder = try app.actionLogCoding.codec.recording(
        path: request.output, overwrite: request.force,
        refusing: FileIdentity(path: request.path).map { [$0] } ?? [],
        settings: replayer.header.settings, state: start, records: [])
    } catch  where error.kind == .alreadyExists {
      throw ActionLogError(
        .alreadyExists, file: request.output,
        "already exists; choose another --output or add --force to overwrite it")
    }
    var state = start
    for step in steps {
      reducer.reduceDroppingEffects(into: &state, action: step.action)
      try recorder.record(step.action, origin: step.origin, state: state)
    }
    try recorder.finish(state: state)
  }
}
