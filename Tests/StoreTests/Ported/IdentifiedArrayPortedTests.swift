import Foundation
import StoreTesting
import Testing

/// swift-identified-collections' `User`.
private struct User: Equatable, Hashable, Identifiable, Codable, Sendable {
  let id: Int
  var name: String
}

private let blobs: IdentifiedArrayOf<User> = [
  User(id: 1, name: "Blob"), User(id: 2, name: "Blob, Jr."), User(id: 3, name: "Blob, Sr."),
]

/// Ports of pointfreeco/swift-identified-collections Tests/IdentifiedCollectionsTests/
/// IdentifiedArrayTests.swift. Its `Int: Identifiable` elements are `User`s here (no retroactive
/// conformance in a shared test target); the tests of API not provided here (`update(_:at:)`,
/// `updateOrAppend`, `move(fromOffsets:toOffset:)`, `remove(atOffsets:)`, `partition`,
/// `init(uncheckedUniqueElements:)`, the `id:` key-path initialisers) are left out.
@Suite("Ported from swift-identified-collections: IdentifiedArrayTests")
struct IdentifiedArrayPortedTests {
  // Ports swift-identified-collections' IdentifiedArrayTests.testIds
  @Test("ids lists the ids in order")
  func ids() {
    #expect(blobs.ids == [1, 2, 3])
  }

  // Ports swift-identified-collections' IdentifiedArrayTests.testElements
  @Test("the elements are the collection's, in order")
  func elements() {
    #expect(Array(blobs) == blobs.map { $0 })
  }

