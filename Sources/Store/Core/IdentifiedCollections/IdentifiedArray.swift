/// An ordered collection of identifiable elements, one per id, that finds, changes and removes
/// an element by its id without searching: the state of a list of features.
///
/// ```swift
/// struct Row: Identifiable, Equatable { let id: Int; var title: String }
/// var rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "milk"), Row(id: 2, title: "eggs")]
/// rows[id: 2]?.title = "bread"   // changed in place
/// rows[id: 1] = nil              // removed
/// rows.append(Row(id: 3, title: "tea"))
/// print(rows.map(\.title))       // ["bread", "tea"]
/// ```
///
/// Bounds, for n elements: reading, changing or removing by id is O(1) while no element has
/// been removed from the middle, and O(log n) while such holes remain; `append` is O(1)
/// amortized; reading by offset is O(1) without holes and O(log n) with them; n removals cost
/// O(n log n) in all, never O(n²) (a removal leaves a hole; the holes are compacted in O(n)
/// once they outnumber the elements). `insert(_:at:)` and `sort(by:)` are O(n) and
/// O(n log n), like an array's. Iteration is O(n).
///
/// Duplicate ids: `append` and `insert` of an id already present change nothing and return
/// where the existing element is; an element put at an offset replaces the one there, and stops
/// the program if its id is at another offset; `init(uniqueElements:)` and array literals stop
/// the program; decoding throws an error naming the id. It encodes as a plain array of its elements, so a
/// `[Row]` field can become an `IdentifiedArrayOf<Row>` and its JSON stays the same.
public struct IdentifiedArray<ID: Hashable, Element: Identifiable> where Element.ID == ID {
  /// The elements in order; a removed element leaves `nil` until the next compaction. With no
  /// holes, an element's offset is its slot.
  @usableFromInline var slots: ContiguousArray<Element?>
  /// Where each id's element is in `slots`.
  @usableFromInline var slotOfID: [ID: Int]
  /// Live-slot counts, while `slots` has holes; nil when it has none.
  @usableFromInline var holes: LiveSlotCounts?
  /// Which set of ids this is (see ``IdentifiedArrayVersion``): two arrays with the same
  /// version hold the same ids.
  @usableFromInline var idsVersion: UInt64
  /// The version this array had just before its ids last changed, when that change only added
  /// ids (`append`, `insert`); ``IdentifiedArrayVersion/unknown`` otherwise. An array with
  /// that version holds a subset of these ids, which is how `forEach` tells that an action
  /// added an element without removing one (see ``holdsEveryID(ofVersion:)``).
  @usableFromInline var grownFrom: UInt64
  /// The slot `forEach` last reached an element in: tried before the dictionary, so a run of
  /// actions to one element hashes its id once (see ``slotForElementAction(id:)``). A hint
  /// only: never trusted without checking the id there, and not part of the value (equality,
  /// hashing, coding and dumps ignore it).
  @usableFromInline var hintSlot = 0

  /// An empty array.
  ///
  /// ```swift
  /// var rows = IdentifiedArrayOf<Row>()
  /// ```
  @inlinable
  public init() {
    slots = []
    slotOfID = [:]
    holes = nil
    idsVersion = IdentifiedArrayVersion.empty
    grownFrom = IdentifiedArrayVersion.unknown
  }

  /// Whether this array holds every id an array of ids version `version` holds: true when it
  /// is that version, or grew from it by one `append` or `insert`. False says nothing (an id
  /// may have gone, or not). O(1).
  @inlinable
  func holdsEveryID(ofVersion version: UInt64) -> Bool {
    idsVersion == version || grownFrom == version
  }

