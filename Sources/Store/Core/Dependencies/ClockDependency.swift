import Foundation

extension DependencyValues {
  /// The clock effects sleep on and time with: `ContinuousClock` in an app, an
  /// ``UnimplementedClock`` in a test until the test gives one (a `TestClock`).
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// …
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
  /// }
  /// ```
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }
}

/// The key of ``DependencyValues/continuousClock``.
enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static let testValue: any Clock<Duration> = UnimplementedClock(name: "\\.continuousClock")
}

/// A clock that fails the running test when something sleeps on it, naming itself: the test
/// value of ``DependencyValues/continuousClock``.
///
/// ```swift
/// let clock = UnimplementedClock(name: "\\.continuousClock")
/// try await clock.sleep(for: .seconds(1))   // fails the test, throws UnimplementedDependency
/// ```
///
/// Its ``now`` is the continuous clock's, and reading it is not a failure.
public struct UnimplementedClock: Clock, Sendable {
  /// The dependency's name in failure messages.
  ///
  /// ```swift
  /// UnimplementedClock(name: "\\.continuousClock").name   // "\\.continuousClock"
  /// ```
  public let name: String

  /// A clock named `name` that fails the test when slept on.
  ///
  /// ```swift
  /// let clock = UnimplementedClock(name: "\\.suspendingClock")
  /// ```
  public init(name: String) {
    self.name = name
  }

  /// The continuous clock's time now.
  ///
  /// ```swift
  /// let start = clock.now
  /// ```
  public var now: ContinuousClock.Instant { ContinuousClock.now }

  /// The continuous clock's resolution.
  ///
  /// ```swift
  /// clock.minimumResolution
  /// ```
  public var minimumResolution: Duration { ContinuousClock().minimumResolution }

  /// Fails the running test, naming the clock, and throws ``UnimplementedDependency``.
  ///
  /// ```swift
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
  /// ```
  public func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration? = nil)
    async throws
  {
    throw unimplementedDependency("\(name).sleep")
  }
}
