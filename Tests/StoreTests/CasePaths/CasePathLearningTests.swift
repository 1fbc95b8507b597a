import Dispatch
import Foundation
import StoreTesting
import Testing

@testable import Store

/// A case's extractor with what it learns in view: ``reflectiveExtract(_:)`` with a
/// ``LearnedCase`` the test keeps.
private func observed<Root, Value>(_ embed: @escaping @Sendable (Value) -> Root) -> (
  extract: @Sendable (Root) -> Value?, learned: LearnedCase
) {
  let learned = LearnedCase(reader: EnumTagReader(Root.self)!, embed: embed)
  return (reflectiveExtract(learned), learned)
}

private func facts(_ learned: LearnedCase) -> CaseFacts? {
  let state = learned.state.load(ordering: .relaxed)
  return state >= CaseFacts.learnt ? CaseFacts(bits: state) : nil
}

@Suite("A reflective case learns once, then reads payloads straight from memory")
struct CasePathLearningTests {
  @Test("before its first value, other cases are rejected and nothing is learnt")
  func rejectsBeforeLearning() {
    let (extract, learned) = observed(Twins.second)
    for index in 0..<1_000 { #expect(extract(.other(index)) == nil) }
    #expect(facts(learned) == nil, "a value of no candidate case teaches nothing")
    #expect(extract(.first("a")) == nil)
    let learnt = facts(learned)
    #expect(learnt?.tag == 1, "the twin's value, embedded again, showed the case's own tag")
    #expect(learnt?.isReflected == false)
    #expect(extract(.second("b")) == "b")
  }

  @Test("after the first value, every case of each layout is read directly, never by Mirror")
  func learnsDirectReads() {
    let spare = observed(SpareBits.right)
    #expect(spare.extract(.right(Reference(3))) == Reference(3))
    #expect(
      facts(spare.learned).map { ($0.isReflected, $0.isBoxed) } ?? (true, true) == (false, false))
    let boxed = observed(Boxed.text)
    #expect(boxed.extract(.text("t")) == "t")
    #expect(
      facts(boxed.learned).map { ($0.isReflected, $0.isBoxed) } ?? (true, false) == (false, true))
    let tuple = observed { (value: (Int, String, Bool)) in
      Mixed.tuple(id: value.0, name: value.1, flag: value.2)
    }
    #expect(tuple.extract(.tuple(id: 1, name: "n", flag: false))?.1 == "n")
    #expect(facts(tuple.learned)?.isReflected == false, "a labelled tuple is read as unlabelled")
    let single = observed(SinglePayload.value)
    #expect(single.extract(.value(Reference(1))) == Reference(1))
    #expect(facts(single.learned)?.needsProjection == false, "a single payload is stored as it is")
  }

  @Test("a closure around another case's constructor is learnt from the first value it accepts")
  func closureAroundConstructor() {
    // No case carries an `Int` as it is: the case is learnt with Mirror and a cast.
    let (extract, learned) = observed { (value: Int) in Mixed.optional(value) }
    #expect(extract(.nothing) == nil)
    #expect(extract(.optional(4)) == 4)
    #expect(facts(learned)?.isReflected == true)
    #expect(extract(.optional(5)) == 5)
    #expect(extract(.optional(nil)) == nil)
    #expect(extract(.nested(.first)) == nil)
  }

  @Test("64 threads use one never-used case at once: each extracts exactly its own values")
  func concurrentFirstUse() {
    for round in 0..<20 {
      let path = ActionCase(Twins.second)
      let keyed = ActionCase(SpareBits.middle)
      let counts = Locked([Int](repeating: 0, count: 64))
      DispatchQueue.concurrentPerform(iterations: 64) { thread in
        var matched = 0
        for index in 0..<200 {
          let root: Twins =
            switch (index + thread + round) % 3 {
            case 0: .first("\(index)")
            case 1: .second("\(index)")
            default: .other(index)
            }
          if let value = path.extract(from: root) {
            if value == "\(index)", case .second = root { matched += 1 } else { matched -= 1_000 }
          }
          let spare: SpareBits =
            index.isMultiple(of: 2) ? .middle(Reference(index)) : .left(Reference(index))
          if let value = keyed.extract(from: spare),
            value.value != index || !index.isMultiple(of: 2)
          {
            matched -= 1_000
          }
        }
        counts.withLock { $0[thread] = matched }
      }
      let expected = (0..<64).map { thread in
        (0..<200).filter { ($0 + thread + round) % 3 == 1 }.count
      }
      #expect(counts.value == expected, "round \(round)")
    }
  }

  @Test(
    "generated values of every case: each case path agrees with a pattern match, and embeds back")
  func generatedValues() {
    let reference = Gen.int(in: 0...99).map { Reference($0) }
    let string = Gen<String>.string(count: 0...4)
    let mixed: Gen<Mixed> = Gen.oneOf(
      Gen.int(in: -5...5).map { .optional($0 == 0 ? nil : $0) },
      reference.map { .optionalReference($0.value.isMultiple(of: 3) ? nil : $0) },
      reference.map { .nested($0.value.isMultiple(of: 2) ? .value($0) : .second) },
      Gen.int(in: 0...9).map { .boxed(.optional($0)) },
      string.map { .labelled(value: $0) },
      Gen.zip(Gen.int(in: 0...9), string).map { .tuple(id: $0, name: $1, flag: $0 > 4) },
      Gen.just(.empty(Empty())), Gen.just(.void(())), Gen.just(.nothing))
    let optional = ActionCase(Mixed.optional)
    let nested = ActionCase(Mixed.nested)
    let boxed = ActionCase(Mixed.boxed)
    let labelled = ActionCase(Mixed.labelled)
    let tuple = ActionCase(Mixed.tuple)
    forAll(mixed.array(count: 1...20)) { values in
      values.allSatisfy { value in
        var agrees = true
        if case .optional(let payload) = value {
          agrees =
            agrees && optional.extract(from: value) == payload
            && optional.extract(from: optional.embed(payload)) == payload
        } else {
          agrees = agrees && optional.extract(from: value) == nil
        }
        if case .nested(let payload) = value {
          agrees = agrees && nested.extract(from: value) == payload
        } else {
          agrees = agrees && nested.extract(from: value) == nil
        }
        if case .boxed(let payload) = value {
          agrees =
            agrees && boxed.extract(from: value) == payload
            && boxed.embed(payload) == value
        } else {
          agrees = agrees && boxed.extract(from: value) == nil
        }
        if case .labelled(let payload) = value {
          agrees = agrees && labelled.extract(from: value) == payload
        } else {
          agrees = agrees && labelled.extract(from: value) == nil
        }
        if case .tuple(let id, let name, let flag) = value {
          agrees =
            agrees && tuple.extract(from: value).map { $0 == (id, name, flag) } == true
            && tuple.embed((id, name, flag)) == value
        } else {
          agrees = agrees && tuple.extract(from: value) == nil
        }
        return agrees
      }
    }
  }
}
