import Foundation
import StoreTesting
import Testing

@testable import Store

/// A row of a list: the element type of these tests.
struct Item: Identifiable, Equatable, Hashable, Codable, Sendable {
  let id: Int
  var title: String
}

@Suite("IdentifiedArray")
struct IdentifiedArrayTests {
  @Test("reading, changing and removing by id keeps the order of the others")
  func byID() {
    var items: IdentifiedArrayOf<Item> = [
      Item(id: 1, title: "a"), Item(id: 2, title: "b"), Item(id: 3, title: "c"),
    ]
    items[id: 2]?.title = "B"
    #expect(items[id: 2]?.title == "B")
    #expect(items.remove(id: 1) == Item(id: 1, title: "a"))
    #expect(items.remove(id: 1) == nil)
    #expect(items.ids == [2, 3])
    #expect(items.index(id: 3) == 1)
    #expect(items[1] == Item(id: 3, title: "c"))
    items[id: 4] = Item(id: 4, title: "d")
    #expect(items.map(\.title) == ["B", "c", "d"])
  }

  @Test("changing an element by id or by offset happens in place, without copying the storage")
  func inPlace() {
    var items = IdentifiedArray(uniqueElements: (0..<100).map { Item(id: $0, title: "") })
    let storage = items.slots.withUnsafeBufferPointer { $0.baseAddress }
    items[id: 50]?.title = "fifty"
    items[7].title = "seven"
    #expect(items.slots.withUnsafeBufferPointer { $0.baseAddress } == storage)
    #expect(items[50].title == "fifty" && items[id: 7]?.title == "seven")
  }

  @Test(
    "removeLast(k) removes the last k elements and forgets their ids, as an emitted test writes it")
  func removeLastK() {
    var items = IdentifiedArray(uniqueElements: (0..<5).map { Item(id: $0, title: "\($0)") })
    items.removeLast(2)
    #expect(items.ids == [0, 1, 2])
    #expect(items[id: 3] == nil && items[id: 4] == nil)
    items.removeLast(0)
    #expect(items.count == 3)
    #expect(items.append(Item(id: 4, title: "again")).inserted)
  }

  @Test("removing every element while keeping the storage leaves an empty array that refills")
  func removeAllKeepingCapacity() {
    var items = IdentifiedArrayOf<Item>(
      uniqueElements: (0..<1_000).map { Item(id: $0, title: "\($0)") })
    items.remove(id: 500)  // a hole
    let before = items.idsVersion
    items.removeAll(keepingCapacity: true)
    #expect(items.isEmpty && items == [] && items[id: 1] == nil)
    #expect(!items.holdsEveryID(ofVersion: before))
    items.append(Item(id: 7, title: "seven"))
    items.append(Item(id: 3, title: "three"))
    #expect(items.map(\.id) == [7, 3] && items[id: 3]?.title == "three" && items.index(id: 7) == 0)
    items.removeAll(keepingCapacity: false)
    #expect(items.isEmpty)
  }

  @Test("an array that grew by one append or insert is known to hold every id it had before")
  func grownArraysHoldEveryID() {
    var items: IdentifiedArrayOf<Item> = [Item(id: 1, title: "a")]
    let before = items.idsVersion
    items.append(Item(id: 2, title: "b"))
    #expect(items.holdsEveryID(ofVersion: before))
    let appended = items.idsVersion
    items.insert(Item(id: 0, title: "z"), at: 0)
    #expect(items.holdsEveryID(ofVersion: appended))
    #expect(!items.holdsEveryID(ofVersion: before), "two changes ago: not known")
    var sibling = items
    let shared = items.idsVersion
    items.append(Item(id: 3, title: "c"))
    sibling.append(Item(id: 4, title: "d"))
    #expect(!items.holdsEveryID(ofVersion: sibling.idsVersion), "siblings grew apart")
    #expect(items.holdsEveryID(ofVersion: shared) && sibling.holdsEveryID(ofVersion: shared))
    let full = items.idsVersion
    items.remove(id: 1)
    #expect(!items.holdsEveryID(ofVersion: full))
    items.append(Item(id: 1, title: "a"))
    #expect(!items.holdsEveryID(ofVersion: full), "a removal, then an append")
    #expect(items.holdsEveryID(ofVersion: items.idsVersion))
  }

  @Test("appending an id already present changes nothing and says where the element is")
  func appendDuplicate() {
    var items: IdentifiedArrayOf<Item> = [Item(id: 1, title: "a"), Item(id: 2, title: "b")]
    let result = items.append(Item(id: 1, title: "other"))
    #expect(result.inserted == false && result.index == 0)
    #expect(items == [Item(id: 1, title: "a"), Item(id: 2, title: "b")])
  }

