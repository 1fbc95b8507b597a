import Foundation
import Testing

@testable import Store

/// One reflective case checked against a hand-written `if case` on a set of values: every value
/// extracts the same, whichever value the case sees first, and every payload embeds and
/// extracts back to itself.
struct PayloadShapeCheck<Root, Value> {
  let make: () -> ActionCase<Root, Value>
  let handWritten: (Root) -> Value?
  let same: (Value, Value) -> Bool
  let roots: [Root]

  init(
    _ make: @escaping () -> ActionCase<Root, Value>, _ roots: [Root],
    same: @escaping (Value, Value) -> Bool, handWritten: @escaping (Root) -> Value?
  ) {
    self.make = make
    self.roots = roots
    self.same = same
    self.handWritten = handWritten
  }

  /// What differs from the hand-written extractor, one line each; empty when nothing does.
  func mismatches() -> [String] {
    var found: [String] = []
    // Each value seen first once (a fresh case each time), then all of them, twice over.
    for first in roots.indices {
      let path = make()
      for (index, root) in ([roots[first]] + roots + roots).enumerated() {
        let reflected = path.extract(from: root)
        let expected = handWritten(root)
        switch (reflected, expected) {
        case (nil, nil): continue
        case (let reflected?, let expected?) where same(reflected, expected): continue
        default:
          found.append(
            "first \(roots[first]), #\(index) \(root): \(String(describing: reflected)), "
              + "expected \(String(describing: expected))")
        }
      }
      for root in roots {
        guard let value = handWritten(root) else { continue }
        let embedded = path.embed(value)
        guard let back = path.extract(from: embedded), same(back, value),
          let byHand = handWritten(embedded), same(byHand, value)
        else {
          found.append("round trip of \(value) through \(embedded) failed")
          continue
        }
      }
    }
    return found
  }
}

extension PayloadShapeCheck where Value: Equatable {
  init(
    _ make: @escaping () -> ActionCase<Root, Value>, _ roots: [Root],
    handWritten: @escaping (Root) -> Value?
  ) {
    self.init(make, roots, same: ==, handWritten: handWritten)
  }
}

private let one = Reference(1)
private let two = Reference(2)