  // Ports swift-identified-collections' IdentifiedArrayTests.testSubscriptId
  @Test("[id:] reads, changes in place, removes with nil, and appends a new id")
  func subscriptID() {
    var array = blobs
    #expect(array[id: 1] == User(id: 1, name: "Blob"))
    array[id: 1]?.name += ", Esq."
    #expect(array[id: 1] == User(id: 1, name: "Blob, Esq."))
    array[id: 2]?.name.removeLast(5)
    #expect(array[id: 2] == User(id: 2, name: "Blob"))
    array[id: 3] = nil
    #expect(array[id: 3] == nil)
    array[id: 4] = User(id: 4, name: "Blob, Sr.")
    #expect(
      array == [
        User(id: 1, name: "Blob, Esq."), User(id: 2, name: "Blob"), User(id: 4, name: "Blob, Sr."),
      ])
  }

  // Ports swift-identified-collections' IdentifiedArrayTests.testContainsElement
  @Test("contains finds an equal element")
  func containsElement() {
    #expect(blobs.contains(User(id: 2, name: "Blob, Jr.")))
  }

  // Ports swift-identified-collections' IdentifiedArrayTests.testIndexId
  @Test("index(id:) is the element's offset")
  func indexID() {
    #expect(blobs.index(id: 2) == 1)
  }

  // Ports swift-identified-collections' IdentifiedArrayTests.testRemoveId
  @Test("remove(id:) returns the element and closes up the order")
  func removeID() {
    var array = blobs
    #expect(array.remove(id: 2) == User(id: 2, name: "Blob, Jr."))
    #expect(array.ids == [1, 3])
  }

  // Ports swift-identified-collections' IdentifiedArrayTests.testCodable
  @Test("it encodes and decodes as an array; a repeated id is refused")
  func codable() throws {
    let data = try JSONEncoder().encode(blobs)
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<User>.self, from: data) == blobs)
    let repeated = Data(#"[{"id":1,"name":"a"},{"id":1,"name":"b"}]"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArrayOf<User>.self, from: repeated)
    }
  }

  // Ports swift-identified-collections' IdentifiedArrayTests.testCustomDebugStringConvertible
  // and testCustomStringConvertible
  @Test("it describes itself as its elements, and debug-describes its type too")
  func descriptions() {
    let array: IdentifiedArrayOf<User> = [User(id: 1, name: "a")]
    #expect(
      array.description
        == #"[User(id: 1, name: "a")]"#.replacingOccurrences(
          of: "User", with: String(reflecting: User.self)))
    #expect(array.debugDescription.hasPrefix("IdentifiedArray<User>(["))
  }

  // Ports swift-identified-collections' IdentifiedArrayTests.testCustomReflectable
  @Test("its mirror is a collection of the elements, unlabelled")
  func customReflectable() {
    let mirror = Mirror(reflecting: blobs)
    #expect(mirror.displayStyle == .collection)
    #expect(mirror.superclassMirror == nil)
    #expect(mirror.children.allSatisfy { $0.label == nil })
    #expect(mirror.children.map { $0.value as? User } == blobs.map { $0 })
  }

  // Ports swift-identified-collections' IdentifiedArrayTests.testHashable
  @Test("equal arrays hash alike")
  func hashable() {
    #expect(Set([blobs]) == Set([blobs, blobs]))
  }

  // Ports swift-identified-collections' IdentifiedArrayTests.testInitUniqueElements
  @Test("init(uniqueElements:) keeps the order")
  func initUniqueElements() {
    #expect(IdentifiedArray(uniqueElements: Array(blobs)) == blobs)
  }

  // Ports swift-identified-collections' IdentifiedArrayTests.testAppend
  @Test("append adds a new id at the end, and reports where an existing id already is")
  func append() {
    var array = blobs
    var (inserted, index) = array.append(User(id: 4, name: "Blob IV"))
    #expect(inserted && index == 3)
    (inserted, index) = array.append(User(id: 2, name: "other"))
    #expect(!inserted && index == 1)
    #expect(array.ids == [1, 2, 3, 4] && array[id: 2]?.name == "Blob, Jr.")
  }

  // Ports swift-identified-collections' IdentifiedArrayTests.testAppendContentsOf
  @Test("append(contentsOf:) skips ids already present")
  func appendContentsOf() {
    var array = blobs
    array.append(contentsOf: [
      User(id: 1, name: "x"), User(id: 4, name: "d"), User(id: 3, name: "x"),
      User(id: 5, name: "e"),
    ])
    #expect(array.ids == [1, 2, 3, 4, 5])
  }

  // Ports swift-identified-collections' IdentifiedArrayTests.testInsert
  @Test("insert puts a new id at the offset, and reports where an existing id already is")
  func insert() {
    var array = blobs
    var (inserted, index) = array.insert(User(id: 0, name: "zero"), at: 0)
    #expect(inserted && index == 0)
    (inserted, index) = array.insert(User(id: 2, name: "other"), at: 0)
    #expect(!inserted && index == 2)
    #expect(array.ids == [0, 1, 2, 3])
  }

  // Ports swift-identified-collections' IdentifiedArrayTests.testEquatable
  @Test("arrays are equal when their elements are, whatever built them")
  func equatable() {
    var built = IdentifiedArrayOf<User>()
    built.append(contentsOf: blobs)
    var literal: IdentifiedArrayOf<User> = []
    #expect(IdentifiedArrayOf<User>() == literal)
    literal = blobs
    #expect(built == literal)
    built[id: 2]?.name = "changed"
    #expect(built != literal)
    built.remove(id: 1)
    literal.remove(id: 1)
    built[id: 2]?.name = "Blob, Jr."
    #expect(built == literal)
  }

  // Ports swift-identified-collections' IdentifiedArrayTests.testIdentifiedArraySubscript
  // (swift-identified-collections PR #66)
  @Test("an element with a new id put at an offset replaces the element there")
  func subscriptReplacesAtOffset() {
    var users = blobs
    users[1] = User(id: 4, name: "Blob, III")
    #expect(users.count == 3)
    #expect(users.map(\.id) == [1, 4, 3])
    #expect(users[id: 2] == nil)
    #expect(users[id: 4] == User(id: 4, name: "Blob, III"))
    #expect(users.index(id: 4) == 1)
  }
}
