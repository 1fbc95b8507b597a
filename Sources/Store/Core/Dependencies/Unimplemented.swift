/// Reports that a test called a dependency it never provided, and returns the error to throw.
///
/// Dependency interfaces use it to build their test placeholders, so that a forgotten dependency
/// fails the test loudly and by name instead of quietly doing something:
///
/// ```swift
/// extension TimeClient {
///   static let unimplemented = TimeClient { throw unimplementedDependency("TimeClient.now") }
/// }
/// ```
///
/// The failure is reported at the `.run` of the effect that made the call, when the call is made
/// by an effect (the test knows no closer line: a client's closure cannot see its caller), and
/// otherwise at `fileID`/`line`.
///
/// Outside a test (no ``TestContext/current`` reporter) the message goes nowhere, but the returned
/// error still reaches the effect, which turns it into a failure the screen shows. An app never
/// meets a test value unless it installs one itself: stores use each key's `liveValue`, and only
/// a ``TestStore`` (which sets the test context) uses `testValue`.
public func unimplementedDependency(
  _ name: String, fileID: String = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> UnimplementedDependency {
  let error = UnimplementedDependency(name: name)
  guard let report = TestContext.current else { return error }
  let site =
    EffectActivity.current?.site
    ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  report(site.failure(error.description))
  return error
}

/// The error a placeholder dependency throws when called.
///
/// ```swift
/// #expect(throws: UnimplementedDependency(name: "TimeClient.now")) { try await time.now() }
/// ```
public struct UnimplementedDependency: Error, Sendable, Equatable, CustomStringConvertible {
  /// The dependency's name, e.g. `TimeClient.now`.
  ///
  /// ```swift
  /// error.name   // "TimeClient.now"
  /// ```
  public let name: String

  /// What happened and how to fix it.
  ///
  /// ```swift
  /// print(error)   // Unimplemented dependency 'TimeClient.now' was called. To fix, …
  /// ```
  public var description: String {
    "Unimplemented dependency '\(name)' was called. To fix, override it for this test: "
      + "`TestStore(…, withDependencies: { \(override) })`, or `withDependencies { … } "
      + "operation: { … }` around the code that calls it."
  }

  /// The override that fixes it: the key's own when the name is a key path
  /// (`\.continuousClock.sleep`), with the value a test usually gives the built-in ones.
  private var override: String {
    guard name.hasPrefix("\\.") else { return "$0… = …" }
    let key = name.dropFirst(2).prefix { $0 != "." }
    switch key {
    case "continuousClock": return "$0.continuousClock = TestClock()"
    case "date": return "$0.date.now = Date(…)"
    case "uuid": return "$0.uuid = .incrementing"
    default: return "$0.\(key) = …"
    }
  }
}