@Suite("Reflective case paths read every payload layout as a pattern match does")
struct CasePathLayoutTests {
  @Test("a single-payload enum: the payload case, and the cases its extra inhabitants hold")
  func singlePayload() {
    let roots: [SinglePayload] = [.value(one), .first, .second, .value(two)]
    #expect(
      PayloadShapeCheck({ ActionCase(SinglePayload.value) }, roots) {
        if case .value(let value) = $0 { value } else { nil }
      }.mismatches() == [])
    #expect(
      PayloadShapeCheck({ ActionCase(SinglePayload.second) }, roots, same: { _, _ in true }) {
        if case .second = $0 { () } else { nil }
      }.mismatches() == [])
  }

  @Test("a multi-payload enum whose tag is in its references' spare bits, every case")
  func spareBits() {
    let roots: [SpareBits] = [
      .left(one), .middle(two), .right(one), .text("text"), .nothing, .right(two), .left(two),
    ]
    let checks = [
      PayloadShapeCheck({ ActionCase(SpareBits.left) }, roots) {
        if case .left(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(SpareBits.middle) }, roots) {
        if case .middle(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(SpareBits.right) }, roots) {
        if case .right(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(SpareBits.text) }, roots.map { $0 }) {
        if case .text(let value) = $0 { value } else { nil }
      }.mismatches().map { "text: " + $0 },
    ]
    #expect(checks.flatMap { $0 } == [])
  }

  @Test("a multi-payload enum whose tag is a byte after the payloads, tuples included")
  func extraTagByte() {
    let roots: [ExtraTagByte] = [.count(-1), .ratio(0.5), .pair(3, -4), .nothing, .count(0)]
    #expect(
      PayloadShapeCheck({ ActionCase(ExtraTagByte.count) }, roots) {
        if case .count(let value) = $0 { value } else { nil }
      }.mismatches() == [])
    #expect(
      PayloadShapeCheck({ ActionCase(ExtraTagByte.ratio) }, roots) {
        if case .ratio(let value) = $0 { value } else { nil }
      }.mismatches() == [])
    #expect(
      PayloadShapeCheck({ ActionCase(ExtraTagByte.pair) }, roots, same: { $0 == $1 }) {
        if case .pair(let a, let b) = $0 { (a, b) } else { nil }
      }.mismatches() == [])
  }

  @Test("Foundation's resilient types as payloads: Date, URL, UUID, Decimal, Data")
  func resilientPayloads() throws {
    let url = try #require(URL(string: "https://example.com/a?b=c"))
    let roots: [Resilient] = [
      .date(Date(timeIntervalSince1970: 1_000)), .url(url), .uuid(UUID()),
      .decimal(Decimal(string: "12.345")!), .data(Data([1, 2, 3])), .nothing,
      .date(.distantFuture),
    ]
    let checks = [
      PayloadShapeCheck({ ActionCase(Resilient.date) }, roots) {
        if case .date(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Resilient.url) }, roots) {
        if case .url(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Resilient.uuid) }, roots) {
        if case .uuid(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Resilient.decimal) }, roots) {
        if case .decimal(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Resilient.data) }, roots) {
        if case .data(let value) = $0 { value } else { nil }
      }.mismatches(),
    ]
    #expect(checks.flatMap { $0 } == [])
  }

  @Test("existential payloads: an error, a protocol, any Sendable")
  func existentialPayloads() {
    let roots: [Existential] = [
      .error(Failure(code: 7)), .named(Person(name: "ann")), .anything(one), .nothing,
      .anything("text"),
    ]
    let checks = [
      PayloadShapeCheck(
        { ActionCase(Existential.error) }, roots, same: { ($0 as? Failure) == ($1 as? Failure) }
      ) { if case .error(let value) = $0 { value } else { nil } }.mismatches(),
      PayloadShapeCheck({ ActionCase(Existential.named) }, roots, same: { $0.name == $1.name }) {
        if case .named(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck(
        { ActionCase(Existential.anything) }, roots, same: { "\($0)" == "\($1)" }
      ) { if case .anything(let value) = $0 { value } else { nil } }.mismatches(),
    ]
    #expect(checks.flatMap { $0 } == [])
  }

  @Test("an indirect enum: boxed payloads of every alignment, a tuple, an empty payload")
  func boxedPayloads() {
    let roots: [Boxed] = [
      .leaf(1), .node(.leaf(2), .text("x")), .text("text"), .wide(SIMD4(1, 2, 3, 4)), .byte(9),
      .empty(Empty()), .nothing,
    ]
    let checks = [
      PayloadShapeCheck({ ActionCase(Boxed.leaf) }, roots) {
        if case .leaf(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Boxed.node) }, roots, same: { $0 == $1 }) {
        if case .node(let a, let b) = $0 { (a, b) } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Boxed.text) }, roots) {
        if case .text(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Boxed.wide) }, roots) {
        if case .wide(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Boxed.byte) }, roots) {
        if case .byte(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Boxed.empty) }, roots) {
        if case .empty(let value) = $0 { value } else { nil }
      }.mismatches(),
    ]
    #expect(checks.flatMap { $0 } == [])
  }

  @Test("optional, nested-enum, boxed, labelled, tuple, empty and Void payloads side by side")
  func mixedPayloads() {
    let roots: [Mixed] = [
      .optional(nil), .optional(3), .optionalReference(nil), .optionalReference(one),
      .nested(.first), .nested(.value(two)), .boxed(.optional(4)), .labelled(value: "v"),
      .tuple(id: 1, name: "n", flag: true), .empty(Empty()), .void(()), .nothing,
    ]
    let checks = [
      PayloadShapeCheck({ ActionCase(Mixed.optional) }, roots) {
        if case .optional(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Mixed.optionalReference) }, roots) {
        if case .optionalReference(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Mixed.nested) }, roots) {
        if case .nested(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Mixed.boxed) }, roots) {
        if case .boxed(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Mixed.labelled) }, roots) {
        if case .labelled(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Mixed.tuple) }, roots, same: { $0 == $1 }) {
        if case .tuple(let id, let name, let flag) = $0 { (id, name, flag) } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Mixed.empty) }, roots) {
        if case .empty(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Mixed.void) }, roots, same: { _, _ in true }) {
        if case .void = $0 { () } else { nil }
      }.mismatches(),
    ]
    #expect(checks.flatMap { $0 } == [])
  }

  @Test("a generic enum, specialised with integers, references, strings and nested generics")
  func genericEnums() {
    let ints: [Either<Int, String>] = [.left(1), .right("r"), .both(2, "b"), .neither]
    let references: [Either<Reference, Reference>] = [.left(one), .right(two), .both(one, two)]
    let nested: [Either<String, Either<Int, Date>>] = [
      .left("l"), .right(.right(Date(timeIntervalSince1970: 5))), .both("b", .left(3)),
    ]
    let empty: [Either<Empty, Int>] = [.left(Empty()), .right(1), .neither]
    let checks = [
      PayloadShapeCheck({ ActionCase(Either<Int, String>.left) }, ints) {
        if case .left(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Either<Int, String>.both) }, ints, same: { $0 == $1 }) {
        if case .both(let a, let b) = $0 { (a, b) } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(Either<Reference, Reference>.right) }, references) {
        if case .right(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck(
        { ActionCase(Either<String, Either<Int, Date>>.right) }, nested,
        same: { "\($0)" == "\($1)" }
      ) { if case .right(let value) = $0 { value } else { nil } }.mismatches(),
      PayloadShapeCheck({ ActionCase(Either<Empty, Int>.left) }, empty) {
        if case .left(let value) = $0 { value } else { nil }
      }.mismatches(),
    ]
    #expect(checks.flatMap { $0 } == [])
  }

  @Test("IdentifiedAction: its element case as a tuple, and a parent's case that carries it")
  func identifiedActions() {
    let id = UUID()
    let roots: [IdentifiedAction<UUID, Mixed>] = [
      .element(id: id, action: .optional(1)), .element(id: UUID(), action: .nothing),
    ]
    #expect(
      PayloadShapeCheck(
        { ActionCase(IdentifiedAction<UUID, Mixed>.element) }, roots, same: { $0 == $1 }
      ) { if case .element(let id, let action) = $0 { (id, action) } else { nil } }.mismatches()
        == [])
    let parents: [Either<IdentifiedAction<UUID, Mixed>, Int>] =
      roots.map { .left($0) } + [
        .right(1), .neither,
      ]
    #expect(
      PayloadShapeCheck(
        { ActionCase(Either<IdentifiedAction<UUID, Mixed>, Int>.left) }, parents,
        same: { "\($0)" == "\($1)" }
      ) { if case .left(let value) = $0 { value } else { nil } }.mismatches() == [])
  }

  @Test("two cases with the same payload type: each learns its own, whichever it sees first")
  func twins() {
    let roots: [Twins] = [.first("a"), .second("b"), .other(1), .second("c")]
    #expect(
      PayloadShapeCheck({ ActionCase(Twins.first) }, roots) {
        if case .first(let value) = $0 { value } else { nil }
      }.mismatches() == [])
    #expect(
      PayloadShapeCheck({ ActionCase(Twins.second) }, roots) {
        if case .second(let value) = $0 { value } else { nil }
      }.mismatches() == [])
  }

  @Test("Optional's own case, with a reference payload whose null is the other case")
  func optionalRoot() {
    let roots: [Reference?] = [nil, one, two]
    #expect(
      PayloadShapeCheck({ ActionCase(Optional<Reference>.some) }, roots) { $0 }.mismatches()
        == [])
  }

  @Test(
    "an enum of 132 cases: cases at tags past 32, 61 and 64 extract their own values and reject the others"
  )
  func manyCases() {
    let roots: [ManyCases] = [
      .c0(P0(value: 0)), .c31(P31(value: 31)), .c32(P32(value: 32)), .c60(P60(value: 60)),
      .c61(P61(value: 61)), .c64(P64(value: 64)), .c99(P99(value: 99)), .twinA("a"),
      .twinB("b"), .e0, .e29,
    ]
    let checks = [
      PayloadShapeCheck({ ActionCase(ManyCases.c0) }, roots) {
        if case .c0(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(ManyCases.c32) }, roots) {
        if case .c32(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(ManyCases.c61) }, roots) {
        if case .c61(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(ManyCases.c99) }, roots) {
        if case .c99(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(ManyCases.twinB) }, roots) {
        if case .twinB(let value) = $0 { value } else { nil }
      }.mismatches(),
      PayloadShapeCheck({ ActionCase(ManyCases.e29) }, roots, same: { _, _ in true }) {
        if case .e29 = $0 { () } else { nil }
      }.mismatches(),
    ]
    #expect(checks.flatMap { $0 } == [])
  }
}
