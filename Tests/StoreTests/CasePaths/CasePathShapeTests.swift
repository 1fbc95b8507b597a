import Dispatch
import Store
import Testing

enum Shapes: Equatable, Sendable {
  case single(Int)
  case loaded(id: Int, name: String)
  case tapped
  case other(Int)
  case labelled(value: String)
  case maybe(Int?)
  case inner(Inner)
  indirect case nested(Shapes)
  case triple(Int, Int, Int)

  enum Inner: Equatable, Sendable { case a, b(String) }
}

enum Box<Element: Sendable & Equatable>: Equatable, Sendable {
  case full(Element)
  case empty
}

@Suite("A case named once by its constructor")
struct CasePathShapeTests {
  @Test("a single value is extracted from its case and not from another")
  func singleValue() {
    let single = ActionCase(Shapes.single)
    #expect(single.extract(from: .single(3)) == 3)
    #expect(single.extract(from: .tapped) == nil)
    #expect(single.extract(from: .loaded(id: 1, name: "a")) == nil)
    #expect(single.embed(4) == .single(4))
  }

  @Test("two cases with the same payload type tell each other apart, before and after learning")
  func samePayloadType() {
    let single = ActionCase(Shapes.single)
    let other = ActionCase(Shapes.other)
    // The first value seen is of the other case: the path learns its own tag from it.
    #expect(single.extract(from: .other(1)) == nil)
    #expect(single.extract(from: .single(2)) == 2)
    #expect(single.extract(from: .other(3)) == nil)
    #expect(other.extract(from: .other(5)) == 5)
    #expect(other.extract(from: .single(5)) == nil)
  }

  @Test("a labelled tuple comes out as a labelled tuple")
  func labelledTuple() {
    let loaded = ActionCase(Shapes.loaded)
    let value = loaded.extract(from: .loaded(id: 7, name: "seven"))
    #expect(value?.0 == 7)
    #expect(value?.1 == "seven")
    #expect(loaded.extract(from: .single(7)) == nil)
    #expect(loaded.embed((8, "eight")) == .loaded(id: 8, name: "eight"))
  }

  @Test("three values come out as a tuple of three")
  func threeValues() {
    let triple = ActionCase(Shapes.triple)
    let value = triple.extract(from: .triple(1, 2, 3))
    #expect(value.map { [$0.0, $0.1, $0.2] } == [1, 2, 3])
    #expect(triple.embed((4, 5, 6)) == .triple(4, 5, 6))
  }

  @Test("a single labelled value comes out as the value itself")
  func singleLabelledValue() {
    let labelled = ActionCase(Shapes.labelled)
    #expect(labelled.extract(from: .labelled(value: "x")) == "x")
    #expect(labelled.extract(from: .tapped) == nil)
  }

  @Test("a case without payload is matched by its tag alone")
  func noPayload() {
    let tapped = ActionCase(Shapes.tapped)
    #expect(tapped.extract(from: .tapped) != nil)
    #expect(tapped.extract(from: .single(0)) == nil)
    #expect(tapped.embed(()) == .tapped)
  }

  @Test("an optional payload keeps nil apart from another case")
  func optionalPayload() {
    let maybe = ActionCase(Shapes.maybe)
    #expect(maybe.extract(from: .maybe(nil)) == .some(nil))
    #expect(maybe.extract(from: .maybe(4)) == .some(4))
    // `Int` casts to `Int?`: only the re-embedded tag tells `.single` apart.
    #expect(maybe.extract(from: .single(4)) == nil)
    #expect(maybe.extract(from: .maybe(5)) == .some(5))
    #expect(maybe.extract(from: .single(4)) == nil)
  }

  @Test("an enum payload comes out whole, whichever of its cases it is")
  func enumPayload() {
    let inner = ActionCase(Shapes.inner)
    #expect(inner.extract(from: .inner(.a)) == .a)
    #expect(inner.extract(from: .inner(.b("b"))) == .b("b"))
    #expect(inner.extract(from: .tapped) == nil)
  }

  @Test("an indirect case is extracted like any other")
  func indirectCase() {
    let nested = ActionCase(Shapes.nested)
    #expect(nested.extract(from: .nested(.nested(.tapped))) == .nested(.tapped))
    #expect(nested.extract(from: .single(1)) == nil)
    #expect(nested.appending(nested).extract(from: .nested(.nested(.single(1)))) == .single(1))
  }

  @Test("a generic enum's cases work for each of its specialisations")
  func genericEnum() {
    let full = ActionCase(Box<String>.full)
    #expect(full.extract(from: .full("x")) == "x")
    #expect(full.extract(from: .empty) == nil)
    let fullOfBoxes = ActionCase(Box<Box<Int>>.full)
    #expect(fullOfBoxes.extract(from: .full(.empty)) == .empty)
    let empty = ActionCase(Box<Int>.empty)
    #expect(empty.extract(from: .empty) != nil)
    #expect(empty.extract(from: .full(1)) == nil)
  }

  @Test("one case shared by threads, none of which taught it, extracts right on each")
  func sharedAcrossThreads() {
    let single = ActionCase(Shapes.single)
    let counts = Locked([Int](repeating: 0, count: 4))
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      var matched = 0
      for index in 0..<1000 {
        let action: Shapes = index.isMultiple(of: 2) ? .single(index) : .other(index)
        if single.extract(from: action) == index { matched += 1 }
      }
      counts.withLock { $0[thread] = matched }
    }
    #expect(counts.value == [500, 500, 500, 500])
  }

  @Test("Optional's own cases can be named")
  func optionalRoot() {
    let some = ActionCase(Optional<Int>.some)
    #expect(some.extract(from: 3) == 3)
    #expect(some.extract(from: nil) == nil)
  }

  @Test("copies of a case share what it learned, and 10,000 actions route exactly")
  func hundredTimes() {
    // 100× the 100 actions of a normal test: the count of matches is exact.
    let single = ActionCase(Shapes.single)
    let copy = single
    var matched = 0
    var total = 0
    for index in 0..<10_000 {
      let action: Shapes =
        index % 3 == 0 ? .single(index) : (index % 3 == 1 ? .other(index) : .tapped)
      if let value = (index.isMultiple(of: 2) ? single : copy).extract(from: action) {
        matched += 1
        total += value
      }
    }
    #expect(matched == 3334)
    #expect(total == (0..<10_000).filter { $0 % 3 == 0 }.reduce(0, +))
  }
}
