import Foundation
import Store

/// Where the clock screen gets the current time.
///
/// The Effects module provides the live ones (the system clock, an HTTP time API); tests give a
/// constant or a script.
///
/// ```swift
/// let fixed = TimeClient.constant(Date(timeIntervalSince1970: 1_795_923_912))
/// let now = try await fixed.now()
/// ```
public struct TimeClient: Sendable {
  /// The current instant. Throws when the source cannot answer.
  public var now: @Sendable () async throws -> Date

  /// A time client answering with `now`.
  public init(now: @escaping @Sendable () async throws -> Date) {
    self.now = now
  }

  /// Always answers `date`.
  public static func constant(_ date: Date) -> TimeClient {
    TimeClient { date }
  }

  /// Fails the running test, naming itself, when called.
  public static let unimplemented = TimeClient {
    throw unimplementedDependency("TimeClient.now")
  }
}

/// The key of ``DependencyValues/time``. The live value is wired by the program (the CLI gives
/// its store the system clock or an HTTP time API); until then, and in tests, it is
/// ``TimeClient/unimplemented``.
public enum TimeClientKey: DependencyKey {
  /// Unimplemented: the program gives the store the live client it chose.
  public static let liveValue = TimeClient.unimplemented
  /// Unimplemented: a test gives the store what it needs.
  public static let testValue = TimeClient.unimplemented
}

extension DependencyValues {
  /// Where the clock's `reload` gets the time.
  ///
  /// ```swift
  /// let store = TestStore(initialState: ClockState(), reducer: ClockReducer()) {
  ///   $0.time = .constant(date)
  /// }
  /// ```
  public var time: TimeClient {
    get { self[TimeClientKey.self] }
    set { self[TimeClientKey.self] = newValue }
  }
}
