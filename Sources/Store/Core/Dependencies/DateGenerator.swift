import Foundation

extension DependencyValues {
  /// The current date: `Date()` in an app; in a test, a generator that fails the test when
  /// called, until the test gives one (`.constant(…)`), as swift-dependencies' `\.date` does.
  ///
  /// ```swift
  /// @Dependency(\.date) var date
  /// …
  /// state.createdAt = date.now
  /// ```
  ///
  /// A test sets it with `$0.date = .constant(Date(timeIntervalSince1970: 0))` or
  /// `$0.date.now = Date(timeIntervalSince1970: 0)`.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self].read(by: DependencyRead.current?.site) }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

/// The key of ``DependencyValues/date``.
enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator { Date() }
  static let testValue = DateGenerator.unimplemented
}

/// Gives the current date: the `\.date` dependency.
///
/// ```swift
/// let fixed = DateGenerator.constant(Date(timeIntervalSince1970: 1_234_567_890))
/// fixed.now   // 2009-02-13 23:31:30 +0000
/// fixed()     // the same
/// ```
public struct DateGenerator: Sendable {
  private let generator: ReadGenerator<Date>

  /// A generator that calls `generate` for each date.
  ///
  /// ```swift
  /// let live = DateGenerator { Date() }
  /// ```
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generator = ReadGenerator(generate)
  }

  private init(_ generator: ReadGenerator<Date>) {
    self.generator = generator
  }

  /// A generator that always gives `now`.
  ///
  /// ```swift
  /// $0.date = .constant(Date(timeIntervalSince1970: 0))
  /// ```
  public static func constant(_ now: Date) -> DateGenerator {
    DateGenerator { now }
  }

  /// The test value: fails the running test when called (at the `@Dependency` that read it, or
  /// the `.run` calling it), naming `\.date`, and gives the date now.
  static let unimplemented = DateGenerator(.unimplemented("\\.date") { Date() })

  /// The date now; setting it makes this a constant generator of that date.
  ///
  /// ```swift
  /// let createdAt = date.now
  /// ```
  public var now: Date {
    get { generator() }
    set { self = .constant(newValue) }
  }

  /// The date now.
  ///
  /// ```swift
  /// let createdAt = date()
  /// ```
  public func callAsFunction() -> Date { generator() }

  func read(by site: CallSite?) -> DateGenerator {
    DateGenerator(generator.read(by: site))
  }
}
