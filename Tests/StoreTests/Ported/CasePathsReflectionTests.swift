import Store
import Testing

/// Ports of pointfreeco/swift-case-paths Tests/CasePathsTests/DeprecatedTests.swift: the
/// reflective case paths of CasePaths 0.x (`/Enum.case`, `AnyCasePath(Enum.case)`), here
/// `ActionCase(Enum.case)`. Each extraction runs twice, before and after the case learned its
/// tag, as the originals do.
@Suite("Ported from swift-case-paths: reflective case paths")
struct CasePathsReflectionTests {
  /// testSimplePayload
  @Test("a single payload is extracted, before and after learning")
  func simplePayload() {
    enum Enum { case payload(Int) }
    let path = ActionCase(Enum.payload)
    for _ in 1...2 { #expect(path.extract(from: .payload(42)) == 42) }
  }

  /// testSimpleLabeledPayload
  @Test("a single labelled payload is extracted as its value")
  func simpleLabeledPayload() {
    enum Enum { case payload(label: Int) }
    let path = ActionCase(Enum.payload(label:))
    for _ in 1...2 { #expect(path.extract(from: .payload(label: 42)) == 42) }
  }

  /// testSimpleOverloadedPayload
  @Test("cases that share a base name are told apart by their labels")
  func simpleOverloadedPayload() {
    enum Enum {
      case payload(a: Int)
      case payload(b: Int)
    }
    let pathA = ActionCase(Enum.payload(a:))
    let pathB = ActionCase(Enum.payload(b:))
    for _ in 1...2 {
      #expect(pathA.extract(from: .payload(a: 42)) == 42)
      #expect(pathA.extract(from: .payload(b: 42)) == nil)
      #expect(pathB.extract(from: .payload(a: 42)) == nil)
      #expect(pathB.extract(from: .payload(b: 42)) == 42)
    }
  }

  /// testMultiPayload, testMultiLabeledPayload
  @Test("several values come out as one tuple, labelled or not")
  func multiPayload() {
    enum Enum {
      case payload(Int, String)
      case labelled(a: Int, b: String)
    }
    let path = ActionCase(Enum.payload)
    let labelled = ActionCase(Enum.labelled)
    for _ in 1...2 {
      #expect(path.extract(from: .payload(42, "Blob")).map { "\($0.0) \($0.1)" } == "42 Blob")
      #expect(
        labelled.extract(from: .labelled(a: 42, b: "Blob")).map { "\($0.0) \($0.1)" } == "42 Blob")
    }
  }

  /// testNoPayload, testVoidAnyCasePath
  @Test("cases without payload match only themselves and embed themselves")
  func noPayload() {
    enum Enum: Equatable { case a, b }
    let pathA = ActionCase(Enum.a)
    let pathB = ActionCase(Enum.b)
    for _ in 1...2 {
      #expect(pathA.extract(from: .a) != nil)
      #expect(pathB.extract(from: .b) != nil)
      #expect(pathA.extract(from: .b) == nil)
      #expect(pathB.extract(from: .a) == nil)
    }
    #expect(pathA.embed(()) == .a)
  }

  /// testZeroMemoryLayoutPayload
  @Test("payloads of no size are told apart by their cases")
  func zeroMemoryLayoutPayload() {
    struct Unit1 {}
    enum Unit2 { case unit }
    enum Enum {
      case void(Void)
      case unit1(Unit1)
      case unit2(Unit2)
    }
    let path1 = ActionCase(Enum.void)
    let path2 = ActionCase(Enum.unit1)
    let path3 = ActionCase(Enum.unit2)
    for _ in 1...2 {
      #expect(path1.extract(from: .void(())) != nil)
      #expect(path2.extract(from: .unit1(.init())) != nil)
      #expect(path3.extract(from: .unit2(.unit)) != nil)
      #expect(path1.extract(from: .unit1(.init())) == nil)
      #expect(path1.extract(from: .unit2(.unit)) == nil)
      #expect(path2.extract(from: .void(())) == nil)
      #expect(path2.extract(from: .unit2(.unit)) == nil)
      #expect(path3.extract(from: .void(())) == nil)
      #expect(path3.extract(from: .unit1(.init())) == nil)
    }
  }

  /// testUninhabitedPayload
  @Test("a case of an uninhabited payload extracts nothing from the others")
  func uninhabitedPayload() {
    enum Uninhabited {}
    enum Enum {
      case never(Never)
      case uninhabited(Uninhabited)
      case value
    }
    for _ in 1...2 {
      #expect(ActionCase(Enum.never).extract(from: .value) == nil)
      #expect(ActionCase(Enum.uninhabited).extract(from: .value) == nil)
    }
  }

  /// testRecursivePayload, testRecursive
  @Test("a recursive enum's case composes with itself")
  func recursivePayload() {
    indirect enum Enum: Equatable {
      case indirect(Enum)
      case direct
      case value(Int)
    }
    let path = ActionCase(Enum.indirect)
    for _ in 1...2 {
      #expect(path.extract(from: .indirect(.direct)) == .direct)
      #expect(path.extract(from: .indirect(.indirect(.direct))) == .indirect(.direct))
    }
    let deep = path.appending(path).appending(path).appending(ActionCase(Enum.value))
    #expect(deep.extract(from: .indirect(.indirect(.indirect(.value(42))))) == 42)
    #expect(deep.extract(from: .indirect(.indirect(.value(42)))) == nil)
  }

  /// testIndirectSimplePayload
  @Test("an indirect case and a direct one of the same payload type are told apart")
  func indirectSimplePayload() {
    enum Enum: Equatable {
      indirect case indirect(Int)
      case direct(Int)
    }
    let indirectPath = ActionCase(Enum.indirect)
    let directPath = ActionCase(Enum.direct)
    for _ in 1...2 {
      #expect(indirectPath.extract(from: .indirect(42)) == 42)
      #expect(indirectPath.extract(from: .direct(42)) == nil)
      #expect(directPath.extract(from: .indirect(42)) == nil)
      #expect(directPath.extract(from: .direct(42)) == 42)
    }
  }

  /// testIndirectCompoundPayload
  @Test("an indirect case of several values, objects among them, comes out whole")
  func indirectCompoundPayload() {
    final class Object: Sendable {}
    let object = Object()
    enum Enum {
      indirect case indirect(Int, Object?, Int, Object?)
      case direct(Int, Object?, Int, Object?)
    }
    let indirectPath = ActionCase(Enum.indirect)
    let directPath = ActionCase(Enum.direct)
    for _ in 1...2 {
      let value = indirectPath.extract(from: .indirect(42, nil, 43, object))
      #expect(value?.0 == 42 && value?.1 == nil && value?.2 == 43 && value?.3 === object)
      #expect(indirectPath.extract(from: .direct(42, nil, 43, object)) == nil)
      #expect(directPath.extract(from: .indirect(42, nil, 43, object)) == nil)
      #expect(directPath.extract(from: .direct(42, nil, 43, object))?.3 === object)
    }
  }

  /// testOptionalPayload
  @Test("an optional payload comes out as an optional, nil included")
  func optionalPayload() {
    enum Enum { case int(Int?) }
    let path = ActionCase(Enum.int)
    for _ in 1...2 {
      #expect(path.extract(from: .int(42)) == .some(.some(42)))
      #expect(path.extract(from: .int(nil)) == .some(.none))
    }
  }

  /// testAnyPayload, testProtocolPayload
  @Test("existential payloads come out with their dynamic value")
  func existentialPayloads() {
    struct Failure: Error, Equatable {}
    enum Enum {
      case any(any Sendable)
      case error(any Error)
    }
    let any = ActionCase(Enum.any)
    let error = ActionCase(Enum.error)
    for _ in 1...2 {
      #expect(any.extract(from: .any(42)) as? Int == 42)
      #expect(error.extract(from: .error(Failure())) as? Failure == Failure())
      #expect(error.extract(from: .any(42)) == nil)
    }
  }

  /// testSubclassPayload
  @Test("a payload of a class keeps its subclass")
  func subclassPayload() {
    // `@unchecked` because a class that has subclasses cannot be checked; safe: neither class has
    // stored state, so there is nothing for two threads to share.
    class Superclass: @unchecked Sendable {}
    final class Subclass: Superclass, @unchecked Sendable {}
    enum Enum {
      case superclass(Superclass)
      case subclass(Subclass)
    }
    let superclass = Superclass()
    let subclass = Subclass()
    let superclassPath = ActionCase(Enum.superclass)
    let subclassPath = ActionCase(Enum.subclass)
    for _ in 1...2 {
      #expect(superclassPath.extract(from: .superclass(superclass)) === superclass)
      #expect(superclassPath.extract(from: .superclass(subclass)) === subclass)
      #expect(subclassPath.extract(from: .subclass(subclass)) === subclass)
      #expect(subclassPath.extract(from: .superclass(subclass)) == nil)
    }
  }

  /// testEmbed, testNestedEmbed
  @Test("a case embeds, and an appended case embeds two levels deep")
  func embed() {
    enum Bar: Equatable { case baz(Int) }
    enum Foo: Equatable { case bar(Bar) }
    #expect(ActionCase(Foo.bar).embed(.baz(42)) == .bar(.baz(42)))
    #expect(ActionCase(Foo.bar).appending(ActionCase(Bar.baz)).embed(42) == .bar(.baz(42)))
  }

  /// testExtract
  @Test("extracting through composed cases filters a list")
  func extract() {
    struct Failure: Error {}
    let results: [Result<Int?, Failure>] = [.success(1), .success(nil), .failure(Failure())]
    let successSome = ActionCase(Result<Int?, Failure>.success).appending(ActionCase(Int?.some))
    #expect(results.compactMap(successSome.extract(from:)) == [1])
    enum Authentication {
      case authenticated(token: String)
      case unauthenticated
    }
    let states: [Authentication] = [.authenticated(token: "deadbeef"), .unauthenticated]
    #expect(
      states.compactMap(ActionCase(Authentication.authenticated).extract(from:)) == ["deadbeef"])
    #expect(states.compactMap(ActionCase(Authentication.unauthenticated).extract(from:)).count == 1)
    enum Two { case value(Int) }
    enum One { case two(Two) }
    enum Case {
      case one(One)
      case none
    }
    let deep = ActionCase(Case.one).appending(ActionCase(One.two)).appending(ActionCase(Two.value))
    #expect([Case.one(.two(.value(1))), .none].compactMap(deep.extract(from:)) == [1])
  }

  /// testAppending, testExample
  @Test("Result and Optional cases compose")
  func appending() {
    struct Failure: Error {}
    let success = ActionCase(Result<Int?, Failure>.success)
    #expect(success.appending(ActionCase(Int?.some)).extract(from: .success(42)) == 42)
    let failure = ActionCase(Result<String, Failure>.failure)
    #expect(failure.extract(from: .success("Blob")) == nil)
    let someSome = ActionCase(Int??.some).appending(ActionCase(Int?.some))
    #expect(someSome.extract(from: Optional(Optional(42))) == 42)
  }
}
