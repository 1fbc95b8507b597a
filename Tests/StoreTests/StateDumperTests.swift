import Foundation
import TestSupport
import Testing

@testable import Store

@Suite("A memoised dump of one state after another")
struct StateDumperTests {
  struct Pet: Equatable {
    var name: String
    var tags: [String]
    var born: Date?
  }
  enum Mood: Equatable { case calm, busy(Int), away(until: Date, note: String) }
  /// Not `Equatable`: its parts are compared one by one.
  struct Shelter {
    var pets: [Pet]
    var mood: Mood
    var detail: Pet?
    var counts: [String: Int]
    var pair: (Int, label: String)
    var nested: [[Pet]]
  }

  /// A deterministic generator: a 64-bit LCG.
  struct Seeded {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  static func pet(_ random: inout Seeded) -> Pet {
    Pet(
      name: ["rex", "bo", "mia"][random.next(3)] + "\(random.next(5))",
      tags: (0..<random.next(4)).map { "t\($0)" },
      born: random.next(2) == 0 ? nil : Date(timeIntervalSince1970: Double(random.next(1_000))))
  }

  /// One random change of the kinds an action makes: add, insert, remove, edit, replace.
  static func change(_ shelter: inout Shelter, _ random: inout Seeded) {
    switch random.next(9) {
    case 0: shelter.pets.append(pet(&random))
    case 1: shelter.pets.insert(pet(&random), at: random.next(shelter.pets.count + 1))
    case 2: if !shelter.pets.isEmpty { shelter.pets.remove(at: random.next(shelter.pets.count)) }
    case 3:
      if !shelter.pets.isEmpty { shelter.pets[random.next(shelter.pets.count)].tags.append("new") }
    case 4:
      shelter.mood =
        [.calm, .busy(random.next(3)), .away(until: .distantPast, note: "x")][
          random.next(3)]
    case 5: shelter.detail = random.next(2) == 0 ? nil : pet(&random)
    case 6: shelter.counts["k\(random.next(4))", default: 0] += 1
    case 7: shelter.pair.0 += 1
    default:
      if shelter.nested.isEmpty || random.next(2) == 0 {
        shelter.nested.append([pet(&random)])
      } else {
        shelter.nested[random.next(shelter.nested.count)].append(pet(&random))
      }
    }
  }

  @Test("every state dumps to exactly dumpLines' lines, over 600 random changes")
  func sameLinesAsDumpLines() async {
    await onThreadOfItsOwn {
      var random = Seeded(state: 7)
      var shelter = Shelter(
        pets: [], mood: .calm, detail: nil, counts: [:], pair: (0, label: "p"), nested: [])
      var dumper = StateDumper()
      for step in 0..<600 {
        Self.change(&shelter, &random)
        let lines = dumper.lines(of: shelter)
        #expect(lines == dumpLines(shelter), "step \(step)")
        if lines != dumpLines(shelter) { return }
      }
    }
  }

  @Test(
    "each change prints exactly lineDiff's table of the two dumps, folded or not",
    arguments: [(seed: UInt64(3), context: 3), (seed: 11, context: 0), (seed: 5, context: 1)])
  func sameTableAsLineDiff(seed: UInt64, context: Int) async {
    await onThreadOfItsOwn {
      var random = Seeded(state: seed)
      var shelter = Shelter(
        pets: [], mood: .calm, detail: nil, counts: [:], pair: (0, label: "p"), nested: [])
      var dumper = StateDumper()
      for step in 0..<300 {
        let before = shelter
        Self.change(&shelter, &random)
        let expected = lineDiff(
          expected: dumpLines(before), actual: dumpLines(shelter), context: context,
          maxChanges: 40)
        let table = dumper.changes(from: before, to: shelter, context: context, maxChanges: 40)
        #expect(table == expected, "step \(step)")
        if table != expected { return }
      }
    }
  }

  @Test("lists of lines that repeat are diffed as lineDiff diffs them")
  func repeatedLines() {
    var random = Seeded(state: 1)
    var rows = [[Int]](repeating: [0, 0], count: 40)
    var dumper = StateDumper()
    for step in 0..<200 {
      let before = rows
      let index = random.next(rows.count)
      switch random.next(3) {
      case 0: rows.insert([random.next(2), 0], at: index)
      case 1: rows.remove(at: index)
      default: rows[index] = [random.next(2), random.next(2)]
      }
      let expected = lineDiff(expected: dumpLines(before), actual: dumpLines(rows))
      #expect(dumper.changes(from: before, to: rows) == expected, "step \(step)")
    }
  }

  /// How many parts the dump of the state after one more pet walks with `Mirror`.
  static func reflectedAfterAdopting(into count: Int) -> (reflected: Int, lines: Int) {
    var pets = (0..<count).map { Pet(name: "pet \($0)", tags: ["a"], born: nil) }
    var dumper = StateDumper()
    let before = pets
    _ = dumper.lines(of: pets)
    pets.insert(Pet(name: "new", tags: [], born: nil), at: count / 2)
    let table = dumper.changes(from: before, to: pets)
    #expect(table == lineDiff(expected: dumpLines(before), actual: dumpLines(pets)))
    return (dumper.reflected, dumpLines(pets).count)
  }

  @Test("one pet added among 10,000 walks as many parts with Mirror as among 100")
  func mirrorWorkFollowsTheChange() async {
    await onThreadOfItsOwn {
      let small = Self.reflectedAfterAdopting(into: 100)
      let large = Self.reflectedAfterAdopting(into: 10_000)
      #expect(large.lines > 90 * small.lines)
      // The list, the new pet and its two fields that are not one-line leaves (tags, born): every
      // other pet's lines are copied.
      #expect(small.reflected == 4)
      #expect(large.reflected == 4)
    }
  }

  @Test("an unchanged state is copied whole, and a first dump walks everything")
  func unchangedIsCopied() {
    let pets = (0..<100).map { Pet(name: "p\($0)", tags: [], born: nil) }
    var dumper = StateDumper()
    _ = dumper.lines(of: pets)
    #expect(dumper.reflected == 301)  // the list, and each pet with its tags and birthday
    #expect(dumper.lines(of: pets) == dumpLines(pets))
    #expect(dumper.reflected == 0)
  }

  /// Counts how often `==` compares it: the probe of how many times a state is compared whole.
  final class Comparisons {
    var count = 0
  }
  struct Probe: Equatable {
    let comparisons: Comparisons
    var value = 0
    static func == (left: Probe, right: Probe) -> Bool {
      left.comparisons.count += 1
      return left.value == right.value
    }
  }
  struct Probed: Equatable {
    var probe: Probe
    var count = 0
  }

  @Test("a state the caller found changed is not compared whole again; its parts still are")
  func changedIsNotComparedAgain() {
    let comparisons = Comparisons()
    let before = Probed(probe: Probe(comparisons: comparisons))
    var after = before
    after.count = 1
    for changed in [false, true] {
      var dumper = StateDumper()
      _ = dumper.lines(of: before)
      comparisons.count = 0
      let table = dumper.changes(from: before, to: after, changed: changed)
      // (The counter, a class, dumps with its count: the table is checked by its change.)
      #expect(table.contains("\u{2212}   count: 0\n+   count: 1"), "\(table)")
      // The probe's own part once; and once more inside the whole state's `==`, unless known.
      #expect(comparisons.count == (changed ? 1 : 2), "changed: \(changed)")
    }
  }
}
