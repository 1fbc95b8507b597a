/// Declares a dependency once: its type, the value an app uses, and the value a test uses.
///
/// Declare a key, then a computed property on ``DependencyValues`` so that reducers and effects
/// can name it with ``Dependency`` and tests can override it:
///
/// ```swift
/// struct TimeClientKey: DependencyKey {
///   static let liveValue = TimeClient.system
///   static let testValue = TimeClient.unimplemented
/// }
///
/// extension DependencyValues {
///   var time: TimeClient {
///     get { self[TimeClientKey.self] }
///     set { self[TimeClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// A store uses ``liveValue`` unless it is overridden; a ``TestStore`` uses ``testValue``. A key
/// that gives no `testValue` gets the default one, which fails the test that reads it, naming
/// the dependency and the `@Dependency` that read it, and then answers with ``liveValue``.
/// Make `liveValue` and `testValue` stored (`static let`): a computed one is built again on
/// every read that no override answers.
public protocol DependencyKey {
  /// The dependency's type: usually a struct of `@Sendable` closures (a client), or a protocol
  /// existential such as `any Clock<Duration>`.
  associatedtype Value: Sendable

  /// What a running app uses when no store or `withDependencies` overrides it.
  ///
  /// ```swift
  /// static let liveValue = TimeClient.system
  /// ```
  static var liveValue: Value { get }

  /// What a ``TestStore`` uses when the test does not override it: a value that fails the test
  /// when called, naming itself, so that a test states every dependency it relies on.
  ///
  /// ```swift
  /// static let testValue = TimeClient.unimplemented
  /// ```
  static var testValue: Value { get }
}

extension DependencyKey {
  /// The default test value: reading it in a test fails that test, naming the dependency and
  /// the `@Dependency` that read it, and answers ``liveValue``.
  ///
  /// ```swift
  /// struct UUIDKey: DependencyKey { static let liveValue = UUIDGenerator.random }   // no testValue
  /// ```
  public static var testValue: Value {
    DependencyRead.reportMissingTestValue(of: Self.self)
    return liveValue
  }

  /// swift-dependencies' value for previews: here ``liveValue``, so that a key written for
  /// swift-dependencies compiles and reads the same. Nothing in Uniflow reads it (there is no
  /// preview context); a key may still declare its own.
  ///
  /// ```swift
  /// enum CountKey: DependencyKey { static let liveValue = 42 }
  /// CountKey.previewValue   // 42
  /// ```
  public static var previewValue: Value { liveValue }
}