  /// The elements of `elements`, in order. Two elements with the same id stop the program,
  /// naming the id.
  ///
  /// ```swift
  /// let rows = IdentifiedArray(uniqueElements: [Row(id: 1, title: "milk")])
  /// ```
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init()
    for element in elements {
      let (inserted, index) = append(element)
      precondition(
        inserted,
        "IdentifiedArray(uniqueElements:) was given the id \(element.id) twice (at offsets "
          + "\(index) and \(count)). To fix, give each element its own id, or append the "
          + "elements one by one: `append` keeps the first element of an id.")
    }
  }

  /// The ids, in order: O(n).
  ///
  /// ```swift
  /// rows.ids   // [1, 2]
  /// ```
  public var ids: [ID] { map(\.id) }

  /// The element with `id`, or nil. Setting an element appends it if its id is new; setting
  /// nil removes the element. Changes through it happen in place.
  ///
  /// ```swift
  /// rows[id: 2]?.title = "bread"
  /// rows[id: 9] = Row(id: 9, title: "jam")   // appended
  /// rows[id: 1] = nil                        // removed
  /// ```
  ///
  /// An element set here must have `id`; another id stops the program.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get {
      guard let slot = slotOfID[id] else { return nil }
      return slots[slot]
    }
    _modify {
      if let slot = slotOfID[id] {
        yield &slots[slot]
        if let element = slots[slot] {
          Self.checkID(of: element, is: id)
        } else {
          didEmpty(slot, id: id)
        }
      } else {
        var added: Element? = nil
        yield &added
        if let added {
          Self.checkID(of: added, is: id)
          append(added)
        }
      }
    }
  }

  /// The offset of the element with `id`, or nil.
  ///
  /// ```swift
  /// rows.index(id: 2)   // 1
  /// ```
  @inlinable
  public func index(id: ID) -> Int? {
    guard let slot = slotOfID[id] else { return nil }
    guard let holes else { return slot }
    return holes.liveSlots(before: slot)
  }

  /// The slot of the element with `id`, or nil, for an action routed to it: the slot of the
  /// last such action first — a compare of two ids, no hashing, when a run of actions goes to
  /// one element (a row's effects answering, a user typing into one row) — then the
  /// dictionary, O(1). Remembers the slot it found for the next action.
  @inlinable
  @inline(__always)
  mutating func slotForElementAction(id: ID) -> Int? {
    let hint = hintSlot
    if hint < slots.count, slots[hint]?.id == id { return hint }
    return slotForElementActionByHash(id: id)
  }

  /// `slotForElementAction(id:)` when the remembered slot holds another element: the
  /// dictionary, out of line (the hint's compare stays in line with `forEach`).
  @usableFromInline
  @inline(never)
  mutating func slotForElementActionByHash(id: ID) -> Int? {
    guard let slot = slotOfID[id] else { return nil }
    hintSlot = slot
    return slot
  }

  /// The slot of the element at `offset`.
  @inlinable
  func slot(of offset: Int) -> Int {
    precondition(
      offset >= 0 && offset < count,
      "Offset \(offset) is out of an IdentifiedArray of \(count) elements. To fix, check the "
        + "offset against `indices`, or look the element up by id with `[id:]`.")
    guard let holes else { return offset }
    return holes.slot(ofOffset: offset)
  }

  /// The element at `slot` (offset `offset`), whose id was `old`, has just been replaced by
  /// one with id `new`: the array now holds `new` there instead of `old`. O(1).
  @usableFromInline
  mutating func didReplaceID(_ old: ID, with new: ID, at slot: Int, offset: Int) {
    if let elsewhere = slotOfID[new] {
      let otherOffset = holes.map { $0.liveSlots(before: elsewhere) } ?? elsewhere
      preconditionFailure(
        "An element with id \(new) was put at offset \(offset) of an IdentifiedArray, but id "
          + "\(new) is already at offset \(otherOffset), and an IdentifiedArray holds one element "
          + "per id. To fix, remove the element at offset \(otherOffset) first, or change that "
          + "one through `[id: \(new)]`.")
    }
    idsWillChange()
    slotOfID[old] = nil
    slotOfID[new] = slot
  }

  @usableFromInline
  static func checkID(of element: Element, is id: ID) {
    precondition(
      element.id == id,
      "An IdentifiedArray element with id \(id) was replaced by one with id \(element.id). "
        + "To fix, remove the element and append the new one, or keep its id.")
  }
}

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

/// The versions of the sets of ids ``IdentifiedArray``s hold: a number no set of ids has had
/// before, taken from one counter for the whole program whenever an array's ids change (a
/// copy shares its original's until either's ids change). So whoever reads an array's version
/// and later finds the same number knows that no id was added or removed meanwhile, in O(1),
/// holding nothing: that is how `forEach` finds out that elements were removed, without a
/// reference to retain and release on every action, or comparing the ids of every element.
@usableFromInline
enum IdentifiedArrayVersion {
  /// The version of the empty set of ids, which every new array starts with.
  @usableFromInline static let empty: UInt64 = 0
  /// No version: what ``IdentifiedArray/grownFrom`` holds when the last change of ids may
  /// have removed one. `next()` never hands it out (it would take 2⁶⁴ - 1 changes).
  @usableFromInline static let unknown: UInt64 = .max

