extension IdentifiedArray {
  /// Appends `element` unless its id is already present: O(1) amortized.
  ///
  /// ```swift
  /// rows.append(Row(id: 3, title: "tea"))   // (inserted: true, index: 2)
  /// rows.append(Row(id: 1, title: "oat"))   // (inserted: false, index: 0): row 1 is unchanged
  /// ```
  ///
  /// - Returns: whether it was appended, and the offset of the element with its id.
  @inlinable
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    if let existing = slotOfID.updateValue(slots.count, forKey: element.id) {
      slotOfID[element.id] = existing
      return (false, index(id: element.id)!)
    }
    idsWillGrow()
    slots.append(element)
    holes?.appendLive()
    return (true, count - 1)
  }

  /// Appends each element whose id is not present yet: O(1) amortized each.
  ///
  /// ```swift
  /// rows.append(contentsOf: [Row(id: 4, title: "jam"), Row(id: 5, title: "rice")])
  /// ```
  @inlinable
  public mutating func append(contentsOf elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// Inserts `element` at `offset` unless its id is already present: O(n).
  ///
  /// ```swift
  /// rows.insert(Row(id: 0, title: "salt"), at: 0)   // (inserted: true, index: 0)
  /// ```
  ///
  /// - Returns: whether it was inserted, and the offset of the element with its id.
  @discardableResult
  public mutating func insert(_ element: Element, at offset: Int) -> (inserted: Bool, index: Int) {
    if let existing = index(id: element.id) { return (false, existing) }
    precondition(
      offset >= 0 && offset <= count,
      "Cannot insert at offset \(offset) of an IdentifiedArray of \(count) elements. To fix, "
        + "insert at an offset in 0...count.")
    compact()
    idsWillGrow()
    slots.insert(element, at: offset)
    for slot in offset..<slots.count { slotOfID[slots[slot]!.id] = slot }
    return (true, offset)
  }

  /// Removes and returns the element with `id`, or returns nil if there is none: O(1) at the
  /// end, O(log n) amortized elsewhere.
  ///
  /// ```swift
  /// rows.remove(id: 2)   // the row with id 2
  /// ```
  @inlinable
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let slot = slotOfID[id] else { return nil }
    let element = slots[slot]
    slots[slot] = nil
    didEmpty(slot, id: id)
    return element
  }

  /// Removes and returns the element at `offset`: O(log n) amortized.
  ///
  /// ```swift
  /// let first = rows.remove(at: 0)
  /// ```
  @discardableResult
  public mutating func remove(at offset: Int) -> Element {
    remove(id: self[offset].id)!
  }

  /// Removes and returns the first element; the array must not be empty. O(log n) amortized.
  ///
  /// ```swift
  /// let first = rows.removeFirst()
  /// ```
  @discardableResult
  public mutating func removeFirst() -> Element {
    precondition(!isEmpty, "removeFirst() on an empty IdentifiedArray. To fix, check isEmpty.")
    return remove(at: 0)
  }

  /// Removes and returns the last element; the array must not be empty. O(1).
  ///
  /// ```swift
  /// let last = rows.removeLast()
  /// ```
  @discardableResult
  public mutating func removeLast() -> Element {
    precondition(!isEmpty, "removeLast() on an empty IdentifiedArray. To fix, check isEmpty.")
    return remove(at: count - 1)
  }

  /// Removes the last `k` elements; the array must hold at least `k`. O(k), as an array's
  /// (what an emitted test writes for a list that shrank at its end).
  ///
  /// ```swift
  /// rows.removeLast(2)
  /// ```
  public mutating func removeLast(_ k: Int) {
    precondition(
      k >= 0 && k <= count,
      "removeLast(\(k)) on an IdentifiedArray of \(count) elements. To fix, remove at most "
        + "count elements.")
    for _ in 0..<k { removeLast() }
  }

  /// Removes every element for which `shouldBeRemoved` is true, keeping the order: O(n).
  ///
  /// ```swift
  /// rows.removeAll { $0.title.isEmpty }
  /// ```
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var kept = ContiguousArray<Element?>()
    kept.reserveCapacity(count)
    for element in self where try !shouldBeRemoved(element) { kept.append(element) }
    guard kept.count != count else { return }
    rebuild(from: kept)
  }

  /// Removes every element: O(1) (the storage is released).
  ///
  /// ```swift
  /// rows.removeAll()
  /// ```
  public mutating func removeAll() {
    self = IdentifiedArray()
  }

  /// Removes every element, keeping the storage for as many as it held when `keepCapacity` is
  /// true (an array refilled at once allocates nothing again): O(n).
  ///
  /// ```swift
  /// rows.removeAll(keepingCapacity: true)
  /// rows.append(Row(id: 1, title: "milk"))   // into the storage kept
  /// ```
  public mutating func removeAll(keepingCapacity keepCapacity: Bool) {
    guard keepCapacity else { return removeAll() }
    idsWillChange()
    slots.removeAll(keepingCapacity: true)
    slotOfID.removeAll(keepingCapacity: true)
    holes = nil
    hintSlot = 0
  }

  /// Sorts the elements in place by `areInIncreasingOrder`: O(n log n).
  ///
  /// ```swift
  /// rows.sort { $0.title < $1.title }
  /// ```
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    var sorted = Array(self)
    try sorted.sort(by: areInIncreasingOrder)
    rebuild(from: ContiguousArray(sorted.map { Optional($0) }))
  }

  // MARK: Bookkeeping

  /// The ids are about to change, perhaps losing one: take a new version.
  @inlinable
  mutating func idsWillChange() {
    idsVersion = IdentifiedArrayVersion.next()
    grownFrom = IdentifiedArrayVersion.unknown
  }

  /// An id is about to be added, and none removed: take a new version, remembering this one.
  @inlinable
  mutating func idsWillGrow() {
    let before = idsVersion
    idsVersion = IdentifiedArrayVersion.next()
    grownFrom = before
  }

  /// `slots[slot]`, which held the element with `id`, has just been emptied: forget the id, and
  /// leave a hole unless the slot was the last one. Compacts once holes outnumber elements, so
  /// that each removal costs O(log n) amortized.
  @usableFromInline
  mutating func didEmpty(_ slot: Int, id: ID) {
    idsWillChange()
    slotOfID[id] = nil
    if slot == slots.count - 1 {
      slots.removeLast()
      holes?.removeLast(isHole: false)
    } else {
      if holes == nil { holes = LiveSlotCounts(liveSlots: slots.count) }
      holes!.markHole(slot)
    }
    // A hole left at the end goes at once, so that holes are only ever inside.
    while let last = slots.last, last == nil {
      slots.removeLast()
      holes?.removeLast(isHole: true)
    }
    guard let holeCount = holes?.holeCount else { return }
    if holeCount == 0 {
      holes = nil
    } else if holeCount * 2 > slots.count {
      compact()
    }
  }

  /// Closes the holes: O(n).
  @usableFromInline
  mutating func compact() {
    guard holes != nil else { return }
    rebuild(from: slots.filter { $0 != nil })
  }

  /// Replaces the elements with `elements` (no holes, the same ids as now or fewer).
  mutating func rebuild(from elements: ContiguousArray<Element?>) {
    idsWillChange()
    slots = elements
    holes = nil
    slotOfID.removeAll(keepingCapacity: true)
    for slot in slots.indices { slotOfID[slots[slot]!.id] = slot }
  }
}
