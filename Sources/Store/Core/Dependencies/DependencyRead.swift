/// Who is reading a dependency's test value: the `@Dependency` declaration, for failure messages.
///
/// Set only while a `@Dependency` reads its value in a test, so that a key with no test value can
/// be reported at the line that declared the `@Dependency`.
struct DependencyRead: Sendable {
  /// The `@Dependency` declaration.
  let site: CallSite

  @TaskLocal static var current: DependencyRead?

  /// Fails the running test: `Key` has no test value.
  static func reportMissingTestValue<Key: DependencyKey>(of key: Key.Type) {
    let read = current.map { " (read by the @Dependency at \($0.site.description))" } ?? ""
    let message =
      "The dependency \(key)\(read) has no test value, but a test read it, so it got its live "
      + "value. To fix, override it in this test — `TestStore(…, withDependencies: { $0… = … })` "
      + "— or give \(key) a `static let testValue`."
    let site =
      current?.site ?? CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: 1)
    TestContext.current?(site.failure(message))
  }
}