  @Test("offsets stay right while removals leave holes, and after the holes are compacted")
  func holes() {
    var items = IdentifiedArray(uniqueElements: (0..<10).map { Item(id: $0, title: "\($0)") })
    items.remove(id: 2)
    items.remove(id: 5)
    #expect(items.holes?.holeCount == 2)
    #expect(items.map(\.id) == [0, 1, 3, 4, 6, 7, 8, 9])
    #expect(items.indices.map { items[$0].id } == [0, 1, 3, 4, 6, 7, 8, 9])
    #expect(items.index(id: 6) == 4)
    items.append(Item(id: 10, title: "10"))
    #expect(items[8].id == 10 && items.count == 9)
    for id in [0, 1, 3, 4] { items.remove(id: id) }
    #expect(items.holes == nil, "compacted once holes outnumbered elements")
    #expect(items.map(\.id) == [6, 7, 8, 9, 10])
    #expect(items.index(id: 10) == 4)
    items.insert(Item(id: 11, title: "11"), at: 1)
    #expect(items.map(\.id) == [6, 11, 7, 8, 9, 10])
    #expect(items.removeFirst().id == 6 && items.removeLast().id == 10)
    items.sort { $0.id > $1.id }
    #expect(items.map(\.id) == [11, 9, 8, 7])
    #expect(items.index(id: 8) == 2)
  }

  @Test("100,000 elements (100× a long list): appends and removals by id stay counted right")
  func hundredTimes() {
    let size = 100_000
    var items = IdentifiedArrayOf<Item>()
    for id in 0..<size { items.append(Item(id: id, title: "")) }
    #expect(items.count == size)
    // Removing from the front is an array's worst case (O(n) each, O(n²) in all); here each
    // removal is O(log n) amortized.
    for id in stride(from: 0, to: size, by: 2) { items.remove(id: id) }
    #expect(items.count == size / 2)
    #expect(items.first?.id == 1 && items.last?.id == size - 1)
    #expect(items.index(id: 99_999) == size / 2 - 1)
    #expect(items[size / 4].id == size / 2 + 1)
    for id in stride(from: 1, to: size, by: 2) { items[id: id] = nil }
    #expect(items.isEmpty)
    #expect(items.slots.isEmpty && items.slotOfID.isEmpty)
  }

  @Test("a [Item] field can become an IdentifiedArrayOf<Item>: the JSON is byte for byte the same")
  func sameJSON() throws {
    struct Plain: Codable { var items: [Item] }
    struct Identified: Codable { var items: IdentifiedArrayOf<Item> }
    let list = [Item(id: 2, title: "b"), Item(id: 1, title: "a")]
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let plain = try encoder.encode(Plain(items: list))
    let identified = try encoder.encode(Identified(items: IdentifiedArray(uniqueElements: list)))
    #expect(plain == identified)
    #expect(try JSONDecoder().decode(Identified.self, from: plain).items.elementsEqual(list))
  }

  @Test("decoding a repeated id fails, naming the id and both offsets")
  func duplicateDecoding() {
    let json = Data(#"[{"id":1,"title":"a"},{"id":2,"title":"b"},{"id":1,"title":"c"}]"#.utf8)
    #expect {
      try JSONDecoder().decode(IdentifiedArrayOf<Item>.self, from: json)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription
        == "The id 1 appears twice, at offsets 0 and 2, and an IdentifiedArray holds one "
        + "element per id. To fix, give each element its own id, or decode a plain array and "
        + "merge the elements that share one."
    }
  }

  @Test("dumps and diffs show it as a plain list of its elements")
  func dumpsAsList() {
    let items: IdentifiedArrayOf<Item> = [Item(id: 1, title: "a")]
    #expect(dumpText(items) == dumpText([Item(id: 1, title: "a")]))
    #expect(items.description == [Item(id: 1, title: "a")].description)
  }

  @Test("a copy takes a new version when its ids change, and keeps it when only elements change")
  func versions() {
    var items: IdentifiedArrayOf<Item> = [Item(id: 1, title: "a")]
    let copy = items
    items[id: 1]?.title = "b"
    #expect(items.idsVersion == copy.idsVersion)
    items.append(Item(id: 2, title: "c"))
    #expect(items.idsVersion != copy.idsVersion)
    let read = items.idsVersion
    items.remove(id: 2)
    #expect(items.idsVersion != read)
    #expect(items.idsVersion != copy.idsVersion, "the same ids as the copy, but not its version")
    var other: IdentifiedArrayOf<Item> = [Item(id: 1, title: "a")]
    #expect(other.idsVersion != copy.idsVersion, "built the same way, apart")
    other = copy
    #expect(other.idsVersion == copy.idsVersion)
  }
}
