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
  private let generate: @Sendable (_ reader: CallSite?) -> Date
  /// The `@Dependency` that read this generator in a test, for the failure of an unset one.
  private var reader: CallSite?

  /// A generator that calls `generate` for each date.
  ///
  /// ```swift
  /// let live = DateGenerator { Date() }
  /// ```
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = { _ in generate() }
  }

  private init(reporting generate: @escaping @Sendable (_ reader: CallSite?) -> Date) {
    self.generate = generate
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
  static let unimplemented = DateGenerator(reporting: { reader in
    _ = reportUnimplemented("\\.date", reader: reader)
    return Date()
  })

  /// The date now; setting it makes this a constant generator of that date.
  ///
  /// ```swift
  /// let createdAt = date.now
  /// ```
  public var now: Date {
    get { generate(reader) }
    set { self = .constant(newValue) }
  }

  /// The date now.
  ///
  /// ```swift
  /// let createdAt = date()
  /// ```
  public func callAsFunction() -> Date { generate(reader) }

  func read(by site: CallSite?) -> DateGenerator {
    guard let site else { return self }
    var copy = self
    copy.reader = site
    return copy
  }
}

/// Reports a call of a dependency's unimplemented test value at the `.run` that made it, else at
/// the `@Dependency` that read it; returns the error to throw.
func reportUnimplemented(_ name: String, reader: CallSite?) -> UnimplementedDependency {
  guard let reader else { return unimplementedDependency(name) }
  return unimplementedDependency(
    name, fileID: reader.fileID, filePath: reader.filePath, line: reader.line,
    column: reader.column)
}
