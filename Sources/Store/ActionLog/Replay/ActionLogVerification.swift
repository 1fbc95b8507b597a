/// The outcome of comparing a replay with the states the log recorded.
///
/// ```swift
/// switch try replayer.run(verify: true, reduce: reduce).verification {
/// case .agreed(let checkpoint?, _, _): print("verified up to the checkpoint at \(checkpoint)")
/// case .agreed(nil, _, _): print("no checkpoint to compare the final state with")
/// case .diverged(let divergence): print(divergence.field)
/// case nil: break
/// }
/// ```
public enum ActionLogVerification: Equatable, Sendable {
  /// Every snapshot read agreed, and the checkpoint too if `checkpointSeq` is not nil; so did
  /// the state after each of `fingerprints` actions whose lines carry a state fingerprint.
  case agreed(checkpointSeq: Int?, snapshots: Int, fingerprints: Int)
  /// The first recorded state the replay did not reproduce.
  case diverged(ActionLogDivergence)
}

/// Where a replay parted from its recording.
///
/// ```swift
/// if case .diverged(let divergence) = result.verification {
///   print(divergence.field, divergence.replayed, divergence.logged)   // clock.dayOffset 3 4
///   print(divergence.partedSeq ?? divergence.seq)                      // 6: action 6 parted them
/// }
/// ```
///
/// The states agreed after action ``lastAgreedSeq`` (0: the starting state) and differ at the
/// snapshot or checkpoint after action ``seq``. When the log's action lines carry state
/// fingerprints, ``partedSeq`` is the first action whose recorded state the replay did not
/// reproduce; without them it is one of `lastAgreedSeq + 1 … seq`, a span snapshots every 64
/// actions keep short.
public struct ActionLogDivergence: Equatable, Sendable {
  /// The seq of the snapshot or checkpoint that differs (of the action, for
  /// ``Evidence-swift.enum/fingerprint``).
  public let seq: Int
  /// Its line in the log, e.g. `11`.
  public let line: Int
  /// The seq of the last recorded state the replay matched, e.g. `4` (`0`: the start).
  public let lastAgreedSeq: Int
  /// The first differing field, e.g. `clock.dayOffset`.
  public let field: String
  /// Its value in the replay, e.g. `3`.
  public let replayed: String
  /// Its value in the log, e.g. `4`.
  public let logged: String
  /// The action after which the states parted, found from the fingerprints the recorder writes
  /// on every action line; nil for a log without them (then it is one of
  /// `lastAgreedSeq + 1 … seq`), or when an action without one may have parted them
  /// (``partedWithin``), e.g. `6`.
  public var partedSeq: Int? = nil
  /// The actions one of which parted the states, by the fingerprints: from the first after
  /// the last agreement to the first whose recorded fingerprint the replay does not reproduce —
  /// one action (``partedSeq``) when that one's predecessor agreed, more when actions without
  /// a fingerprint come between; nil for a log without fingerprints, e.g. `5...6`.
  ///
  /// ```swift
  /// if divergence.partedSeq == nil, let span = divergence.partedWithin { print(span) }   // 5...6
  /// ```
  public var partedWithin: ClosedRange<Int>? = nil
  /// What showed the difference: `.state` or `.fingerprint`.
  public var evidence: Evidence = .state
  /// Whether the log contradicts itself: the replay reproduced the fingerprint recorded with
  /// action ``seq`` (and every one before it), yet differs from the state the log recorded after
  /// that same action — the snapshot or checkpoint was edited or damaged, and no action parted.
  ///
  /// ```swift
  /// if divergence.contradictsFingerprint { print("the log's snapshot at \(divergence.seq) is wrong") }
  /// ```
  public var contradictsFingerprint = false

  /// What showed a divergence.
  ///
  /// ```swift
  /// divergence.evidence == .fingerprint   // only action seq's fingerprint differs
  /// ```
  public enum Evidence: Equatable, Sendable {
    /// A snapshot or the checkpoint: ``field``, ``replayed`` and ``logged`` name the first
    /// differing field and its two values.
    case state
    /// Only the fingerprint on action ``seq``'s line (no later recorded state differs, or none
    /// follows): ``replayed`` and ``logged`` are the two fingerprints, ``field`` is empty.
    case fingerprint
  }
}
