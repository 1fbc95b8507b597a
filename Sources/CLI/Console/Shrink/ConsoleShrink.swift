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
/// **Bounds.** Memory: the log's actions, O(length) working memory and O(√length) states
/// (``ShrinkReplays``), whatever the number of replays. Time: each replay is at most O(length)
/// reductions — from the last state the candidate shares with the list held, so a log whose
/// every action is needed (≈ 3N replays) costs ≈ N² reductions — plus a match of
/// O(line · pattern) steps per screen line (``LinearPattern``); the search stops after
/// `--max-replays` replays, after `--timeout` seconds or at Ctrl-C, and then still writes the
/// smallest log so far.
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
      // Opened once, and read once: a log from a pipe shrinks as a file does.
      let input = try LogInput(path: request.path)
      let replayer = try ConsoleReplay(app).open(input)
      try app.replaySettings(of: replayer.header, path: replayer.path, adopt: adopt)
      let reducer = app.reducer
      var steps: [Step] = []
      _ = try replayer.run(
        until: nil, verify: false, apply: ConsoleReplay<App>.applying(reducer),
        step: { steps.append(ReplayStep($0)) })
      let start = replayer.startState
      var replays = ShrinkReplays(count: steps.count, start: start) { state, index in
        reducer.reduceDroppingEffects(into: &state, action: steps[index].action)
      }
      func matchingLine(_ state: App.State) -> String? {
        // Whole values, not cut: a symptom may be anywhere in them.
        app.displayedScreens(of: state, budget: .max)
          .first { line in
            (request.screen == nil || line.name == request.screen)
              && symptom.matches(line.rendered)
          }?
          .rendered
      }
      let all = Array(steps.indices)
      guard matchingLine(replays.finalState(of: all)) != nil else {
        let what =
          request.screen.map { "the \($0) screen the log's replay ends on does not match" }
          ?? "no screen the log's replay ends on matches"
        console.error(
          "\(app.name): \(request.path): \(what) '\(request.pattern)', so there is nothing to shrink "
            + "(\(app.name) replay \(request.path) prints those screens)")
        return 1
      }
      replays.adopt(all)
      let clock = ContinuousClock()
      let began = clock.now
      let seconds =
        elapsed ?? {
          let (whole, attoseconds) = (clock.now - began).components
          return Double(whole) + Double(attoseconds) / 1e18
        }
      var stop: EarlyStop?
      // The progress line reads the search's own clock, at the readings the search takes.
      var lastReading = 0.0
      var progress = ProgressLine(console, elapsed: { .seconds(lastReading) })
      var tried = 0
      var smallest = all.count
      defer { progress.finish() }
      let core = Interruption.catching {
        minimalSubsequence(
          of: all, maxRuns: request.maxReplays,
          stop: {
            if Interruption.requested {
              stop = .interrupted
            } else {
              lastReading = seconds()
              if lastReading >= Double(request.timeout) { stop = .timeout(request.timeout) }
            }
            return stop != nil
          }
        ) { candidate in
          tried += 1
          progress.update(
            "\(app.name): shrinking: \(counted(tried, "replay")), "
              + "\(counted(all.count, "action")) → \(counted(smallest, "action")) so far")
          // The search keeps a candidate that holds: its states are kept from then on.
          guard matchingLine(replays.finalState(of: candidate)) != nil else { return false }
          replays.adopt(candidate)
          smallest = candidate.count
          return true
        }
      }
      progress.finish()
      if stop == nil, !core.isMinimal { stop = .maxReplays(request.maxReplays) }
      let kept = core.elements.map { steps[$0] }
      try write(kept, from: start, of: replayer, input: input, to: request, reducer: reducer)
      let summary =
        "\(counted(steps.count, "action")) → \(counted(kept.count, "action")) in "
        + counted(core.runs + 1, "replay")
      console.output(TerminalText(summary))
      console.output(TerminalText(matchingLine(replays.finalState(of: core.elements)) ?? ""))
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
    of replayer: LogReplay<App.State, App.Action>, input: LogInput,
    to request: ShrinkRequest, reducer: App.Body
  ) throws(ActionLogError) {
    let recorder: LogRecording<App.State, App.Action>
    do {
      // The log being shrunk is refused as --output however its path is spelled, --force or
      // not: the file opened is compared, by device and inode, with the log that was read.
      recorder = try app.actionLogCoding.codec.recording(
        path: request.output, overwrite: request.force,
        refusing: input.identity.map { [$0] } ?? [],
        settings: replayer.header.settings, state: start, records: [])
    } catch  where error.kind == .alreadyExists {
      throw ActionLogError(
        .alreadyExists, file: request.output,
        "already exists; choose another --output or add --force to overwrite it")
    }
    // A log cut off by a failed write is no shrunk log: it goes, as a recording whose header
    // could not be written does.
    do throws(ActionLogError) {
      var state = start
      for step in steps {
        reducer.reduceDroppingEffects(into: &state, action: step.action)
        try recorder.record(step.action, origin: step.origin, state: state)
      }
      try recorder.finish(state: state)
    } catch {
      recorder.discard()
      throw error
    }
  }
}
