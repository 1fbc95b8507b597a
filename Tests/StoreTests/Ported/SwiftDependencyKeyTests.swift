import Store
import StoreTesting
import TestSupport
import Testing

/// Ports of pointfreeco/swift-dependencies Tests/DependenciesTests/DependencyKeyTests.swift.
/// Each test names the test it ports.
@Suite("Ported from swift-dependencies: DependencyKeyTests")
struct SwiftDependencyKeyTests {
  /// testDependencyKeyCascading_ImplementOnlyLiveValue. Upstream checks the test value's failure
  /// only off Linux; here it is checked everywhere, in this package's wording.
  @Test("a key with only a live value answers it for previews, and for tests with a failure")
  func cascadingImplementOnlyLiveValue() {
    enum Key: DependencyKey {
      static let liveValue = 42
    }
    #expect(Key.liveValue == 42)
    #expect(Key.previewValue == 42)
    let failures = FailureLog()
    let testValue = TestContext.$current.withValue(failures.reporter) { Key.testValue }
    #expect(testValue == 42)
    #expect(
      failures.messages == [
        "The dependency Key has no test value, but a test read it, so it got its live value. To "
          + "fix, override it in this test — `TestStore(…, withDependencies: { $0… = … })` — or "
          + "give Key a `static let testValue`."
      ])
  }

  /// testDependencyKeyCascading_ValueIsSelf_ImplementOnlyLiveValue
  @Test("a key that is its own value, with only a live value, cascades the same way")
  func cascadingValueIsSelf() {
    struct Dependency: DependencyKey, Equatable {
      let value: Int
      static let liveValue = Self(value: 42)
    }
    #expect(Dependency.liveValue.value == 42)
    #expect(Dependency.previewValue.value == 42)
    let failures = FailureLog()
    let testValue = TestContext.$current.withValue(failures.reporter) { Dependency.testValue }
    #expect(testValue.value == 42)
    #expect(failures.messages.count == 1)
  }
}
