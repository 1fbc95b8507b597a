import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

@testable import PropertyTesting

enum Weekday: CaseIterable, Equatable, Sendable {
  case monday, tuesday, wednesday
}

@Suite("Generators of floats, text, sets, dictionaries, dates and cases")
struct GenValueTests {
  @Test("doubles stay in their range and shrink toward 0, then integers, then short fractions")
  func doubles() {
    #expect(holds(Gen.double(in: -2.5...7)) { (-2.5...7).contains($0) }.passed)
    #expect(holds(Gen.double(in: 0.1...0.2)) { (0.1...0.2).contains($0) }.passed)
    #expect(counterexample(Gen.double(in: -100...100)) { _ in false } == 0)
    #expect(counterexample(Gen.double(in: -100...100)) { $0 < 1.5 } == 2)
    #expect(counterexample(Gen.double(in: 0...1)) { $0 < 0.3 } == 1)  // integers come first
    #expect(counterexample(Gen.double(in: 0...1)) { !(0.25 < $0 && $0 < 0.5) } == 0.3)
    #expect(counterexample(Gen.double(in: 3...9)) { _ in false } == 3)
    #expect(counterexample(Gen.double(in: -9 ... -3)) { _ in false } == -3)
    #expect(counterexample(Gen.float(in: -1...1)) { !(-0.75 < $0 && $0 <= -0.5) } == -0.5)
  }

  @Test("the whole-line doubles and floats include the infinities, NaN and −0")
  func nonFinite() {
    #expect(counterexample(Gen.double) { !$0.isNaN }?.isNaN == true)
    #expect(counterexample(Gen.double) { $0 != .infinity } == .infinity)
    #expect(counterexample(Gen.double) { $0 != -.infinity } == -.infinity)
    #expect(counterexample(Gen.double) { !($0 == 0 && $0.sign == .minus) }?.sign == .minus)
    #expect(counterexample(Gen.float) { $0.isFinite } == .infinity)
    #expect(holds(Gen.double(in: -1...1)) { $0.isFinite }.passed)
  }

  @Test("characters cover Unicode in a simplest-first order; the ASCII option stays in ASCII")
  func characters() {
    #expect(counterexample(Gen.character) { _ in false } == "a")
    #expect(counterexample(Gen.character) { !$0.isUppercase } == "A")
    #expect(counterexample(Gen.character) { !$0.isNumber } == "0")
    #expect(counterexample(Gen.character) { $0.unicodeScalars.first!.isASCII } == "\u{80}")
    #expect(
      counterexample(Gen.character) { $0.unicodeScalars.first!.value < 0x1_0000 } == "\u{10000}")
    #expect(holds(Gen.asciiCharacter) { $0.isASCII }.passed)
    #expect(counterexample(Gen.asciiCharacter) { $0 != "~" } == "~")
    for index in [0, 61, 62, 127, 128, 0xD7FF, 0xD800, UnicodeOrder.count - 1] as [UInt64] {
      #expect(UnicodeOrder.index(of: UnicodeOrder.scalar(at: index)) == index)
    }
  }

  @Test("strings shrink toward shorter ones of simpler characters, and sometimes repeat")
  func strings() {
    #expect(counterexample(Gen.string()) { $0.count < 3 } == "aaa")
    #expect(counterexample(Gen.string()) { !$0.contains("\n") } == "\n")
    #expect(counterexample(Gen.string(of: .asciiCharacter)) { !$0.contains("!") } == "!")
    let pair = Gen.zip(Gen.string().array(), Gen.string())
    let found = counterexample(pair) { list, text in !(list.contains(text) && text.count >= 2) }
    #expect(found.map { [$0.0, [$0.1]] } == [["aa"], ["aa"]])
  }

  @Test("sets and unique arrays hold different values and shrink to the simplest ones")
  func uniqueCollections() {
    #expect(holds(Gen.int(in: 0...20).uniqueArray()) { Set($0).count == $0.count }.passed)
    #expect(counterexample(Gen.int.set()) { $0.count < 3 } == [0, 1, -1])
    #expect(counterexample(Gen.int(in: 0...9).uniqueArray()) { $0.count < 3 } == [0, 1, 2])
    let byFirst = Gen.zip(Gen.int(in: 0...9), Gen.bool).uniqueArray(by: \.0)
    #expect(holds(byFirst) { Set($0.map(\.0)).count == $0.count }.passed)
    let failures = FailureLog()
    let impossible = forAll(
      Gen.bool.set(count: 3...3), .seed(1), reportFailure: failures.reporter
    ) { _ in true }
    #expect(impossible.verdict == .gaveUp)
    #expect(
      failures.messages.first?.hasPrefix(
        "Property check gave up: only 0 of 100 examples were valid after 1000 tries (rejected by "
          + "Gen.uniqueArray at PropertyTestingTests/GenValueTests.swift:") == true)
    #expect(
      failures.messages.first?.contains(
        "found only 2 different values of the 3 needed: its elements repeat too often. Widen the "
          + "element generator, or lower the minimum count.") == true)
  }

  @Test("dictionaries shrink toward fewer entries with simpler keys and values")
  func dictionaries() {
    let gen = Gen.dictionary(keys: Gen.int(in: 0...50), values: Gen.string(count: 0...3))
    #expect(holds(gen) { $0.count <= 100 }.passed)
    #expect(counterexample(gen) { _ in false } == [:])
    #expect(counterexample(gen) { $0.count < 2 } == [0: "", 1: ""])
  }

  @Test("dates stay in their range and shrink toward its start")
  func dates() {
    let start = Date(timeIntervalSince1970: 1_000_000)
    let range = start...start.addingTimeInterval(86_400)
    #expect(holds(Gen.date(in: range)) { range.contains($0) }.passed)
    #expect(counterexample(Gen.date(in: range)) { _ in false } == start)
    #expect(
      counterexample(Gen.date(in: range)) { $0 < start.addingTimeInterval(60) }
        == start.addingTimeInterval(60))
  }

  @Test("any case of a CaseIterable type, shrinking to the first declared")
  func cases() {
    #expect(counterexample(Gen<Weekday>.anyCase) { _ in false } == .monday)
    #expect(counterexample(Gen<Weekday>.anyCase) { $0 != .wednesday } == .wednesday)
  }

  @Test("an element of a large collection shrinks toward the earlier ones")
  func largeCollections() {
    let gen = Gen.element(of: 0..<1_000_000)
    #expect(counterexample(gen) { $0 < 700_000 } == 700_000)
    let reversed = Gen.element(of: Array((0..<100_000).reversed()))
    #expect(counterexample(reversed) { _ in false } == 99_999)
    #expect(counterexample(reversed) { $0 > 50_000 } == 50_000)
  }

  @Test("a oneOf of oneOfs picks among all their generators at once")
  func flattenedOneOf() {
    let nested = Gen.oneOf(.just(0), .oneOf(.just(1), .oneOf(.just(2), .just(3))))
    let seen = Set(
      (0..<200).compactMap { seed in
        counterexample(nested, seed: UInt64(seed)) { $0 != 3 }
      })
    #expect(seen == [3])
    #expect(nested.branches?.count == 4)
  }
}
