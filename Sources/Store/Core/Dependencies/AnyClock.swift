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
  /// A moment of a clock that counts from its start: an ``AnyClock`` from when it was made, a
  /// test clock (`TestClock.Instant` is this type) from its start.
  ///
  /// ```swift
  /// let start = clock.now
  /// let later = start.advanced(by: .seconds(1))
  /// start.duration(to: later)   // .seconds(1)
  /// ```
  public struct Instant: InstantProtocol, CustomStringConvertible, Sendable {
    /// The time since the clock's start.
    ///
    /// ```swift
    /// clock.now.offset   // .seconds(3) after `advance(by: .seconds(3))`
    /// ```
    public let offset: Duration

    /// The moment `offset` after the clock's start.
    ///
    /// ```swift
    /// let start = TestClock.Instant()
    /// ```
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The moment `duration` later.
    ///
    /// ```swift
    /// let later = TestClock.Instant().advanced(by: .seconds(1))
    /// ```
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The time from this moment to `other`.
    ///
    /// ```swift
    /// TestClock.Instant().duration(to: TestClock.Instant(offset: .seconds(2)))   // 2 seconds
    /// ```
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `left` comes before `right`.
    ///
    /// ```swift
    /// TestClock.Instant() < TestClock.Instant(offset: .seconds(1))   // true
    /// ```
    public static func < (left: Instant, right: Instant) -> Bool {
      left.offset < right.offset
    }

    /// `+1.5 seconds`, the offset from the clock's start.
    ///
    /// ```swift
    /// print(clock.now)
    /// ```
    public var description: String { "+\(offset)" }
  }

  private let readNow: @Sendable () -> Instant
  private let resolution: @Sendable () -> Duration
  private let sleeper: @Sendable (Instant, Duration?) async throws -> Void

  /// The clock `base`, erased: a `ContinuousClock`, a `TestClock`, or the `any Clock<Duration>`
  /// of a dependency.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// let erased = AnyClock(clock)
  /// try await erased.sleep(for: .seconds(1))
  /// ```
  public init(_ base: any Clock<Duration>) {
    self = Self.erasing(base)
  }

  /// Opens the existential (a function of its own: a file that imports Foundation does not open
  /// one for a generic initializer by itself).
  private static func erasing<Base: Clock<Duration>>(_ base: Base) -> AnyClock {
    AnyClock(wrapping: base)
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
