/// The dependencies in effect here: a value for every ``DependencyKey``, live unless overridden.
///
/// Reducers and effects read them with ``Dependency``; stores, test stores and
/// `withDependencies(_:operation:)` override them. Add a computed property for each key so that
/// they can be named by key path:
///
/// ```swift
/// extension DependencyValues {
///   var time: TimeClient {
///     get { self[TimeClientKey.self] }
///     set { self[TimeClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// The values in effect live in a task-local: a store sets its own while it reduces and in the
/// task of every effect it starts (and so in their child tasks), so two stores never see each
/// other's overrides, nor do two tests running at once.
public struct DependencyValues: Sendable {
  /// The overrides, by key type. Values are stored as `any Sendable` and read back as the key's
  /// `Value`, which the typed subscript guarantees.
  @usableFromInline var overrides: [ObjectIdentifier: any Sendable] = [:]
  /// Whether a key with no override answers its test value (inside a ``TestStore``) rather than
  /// its live value.
  @usableFromInline package var isTesting = false
  /// Set while a value is written through a key path (``set(_:to:)``), which reads the
  /// property first: that read answers the live value without asking for the test value, so
  /// overriding a key that has none does not fail the test (as in swift-dependencies).
  @usableFromInline var isSetting = false

  /// Live values everywhere: what a program starts with.
  ///
  /// ```swift
  /// var values = DependencyValues()
  /// values.time = .constant(date)
  /// ```
  public init() {}

  /// The values in effect on this task.
  @usableFromInline @TaskLocal package static var current = DependencyValues()

  /// Runs `body` with `values` in effect: what a store does around every reduce.
  @usableFromInline
  static func withCurrent<Result>(_ values: DependencyValues, _ body: () throws -> Result)
    rethrows -> Result
  {
    try $current.withValue(values, operation: body)
  }

  /// Writes `value` at `keyPath`, whose getter Swift calls first without asking the key for a
  /// test value. What `reducer.dependency(\.key, value)` does.
  @usableFromInline
  mutating func set<Value>(_ keyPath: WritableKeyPath<DependencyValues, Value>, to value: Value) {
    isSetting = true
    self[keyPath: keyPath] = value
    isSetting = false
  }

  /// Whether these are the values a program starts with (no override, not testing): a store
  /// created under them need not set them, since they are the ambient ones.
  var isDefault: Bool { overrides.isEmpty && !isTesting }

  /// The value of `key`: its override if any, else its test value in a test and its live value
  /// otherwise.
  ///
  /// ```swift
  /// var time: TimeClient {
  ///   get { self[TimeClientKey.self] }
  ///   set { self[TimeClientKey.self] = newValue }
  /// }
  /// ```
  @inlinable
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if !overrides.isEmpty, let value = overrides[ObjectIdentifier(key)] {
        // Only the setter below stores under this key, always a `Key.Value`.
        return value as! Key.Value
      }
      return isTesting && !isSetting ? Key.testValue : Key.liveValue
    }
    set {
      overrides[ObjectIdentifier(key)] = newValue
    }
  }
}
