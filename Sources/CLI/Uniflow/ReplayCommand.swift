import ActionLog
import AppLog
import Features
import Foundation
import Store

/// `uniflow replay LOG`: re-applies a recorded action log with effects off — the app's own
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
enum ReplayCommand {
  /// Runs the replay `request` asks for, writing to `console`. `adoptTimeZone` makes the log's
  /// zone the process's own (the binary passes ``ProcessTimeZone/adopt(_:)``; tests do not).
  static func run(
    _ request: ReplayRequest, console: any Console,
    adoptTimeZone: (TimeZone) -> Void = { _ in }
  ) -> Int32 {
    do {
      let reducer = AppReducer()
      let variant = request.diff || !request.skip.isEmpty || request.emitTest != nil
      // A trace prints as it goes: replay the whole log once first, checking every line and
      // state as any replay does, so that a bad log prints nothing. (The variants print only
      // after their replay has read the whole log.)
      if request.trace, !variant {
        let replayer = try ActionLogReplayer<AppState, AppAction>(path: request.path)
        _ = try timeZone(of: replayer)
        _ = try replayer.run(reduce: reducer.reduce(into:action:))
      }
      let replayer = try ActionLogReplayer<AppState, AppAction>(path: request.path)
      adoptTimeZone(try timeZone(of: replayer))
      var steps: [ReplayVariants.Step] = []
      let step: ((ActionLogStep<AppState, AppAction>) -> Void)? =
        variant
        ? { steps.append(ReplayVariants.Step($0)) }
        : request.trace ? trace(from: replayer.startState, to: console) : nil
      let result = try replayer.run(
        until: request.until, verify: request.verify, reduce: reducer.reduce(into:action:),
        step: step)
      if variant, let problem = ReplayVariants.problem(request, full: result) {
        console.error("uniflow: \(problem)")
        return 2
      }
      warnings(result, request).forEach { console.error("uniflow: warning: \($0)") }
      if variant {
        let status = ReplayVariants.present(
          request, from: replayer.startState, steps: steps, full: result, console: console)
        guard status == 0 else { return status }
      } else {
        for line in AppView(state: result.state).screens { console.screen(line) }
      }
      return verdict(result, request, console: console)
    } catch {
      console.error("uniflow: \(error)")
      return 2
    }
  }

  /// `--trace`: prints each action, then the screens it changed since `start` or the action
  /// before.
  private static func trace(from start: AppState, to console: any Console)
    -> (ActionLogStep<AppState, AppAction>) -> Void
  {
    var shown = ShownScreens(start)
    return { step in
      console.output("#\(step.seq) \(step.origin.rawValue) \(step.summary)")
      for line in shown.changes(to: step.state) { console.screen(line) }
    }
  }

  static func timeZone(of replayer: ActionLogReplayer<AppState, AppAction>)
    throws(ActionLogError) -> TimeZone
  {
    guard let identifier = replayer.header.setting("timeZone") else {
      throw ActionLogError(
        .badLog, file: replayer.path, line: 1,
        "the header has no \"timeZone\" setting (the zone the session ran in)")
    }
    guard let zone = TimeZone(identifier: identifier) else {
      throw ActionLogError(
        .badLog, file: replayer.path, line: 1,
        "the header's time zone '\(identifier)' is unknown to this system's time zone database")
    }
    return zone
  }

