/// A function of no arguments that remembers which `@Dependency` read it in a test: what
/// ``DateGenerator`` and ``UUIDGenerator`` are made of, so that an unset one fails the test at
/// that line.
struct ReadGenerator<Value>: Sendable {
  private var generate: @Sendable (_ reader: CallSite?) -> Value
  /// The `@Dependency` that read this generator in a test, for the failure of an unset one.
  private var reader: CallSite?

  init(_ generate: @escaping @Sendable () -> Value) {
    self.generate = { _ in generate() }
  }

  /// The test value of the dependency `name`: fails the running test when called (at the
  /// `@Dependency` that read it, or the `.run` calling it) and gives `fallback()`.
  static func unimplemented(_ name: String, fallback: @escaping @Sendable () -> Value) -> Self {
    var generator = Self(fallback)
    generator.generate = { reader in
      _ = reportUnimplemented(name, reader: reader)
      return fallback()
    }
    return generator
  }

  func callAsFunction() -> Value { generate(reader) }

  /// This generator, remembering `site` (the `@Dependency` reading it) when there is one.
  func read(by site: CallSite?) -> Self {
    guard let site else { return self }
    var copy = self
    copy.reader = site
    return copy
  }

  /// Reports a call of a dependency's unimplemented test value at the `.run` that made it, else
  /// at the `@Dependency` that read it; returns the error to throw.
  private static func reportUnimplemented(_ name: String, reader: CallSite?)
    -> UnimplementedDependency
  {
    guard let reader else { return unimplementedDependency(name) }
    return unimplementedDependency(
      name, fileID: reader.fileID, filePath: reader.filePath, line: reader.line,
      column: reader.column)
  }
}
