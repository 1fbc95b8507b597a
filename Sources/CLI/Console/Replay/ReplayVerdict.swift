import ActionLog
import Foundation

/// What `replay --verify` found, said in one line on stderr: what the replay reproduced, or
/// where it parted from the log and which action did it.
///
/// ```swift
/// ReplayVerdict(program: "uniflow").report(result, request, console: console)   // 0 or 1
/// ```
@MainActor
package struct ReplayVerdict {
  /// The program the messages begin with.
  package let program: String

  package init(program: String) {
    self.program = program
  }

  /// Reports `--verify`'s outcome; the exit status.
  package func report<State>(
    _ result: ActionLogReplayResult<State>, _ request: ReplayRequest, console: any Console
  ) -> Int32 {
    guard let verification = result.verification else { return 0 }
    // The messages quote the log's values and path: each goes out escaped, as one text.
    let say: (String) -> Void = { console.error(TerminalText($0)) }
    let path = request.path
    switch verification {
    case .agreed(let checkpoint?, let snapshots, let fingerprints):
      let reproduced = reproducedStates(snapshots, fingerprints, of: result.actions)
      say(
        "\(program): verified: the replay reproduces "
          + listed(reproduced + ["its checkpoint at seq \(checkpoint)"]))
      return 0
    case .agreed(nil, let snapshots, let fingerprints):
      let reproduced = listed(reproducedStates(snapshots, fingerprints, of: result.actions))
      if let until = request.until, result.lastSeq >= until {
        say(
          "\(program): verified: the replay reproduces \(reproduced) up to seq \(until); the "
            + "checkpoint lies beyond --until")
        return 0
      }
      if result.actions > 0, fingerprints == result.actions {
        say(
          "\(program): verified: the replay reproduces \(reproduced); the log has no checkpoint (the "
            + "recording did not end cleanly), so the last action's fingerprint stood for it")
        return 0
      }
      say(
        "\(program): \(path): cannot verify the final state: the log has no checkpoint (the "
          + "recording did not end cleanly) and not every action carries a state fingerprint; "
          + "\(reproduced) agree")
      return 1
    case .diverged(let divergence) where divergence.evidence == .fingerprint:
      let span =
        divergence.partedSeq == nil
        ? "; the states agreed at seq \(divergence.lastAgreedSeq), so \(culprit(divergence))" : ""
      say(
        "\(program): \(path):\(divergence.line): the replay differs from the log after action seq "
          + "\(divergence.seq): the state's fingerprint is \(divergence.replayed) in the replay "
          + "but \(divergence.logged) in the log\(span), and no snapshot or checkpoint after it "
          + "shows which field differs")
      return 1
    case .diverged(let divergence) where divergence.contradictsFingerprint:
      let field = divergence.field.isEmpty ? "the state" : divergence.field
      let what = divergence.seq == result.checkpointSeq ? "checkpoint" : "snapshot"
      say(
        "\(program): \(path):\(divergence.line): the log contradicts itself at seq "
          + "\(divergence.seq): its \(what) says \(field) is \(divergence.logged), but the replay, "
          + "which reproduces the fingerprint of every action up to seq \(divergence.seq), has "
          + "\(divergence.replayed); no action parted them: the \(what) line was edited or "
          + "damaged (record the session again, or delete that line)")
      return 1
    case .diverged(let divergence):
      let culprit = culprit(divergence)
      let field = divergence.field.isEmpty ? "the state" : divergence.field
      say(
        "\(program): \(path):\(divergence.line): the replay differs from the log at seq "
          + "\(divergence.seq): \(field) is \(divergence.replayed) in the replay but "
          + "\(divergence.logged) in the log; the states agreed at seq "
          + "\(divergence.lastAgreedSeq), so \(culprit)")
      return 1
    }
  }

  /// Which action parted the states: the one the fingerprints name, or the span they narrow it
  /// to when an action without a fingerprint comes first, or the span between two recorded
  /// states.
  private func culprit(_ divergence: ActionLogDivergence) -> String {
    if let parted = divergence.partedSeq {
      return
        "action seq \(parted) parted them (the first whose recorded state it does not reproduce)"
    }
    if let span = divergence.partedWithin {
      let unmarked =
        span.count == 2
        ? "seq \(span.lowerBound) carries" : "seq \(span.lowerBound)…\(span.upperBound - 1) carry"
      return "one of the actions seq \(span.lowerBound)…\(span.upperBound) parted them "
        + "(\(unmarked) no fingerprint)"
    }
    let first = divergence.lastAgreedSeq + 1
    return first >= divergence.seq
      ? "action seq \(divergence.seq) parted them"
      : "one of the actions seq \(first)…\(divergence.seq) parted them"
  }

  /// What `--verify` checked: ["the state after each of the log's 5 actions", "its 0
  /// snapshots"], or ["the log's 2 snapshots"] for a log without fingerprints.
  private func reproducedStates(_ snapshots: Int, _ fingerprints: Int, of actions: Int)
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
  private func listed(_ items: [String]) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }
}