  private static func warnings(
    _ result: ActionLogReplayResult<AppState>, _ request: ReplayRequest
  ) -> [String] {
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

  /// Reports `--verify`'s outcome; the exit status.
  private static func verdict(
    _ result: ActionLogReplayResult<AppState>, _ request: ReplayRequest, console: any Console
  ) -> Int32 {
    guard let verification = result.verification else { return 0 }
    // The messages quote the log's values and path: each goes out escaped, as one text.
    let say: (String) -> Void = { console.error(TerminalText($0)) }
    let path = request.path
    switch verification {
    case .agreed(let checkpoint?, let snapshots, let fingerprints):
      let reproduced = reproducedStates(snapshots, fingerprints, of: result.actions)
      say(
        "uniflow: verified: the replay reproduces "
          + listed(reproduced + ["its checkpoint at seq \(checkpoint)"]))
      return 0
    case .agreed(nil, let snapshots, let fingerprints):
      let reproduced = listed(reproducedStates(snapshots, fingerprints, of: result.actions))
      if let until = request.until, result.lastSeq >= until {
        say(
          "uniflow: verified: the replay reproduces \(reproduced) up to seq \(until); the "
            + "checkpoint lies beyond --until")
        return 0
      }
      if result.actions > 0, fingerprints == result.actions {
        say(
          "uniflow: verified: the replay reproduces \(reproduced); the log has no checkpoint (the "
            + "recording did not end cleanly), so the last action's fingerprint stood for it")
        return 0
      }
      say(
        "uniflow: \(path): cannot verify the final state: the log has no checkpoint (the "
          + "recording did not end cleanly) and not every action carries a state fingerprint; "
          + "\(reproduced) agree")
      return 1
    case .diverged(let divergence) where divergence.evidence == .fingerprint:
      say(
        "uniflow: \(path):\(divergence.line): the replay differs from the log after action seq "
          + "\(divergence.seq): the state's fingerprint is \(divergence.replayed) in the replay "
          + "but \(divergence.logged) in the log, and no snapshot or checkpoint after it shows "
          + "which field differs")
      return 1
    case .diverged(let divergence) where divergence.contradictsFingerprint:
      let field = divergence.field.isEmpty ? "the state" : divergence.field
      let what = divergence.seq == result.checkpointSeq ? "checkpoint" : "snapshot"
      say(
        "uniflow: \(path):\(divergence.line): the log contradicts itself at seq "
          + "\(divergence.seq): its \(what) says \(field) is \(divergence.logged), but the replay, "
          + "which reproduces the fingerprint of every action up to seq \(divergence.seq), has "
          + "\(divergence.replayed); no action parted them: the \(what) line was edited or "
          + "damaged (record the session again, or delete that line)")
      return 1
    case .diverged(let divergence):
      let first = divergence.lastAgreedSeq + 1
      let culprit =
        if let parted = divergence.partedSeq {
          "action seq \(parted) parted them (the first whose recorded state it does not reproduce)"
        } else if first >= divergence.seq {
          "action seq \(divergence.seq) parted them"
        } else {
          "one of the actions seq \(first)…\(divergence.seq) parted them"
        }
      let field = divergence.field.isEmpty ? "the state" : divergence.field
      say(
        "uniflow: \(path):\(divergence.line): the replay differs from the log at seq "
          + "\(divergence.seq): \(field) is \(divergence.replayed) in the replay but "
          + "\(divergence.logged) in the log; the states agreed at seq "
          + "\(divergence.lastAgreedSeq), so \(culprit)")
      return 1
    }
  }

  /// What `--verify` checked: ["the state after each of the log's 5 actions", "its 0
  /// snapshots"], or ["the log's 2 snapshots"] for a log without fingerprints.
  private static func reproducedStates(_ snapshots: Int, _ fingerprints: Int, of actions: Int)
    -> [String]
  {
    switch fingerprints {
    case 0: ["the log's \(counted(snapshots, "snapshot"))"]
    case actions:
      [
        actions == 1
          ? "the state after the log's 1 action"
          : "the state after each of the log's \(actions) actions",
        "its \(counted(snapshots, "snapshot"))",
      ]
    default:
      [
        "the state after \(fingerprints) of the log's \(counted(actions, "action"))",
        "its \(counted(snapshots, "snapshot"))",
      ]
    }
  }

  /// "a", "a and b", "a, b and c".
  private static func listed(_ items: [String]) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }
}

/// The process's time zone, as `TimeZone.current` reports it.
enum ProcessTimeZone {
  /// Makes `zone` the process's time zone, so that nothing can format in the replaying
  /// machine's zone rather than the recording's.
  static func adopt(_ zone: TimeZone) {
    setenv("TZ", zone.identifier, 1)
    NSTimeZone.resetSystemTimeZone()
  }
}

/// The screens last printed, so that a trace prints only those an action changed.
///
/// ```swift
/// var shown = ShownScreens(start)
/// for line in shown.changes(to: next) { console.screen(line) }
/// ```
struct ShownScreens {
  private var screens: [ScreenLine]

  init(_ state: AppState) {
    screens = AppView(state: state).screens
  }

  /// The screens of `state` that differ from those shown, which `state`'s then become.
  mutating func changes(to state: AppState) -> [ScreenLine] {
    let next = AppView(state: state).screens
    defer { screens = next }
    return zip(next, screens).filter { $0 != $1 }.map(\.0)
  }
}
