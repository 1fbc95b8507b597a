/// Reads a dependency where it is used: in a reducer while the store reduces, in an effect while
/// it runs (and in its child tasks).
///
/// ```swift
/// struct ClockReducer: Reducer {
///   @Dependency(\.time) var time
///
///   func reduce(into state: inout ClockState, action: ClockAction) -> Effect<ClockAction> {
///     .run { send in await send(.loaded(try await time.now())) }
///   }
/// }
/// ```
///
/// Each read looks up the values in effect at that moment: those of the store that is reducing
/// or that started the effect, which a test sets with `TestStore(…, withDependencies:)`.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable, DependencyProperty {
  @usableFromInline let keyPath: KeyPath<DependencyValues, Value> & Sendable
  @usableFromInline let site: CallSite

  /// A dependency named by its key path on ``DependencyValues``; the declaration's position is
  /// where a test is told about a dependency it read but has no test value for.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// ```
  public init(
    _ keyPath: KeyPath<DependencyValues, Value> & Sendable, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.keyPath = keyPath
    self.site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The dependency's value in effect now.
  ///
  /// ```swift
  /// let now = try await time.now()
  /// ```
  ///
  /// Inlinable, so that a read is specialised for its type where it is written: unspecialised,
  /// each read would look up generic metadata.
  @inlinable
  public var wrappedValue: Value {
    let values = DependencyValues.current
    guard values.isTesting else { return values[keyPath: keyPath] }
    return readInTest(values)
  }

  /// A read in a test: a key with no test value reports this declaration.
  @usableFromInline
  func readInTest(_ values: DependencyValues) -> Value {
    DependencyRead.$current.withValue(DependencyRead(site: site)) { values[keyPath: keyPath] }
  }
}

/// A `@Dependency` property: no part of its reducer's value. Code that writes a reducer as Swift
/// source (a property test's regression test) leaves it out, since the reducer's initialiser
/// does not take it.
package protocol DependencyProperty {}
