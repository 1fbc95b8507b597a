import StoreTesting
import Testing

@testable import Store

/// A row whose id can change in place, for the `_modify` path of the offset subscript.
private struct Renamable: Identifiable, Equatable, Sendable {
  var id: Int
  var title = ""
}

@Suite("IdentifiedArray: an element put at an offset")
struct IdentifiedArrayReplaceTests {
  @Test("an element with the same id put at an offset changes it, and no id changes")
  func sameID() {
    var items: IdentifiedArrayOf<Item> = [Item(id: 1, title: "a"), Item(id: 2, title: "b")]
    let version = items.idsVersion
    items[1] = Item(id: 2, title: "B")
    #expect(items.map(\.title) == ["a", "B"])
    #expect(items.idsVersion == version)
  }

  @Test(
    "an element with a new id replaces the one there: the old id is gone, the ids version moves")
  func newID() {
    var items: IdentifiedArrayOf<Item> = [
      Item(id: 1, title: "a"), Item(id: 2, title: "b"), Item(id: 3, title: "c"),
    ]
    let version = items.idsVersion
    items[0] = Item(id: 9, title: "z")
    #expect(items.ids == [9, 2, 3])
    #expect(items[id: 1] == nil)
    #expect(items.index(id: 9) == 0)
    // One id went: `forEach` must learn of it (and cancel the element's effects).
    #expect(items.idsVersion != version)
    #expect(!items.holdsEveryID(ofVersion: version))
    #expect(items.append(Item(id: 1, title: "back")) == (true, 3))
  }

  @Test("an id changed in place through the offset subscript replaces the element's old id")
  func idChangedInPlace() {
    var rows: IdentifiedArrayOf<Renamable> = [Renamable(id: 1), Renamable(id: 2)]
    rows[1].id = 7
    #expect(rows.ids == [1, 7])
    #expect(rows[id: 2] == nil)
    #expect(rows[id: 7] == Renamable(id: 7))
  }

  @Test("offsets after holes: the element put there is the one at that offset")
  func withHoles() {
    var items = IdentifiedArray(uniqueElements: (0..<10).map { Item(id: $0, title: "") })
    items.remove(id: 2)
    items.remove(id: 5)  // two holes inside: offset 5 is id 7
    items[5] = Item(id: 70, title: "new")
    #expect(items.ids == [0, 1, 3, 4, 6, 70, 8, 9])
    #expect(items.index(id: 70) == 5)
    #expect(items[id: 7] == nil)
  }

  /// 100× a long list, with holes: every element replaced at its offset by one with a new id.
  @Test("100,000 elements replaced one by one at their offsets keep order, count and lookups")
  func manyReplacements() {
    let size = 100_000
    var items = IdentifiedArray(uniqueElements: (0..<size).map { Item(id: $0, title: "") })
    for id in stride(from: 1, to: size, by: 3) { items.remove(id: id) }
    let kept = items.ids
    for offset in items.indices { items[offset] = Item(id: kept[offset] + size, title: "") }
    #expect(items.ids == kept.map { $0 + size })
    #expect(items.count == kept.count)
    #expect(items.index(id: kept[kept.count / 2] + size) == kept.count / 2)
    #expect(items[id: kept[0]] == nil)
  }

  @Test("an id already at another offset stops the program, naming the id and both offsets")
  func idElsewhere() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var items: IdentifiedArrayOf<Item> = [
        Item(id: 1, title: "a"), Item(id: 2, title: "b"), Item(id: 3, title: "c"),
      ]
      items[0] = Item(id: 3, title: "again")
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      text.contains(
        "An element with id 3 was put at offset 0 of an IdentifiedArray, but id 3 is already at "
          + "offset 2, and an IdentifiedArray holds one element per id. To fix, remove the "
          + "element at offset 2 first, or change that one through `[id: 3]`."))
  }
}
