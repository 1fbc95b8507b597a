/// Any clock of `Duration`, as a concrete type: what a feature generic over `C: Clock` takes when
/// the clock at hand is the existential `any Clock<Duration>` of
/// ``DependencyValues/continuousClock``, which does not conform to `Clock` itself.
///
/// ```swift
/// struct Stopwatch<C: Clock<Duration>>: Reducer { let clock: C … }
///
/// @Dependency(\.continuousClock) var clock
/// let stopwatch = Stopwatch(clock: AnyClock(clock))
/// ```
///
/// Its instants count from the moment it was made; sleeping on it sleeps on the clock it wraps
/// until the same moment, so a `TestClock` (or an effect property's clock) sees every sleeper.
public struct AnyClock: Clock, Sendable {
  /// A moment of an ``AnyClock``: how long after the clock was made.
  ///
  /// ```swift
  /// let start = clock.now
  /// let later = start.advanced(by: .seconds(1))
  /// start.duration(to: later)   // .seconds(1)
  /// ```
  public struct Instant: InstantProtocol, Sendable {
    /// How long after the clock was made.
    let offset: Duration

    /// The instant `duration` later.
    ///
    /// ```swift
    /// clock.now.advanced(by: .milliseconds(300))
    /// ```
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// How long from this instant to `other`.
    ///
    /// ```swift
    /// start.duration(to: clock.now)
    /// ```
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `left` comes before `right`.
    ///
    /// ```swift
    /// start < clock.now
    /// ```
    public static func < (left: Instant, right: Instant) -> Bool {
      left.offset < right.offset
    }
  }

  private let readNow: @Sendable () -> Instant
  private let resolution: @Sendable () -> Duration
  private let sleeper: @Sendable (Instant, Duration?) async throws -> Void

  /// The clock of a dependency, `any Clock<Duration>`, erased. (A file that imports Foundation
  /// does not open the existential for the generic initializer by itself.)
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// let erased = AnyClock(clock)
  /// ```
  public init(_ base: any Clock<Duration>) {
    self = Self.erasing(base)
  }

  private static func erasing<Base: Clock<Duration>>(_ base: Base) -> AnyClock {
    AnyClock(wrapping: base)
  }

  /// The clock `base`, erased: a `ContinuousClock` or a `TestClock`.
  ///
  /// ```swift
  /// let clock = AnyClock(ContinuousClock())
  /// try await clock.sleep(for: .seconds(1))
  /// ```
  public init<Base: Clock<Duration>>(_ base: Base) {
    self.init(wrapping: base)
  }

  private init<Base: Clock<Duration>>(wrapping base: Base) {
    let start = base.now
    readNow = { Instant(offset: start.duration(to: base.now)) }
    resolution = { base.minimumResolution }
    sleeper = { deadline, tolerance in
      try await base.sleep(until: start.advanced(by: deadline.offset), tolerance: tolerance)
    }
  }

  /// The clock's time now.
  ///
  /// ```swift
  /// let start = clock.now
  /// ```
  public var now: Instant { readNow() }

  /// The wrapped clock's resolution.
  ///
  /// ```swift
  /// clock.minimumResolution
  /// ```
  public var minimumResolution: Duration { resolution() }

  /// Sleeps on the wrapped clock until `deadline`.
  ///
  /// ```swift
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
  /// ```
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleeper(deadline, tolerance)
  }
}
