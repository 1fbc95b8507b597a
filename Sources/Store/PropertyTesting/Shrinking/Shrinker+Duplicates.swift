import Store

/// The passes that change several equal or related parts at once, for ``Shrinker``.
extension Shrinker {
  /// Lowers groups of equal values together — the copies of a duplicated list element, a value
  /// and the list element it must equal — all copies at once, trying zero and the simplest values
  /// first, then a binary search. When a group of three or more cannot reach zero together, each
  /// pair of it tries.
  func lowerDuplicates() {
    struct Value: Hashable {
      let offset: Offset.Key
      let isAlternative: Bool
    }
    var groups: [Value: [Int]] = [:]
    for (position, choice) in best.choices.enumerated()
    where choice.isNumeric && choice.index > 0 && !choice.isForced {
      groups[Value(offset: choice.offset.key, isAlternative: choice.isAlternative), default: []]
        .append(position)
    }
    let ordered = groups.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
    for positions in ordered where !isExhausted() {
      let value = best.choices[positions[0]].offset
      guard positions.allSatisfy({ $0 < best.choices.count && best.choices[$0].offset == value })
      else { continue }
      if lowerTogether(positions, from: value) { continue }
      guard positions.count >= 3, positions.count <= 8 else { continue }
      for (i, first) in positions.enumerated() {
        for second in positions[(i + 1)...] where lowerAll([first, second], to: .zero) { break }
      }
    }
  }

  /// Lowers every choice at `positions` (all holding `value`) together; whether it reached zero.
  private func lowerTogether(_ positions: [Int], from value: Offset) -> Bool {
    if lowerAll(positions, to: .zero) { return true }
    let linear = Swift.min(value.magnitude, Self.linearTries.number)
    for magnitude in 1..<Swift.max(1, linear) {
      if lowerAll(positions, to: Offset(negative: false, magnitude: magnitude))
        || lowerAll(positions, to: Offset(negative: true, magnitude: magnitude))
      {
        return false
      }
    }
    bisect(below: value.magnitude) { magnitude in
      lowerAll(positions, to: Offset(negative: value.negative, magnitude: magnitude))
    }
    return false
  }

  /// Sets every choice at `positions` to `offset`, if it fits all of them.
  private func lowerAll(_ positions: [Int], to offset: Offset) -> Bool {
    var attempt = best.indices
    for position in positions {
      guard position < best.choices.count else { return false }
      let choice = best.choices[position]
      guard offset.fits(up: choice.up, down: choice.down) else { return false }
      attempt[position] = choice.with(offset).index
    }
    return consider(attempt)
  }

  /// Lowers the numbers that kept changing together while the sequence kept its length by one
  /// common amount, so that two values that can only shrink in turns (a gap that must stay wide)
  /// do not zig-zag down a step at a time (Hypothesis's `lower_common_node_offset`).
  func lowerCommonOffset() {
    defer { changed = [] }
    let positions = changed.filter { position in
      position < best.choices.count && best.choices[position].isNumeric
        && !best.choices[position].isAlternative && best.choices[position].index > 0
    }.sorted()
    for negative in [false, true] {
      let group = positions.filter { best.choices[$0].offset.negative == negative }
      guard group.count >= 2, let least = group.map({ best.choices[$0].offset.magnitude }).min()
      else { continue }
      let choices = group.map { best.choices[$0] }
      let base = best.indices
      bisect(above: least) { amount in
        var attempt = base
        for (position, choice) in zip(group, choices) {
          let lowered = Offset(negative: negative, magnitude: choice.offset.magnitude - amount)
          attempt[position] = choice.with(lowered).index
        }
        return consider(attempt)
      }
    }
  }

  /// Deletes the same element from composites of the same kind at once — the same character of
  /// two strings that must stay equal, or equal up to case — which deleting from one alone cannot
  /// do. Each composite is paired with the next three of its kind, and all of a kind together.
  /// A full collection gets a stop flag in place of its deleted element, as when one is deleted
  /// alone: `["aaU": 0, "aau": 0]` of keys up to three long becomes `["aU": 0, "au": 0]`.
  func deleteInParallel() {
    var next = 0
    while !isExhausted() {
      let kinds = Set(best.spans.lazy.filter { $0.label == .composite }.map(\.tag)).sorted()
      guard next < kinds.count else { return }
      let composites = best.spans.indices.filter {
        best.spans[$0].label == .composite && best.spans[$0].tag == kinds[next]
      }
      var groups = composites.indices.flatMap { i in
        composites[(i + 1)...].prefix(3).map { [composites[i], $0] }
      }
      if composites.count >= 3 { groups.insert(composites, at: 0) }
      if !groups.contains(where: deleteElementsInParallel) { next += 1 }
    }
  }

  /// Tries deleting the k-th element of every composite in `group`, for each k; whether one did.
  private func deleteElementsInParallel(_ group: [Int]) -> Bool {
    // The stop flag ends a collection in a span of its own, which is not an element.
    let elements = group.map { parent in
      best.spans.filter {
        $0.parent == parent && $0.label == .element && !$0.isEmpty && best.indices[$0.start] != 0
      }.map(\.range)
    }
    guard let shortest = elements.map(\.count).min(), shortest > 0 else { return false }
    let ranges = group.map { best.spans[$0].range }
    for (index, range) in ranges.enumerated() {
      for other in ranges[(index + 1)...] where range.overlaps(other) { return false }
    }
    // A full collection (at its largest count) draws no stop flag: one goes at its end in
    // place of the deleted element, or the next value's choices would be read as its flag.
    let full = group.map { parent in
      !best.spans.contains {
        $0.parent == parent && $0.label == .element && !$0.isEmpty && best.indices[$0.start] == 0
      }
    }
    for k in 0..<shortest where !isExhausted() {
      var attempt = best.indices
      for member in group.indices.sorted(by: { ranges[$0].lowerBound > ranges[$1].lowerBound }) {
        if full[member] { attempt.insert(0, at: ranges[member].upperBound) }
        attempt.removeSubrange(elements[member][k])
      }
      if consider(attempt) { return true }
    }
    return false
  }
}

extension Offset {
  /// The offset as a hashable value.
  struct Key: Hashable {
    let negative: Bool
    let magnitude: UInt64
  }

  var key: Key { Key(negative: negative, magnitude: magnitude) }
}