  /// The last version handed out; 2⁶⁴ versions do not run out. A lock, not the standard
  /// library's `Atomic`: that needs macOS 15 / iOS 18 where the core builds, and a version is
  /// taken only when an array's ids change, never on the path of an action.
  private static let last = Locked<UInt64>(empty)

  /// A version no set of ids has had yet.
  @usableFromInline
  static func next() -> UInt64 {
    last.withLock {
      $0 &+= 1
      return $0
    }
  }
}

extension IdentifiedArray: RandomAccessCollection {
  /// Offsets: `0..<count`.
  ///
  /// ```swift
  /// for offset in rows.indices { print(rows[offset].title) }
  /// ```
  public typealias Indices = Range<Int>

  /// Always 0.
  ///
  /// ```swift
  /// rows[rows.startIndex]   // the first row
  /// ```
  @inlinable public var startIndex: Int { 0 }

  /// The number of elements.
  ///
  /// ```swift
  /// rows.endIndex == rows.count   // true
  /// ```
  @inlinable public var endIndex: Int { count }

  /// The number of elements: O(1).
  ///
  /// ```swift
  /// rows.count   // 2
  /// ```
  @inlinable public var count: Int { slots.count - (holes?.holeCount ?? 0) }

  /// `0..<count`.
  ///
  /// ```swift
  /// for offset in rows.indices { print(offset) }
  /// ```
  @inlinable public var indices: Range<Int> { 0..<count }

  /// The next offset.
  ///
  /// ```swift
  /// rows.index(after: 0)   // 1
  /// ```
  @inlinable public func index(after offset: Int) -> Int { offset + 1 }

  /// The previous offset.
  ///
  /// ```swift
  /// rows.index(before: 1)   // 0
  /// ```
  @inlinable public func index(before offset: Int) -> Int { offset - 1 }

  /// The element at `offset`; changes through it happen in place. An element with another id
  /// put there replaces the one that was there (as in swift-identified-collections): O(1).
  ///
  /// ```swift
  /// rows[0].title = "oat milk"
  /// rows[1] = Row(id: 9, title: "jam")   // row 2 is gone; row 9 is second
  /// ```
  ///
  /// The new id must not be elsewhere in the array: that stops the program, naming the id and
  /// both offsets (remove the other element first, or move it with `remove` and `insert`).
  @inlinable
  public subscript(offset: Int) -> Element {
    get { slots[slot(of: offset)]! }
    _modify {
      let slot = slot(of: offset)
      let id = slots[slot]!.id
      yield &slots[slot]!
      let newID = slots[slot]!.id
      if newID != id { didReplaceID(id, with: newID, at: slot, offset: offset) }
    }
  }

  /// Walks the elements in order, skipping the holes removals left: O(n) in all.
  ///
  /// ```swift
  /// var iterator = rows.makeIterator()
  /// while let row = iterator.next() { print(row.title) }
  /// ```
  @inlinable
  public func makeIterator() -> Iterator { Iterator(slots: slots) }

  /// Iterates an ``IdentifiedArray`` in order.
  ///
  /// ```swift
  /// for row in rows { print(row.title) }
  /// ```
  public struct Iterator: IteratorProtocol {
    @usableFromInline let slots: ContiguousArray<Element?>
    @usableFromInline var position = 0

    @inlinable
    init(slots: ContiguousArray<Element?>) {
      self.slots = slots
    }

    /// The next element, or nil at the end.
    ///
    /// ```swift
    /// let first = rows.makeIterator().next()
    /// ```
    @inlinable
    public mutating func next() -> Element? {
      while position < slots.count {
        position += 1
        if let element = slots[position - 1] { return element }
      }
      return nil
    }
  }
}

/// An ``IdentifiedArray`` of `Element`s identified by their own `id`.
///
/// ```swift
/// var rows: IdentifiedArrayOf<Row> = []
/// ```
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>
