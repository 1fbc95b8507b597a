import Foundation

extension DependencyValues {
  /// Makes UUIDs: random ones in an app; in a test, a generator that fails the test when
  /// called, until the test gives one (`.incrementing`, `.constant(…)`), as swift-dependencies'
  /// `\.uuid` does.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// …
  /// state.todos.append(Todo(id: uuid(), title: title))
  /// ```
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self].read(by: DependencyRead.current?.site) }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

/// The key of ``DependencyValues/uuid``.
enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator { UUID() }
  static let testValue = UUIDGenerator.unimplemented
}

/// Makes UUIDs: the `\.uuid` dependency.
///
/// ```swift
/// let uuid = UUIDGenerator.incrementing
/// uuid()   // 00000000-0000-0000-0000-000000000000
/// uuid()   // 00000000-0000-0000-0000-000000000001
/// ```
public struct UUIDGenerator: Sendable {
  private let generator: ReadGenerator<UUID>

  /// A generator that calls `generate` for each UUID.
  ///
  /// ```swift
  /// let random = UUIDGenerator { UUID() }
  /// ```
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generator = ReadGenerator(generate)
  }

  private init(_ generator: ReadGenerator<UUID>) {
    self.generator = generator
  }

  /// A generator that always gives `uuid`.
  ///
  /// ```swift
  /// $0.uuid = .constant(UUID(0))
  /// ```
  public static func constant(_ uuid: UUID) -> UUIDGenerator {
    UUIDGenerator { uuid }
  }

  /// A generator of `UUID(0)`, `UUID(1)`, `UUID(2)`, …: each generator made by reading this
  /// property counts from zero on its own.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Todos.State(), reducer: Todos()) { $0.uuid = .incrementing }
  /// ```
  public static var incrementing: UUIDGenerator {
    let next = Locked<UInt64>(0)
    return UUIDGenerator {
      UUID(
        next.withLock { count in
          defer { count &+= 1 }
          return count
        })
    }
  }

  /// The test value: fails the running test when called (at the `@Dependency` that read it, or
  /// the `.run` calling it), naming `\.uuid`, and gives a random UUID.
  static let unimplemented = UUIDGenerator(.unimplemented("\\.uuid") { UUID() })

  /// A new UUID.
  ///
  /// ```swift
  /// let id = uuid()
  /// ```
  public func callAsFunction() -> UUID { generator() }

  func read(by site: CallSite?) -> UUIDGenerator {
    UUIDGenerator(generator.read(by: site))
  }
}

extension UUID {
  /// The UUID whose last 48 bits are `value`: `UUID(1)` is
  /// `00000000-0000-0000-0000-000000000001`, what `UUIDGenerator.incrementing` makes; for tests.
  ///
  /// ```swift
  /// #expect(store.state.todos.ids == [UUID(0), UUID(1)])
  /// ```
  public init<Value: BinaryInteger>(_ value: Value) {
    let bits = UInt64(truncatingIfNeeded: value) & 0xFFFF_FFFF_FFFF
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &bytes) { raw in
      for index in 0..<6 { raw[15 - index] = UInt8(truncatingIfNeeded: bits >> (8 * index)) }
    }
    self.init(uuid: bytes)
  }
}
