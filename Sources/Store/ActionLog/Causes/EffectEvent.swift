/// A moment in an effect's life — its start, its end or its cancellation — as a log whose
/// header has ``LogRecords/causes`` holds it, one line each:
///
/// ```json
/// {"effect":4,"start":12,"site":"Sources/Features/Search.swift:42","clock":"1.200000"}
/// {"effect":4,"end":15,"clock":"1.503027"}
/// ```
///
/// ```swift
/// let events = result.effects          // from a replay
/// let bars = events.filter { $0.kind == .start }
/// ```
public struct EffectEvent: Equatable, Hashable, Sendable {
  /// What happened to the effect.
  public enum Kind: String, Equatable, Hashable, Sendable {
    /// It started, while the action numbered ``EffectEvent/seq`` was handled.
    case start
    /// It finished on its own, after the action numbered ``EffectEvent/seq``.
    case end
    /// It was cancelled, after the action numbered ``EffectEvent/seq``.
    case cancel
  }

  /// What happened: `.start`, `.end` or `.cancel`.
  public var kind: Kind
  /// The effect's number, as an ``EffectCause`` names it.
  public var effect: Int
  /// For a start, the seq of the action that started it; for an end or a cancellation, the seq
  /// of the last action handled before it (0: before the first).
  public var seq: Int
  /// Where the effect was written (`file:line`), on its start; nil otherwise.
  public var site: String?
  /// When it happened on the app's clock, in a log that has ``LogRecords/clock``.
  public var clock: Duration?

  /// An event of effect `effect`.
  ///
  /// ```swift
  /// EffectEvent(.start, effect: 4, seq: 12, site: "Search.swift:42", clock: nil)
  /// ```
  public init(_ kind: Kind, effect: Int, seq: Int, site: String? = nil, clock: Duration? = nil) {
    self.kind = kind
    self.effect = effect
    self.seq = seq
    self.site = site
    self.clock = clock
  }
}
