import Store

/// The passes that lower and reorder choices, for ``Shrinker``.
extension Shrinker {
  // MARK: - Lowering

  /// Lowers each choice alone: to 0, then to the few simplest indices, then by binary search on
  /// its magnitude keeping its sign, then to the positive side.
  func minimizeChoices() {
    var position = 0
    while position < best.choices.count, !isExhausted() {
      minimize(at: position)
      position += 1
    }
  }

  private func minimize(at position: Int) {
    let choice = best.choices[position]
    guard choice.index > 0, !choice.isForced, !setting(position, to: 0) else { return }
    for index in 1..<Swift.min(choice.index, 5) where setting(position, to: index) { return }
    guard choice.index >= 5 else { return }
    if choice.down == 0, choice.up <= 16 {  // a few alternatives: try each
      for index in 5..<choice.index where setting(position, to: index) { return }
      return
    }
    let sign = choice.offset.negative
    bisect(below: choice.offset.magnitude) { magnitude in
      settingOffset(position, to: Offset(negative: sign, magnitude: magnitude), ifBoundsOf: choice)
    }
    let current = best.choices[position]
    if current.up == choice.up, current.down == choice.down, current.offset.negative {
      _ = settingOffset(
        position, to: Offset(negative: false, magnitude: current.offset.magnitude),
        ifBoundsOf: choice)
    }
  }

  /// Lowers groups of equal numeric choices together, e.g. the two copies of a duplicated list
  /// element.
  func lowerDuplicates() {
    var groups: [Choice: [Int]] = [:]
    for (position, choice) in best.choices.enumerated() where choice.isNumeric && choice.index > 0 {
      groups[choice, default: []].append(position)
    }
    let ordered = groups.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
    for positions in ordered where !isExhausted() {
      let choice = best.choices[positions[0]]
      guard positions.allSatisfy({ $0 < best.choices.count && best.choices[$0] == choice }) else {
        continue
      }
      let sign = choice.offset.negative
      bisect(below: choice.offset.magnitude) { magnitude in
        var attempt = best.indices
        let lowered = choice.with(Offset(negative: sign, magnitude: magnitude)).index
        for position in positions { attempt[position] = lowered }
        return consider(attempt)
      }
    }
  }

  /// Lowers pairs of nearby numeric choices of the same sign by the same amount, which keeps
  /// their difference: `[57, 56]` becomes `[10, 9]` when only the difference and a lower bound
  /// matter.
  func lowerPairs() {
    forNearbyPairs { first, second in
      let a = best.choices[first].offset
      let b = best.choices[second].offset
      guard a.negative == b.negative else { return }
      let most = Swift.min(a.magnitude, b.magnitude)
      bisect(above: most) { amount in
        pairAttempt(
          first, Offset(negative: a.negative, magnitude: a.magnitude - amount),
          second, Offset(negative: b.negative, magnitude: b.magnitude - amount))
      }
    }
  }

  /// Moves an amount from an earlier numeric choice to a later one, keeping their sum, so that
  /// the earlier one gets simpler: `([-20000], [-20000])` becomes `([-7232], [-32768])`, and
  /// `[1, 32767]` of 16-bit integers becomes `[0, -32768]`.
  func redistributePairs() {
    forNearbyPairs { first, second in
      let one = best.choices[first]
      let other = best.choices[second]
      guard let a = one.offset.small, let b = other.offset.small, a != 0 else { return }
      let direction: Int64 = a < 0 ? -1 : 1
      let target = other.offset
      let room: UInt64 =
        direction > 0
        ? (target.negative ? other.up + target.magnitude : other.up - target.magnitude)
        : (target.negative ? other.down - target.magnitude : other.down + target.magnitude)
      if room < a.magnitude {
        // The later one cannot take it all without leaving its range: try wrapping around, as
        // fixed-width arithmetic does, which keeps sums that overflow the same.
        let wrapped = other.wrapping(target, by: a.magnitude, upward: direction > 0)
        if pairAttempt(first, .zero, second, wrapped) { return }
      }
      let most = Swift.min(a.magnitude, room, 1 << 61)
      bisect(above: most) { amount in
        let moved = direction * Int64(amount)
        return pairAttempt(first, Offset(a - moved), second, Offset(b + moved))
      }
    }
  }

  /// Calls `body` with each pair of numeric, non-zero choices at most four numeric choices apart.
  private func forNearbyPairs(_ body: (Int, Int) -> Void) {
    var first = 0
    while first < best.choices.count, !isExhausted() {
      if best.choices[first].isNumeric, best.choices[first].index > 0 {
        var found = 0
        var second = first + 1
        while second < best.choices.count, found < 4, !isExhausted() {
          if best.choices[second].isNumeric {
            found += 1
            if best.choices[second].index > 0, best.choices[first].index > 0 {
              body(first, second)
            }
          }
          second += 1
        }
      }
      first += 1
    }
  }

  private func pairAttempt(_ first: Int, _ a: Offset, _ second: Int, _ b: Offset) -> Bool {
    guard second < best.choices.count else { return false }
    let one = best.choices[first]
    let other = best.choices[second]
    guard a.fits(up: one.up, down: one.down), b.fits(up: other.up, down: other.down) else {
      return false
    }
    var attempt = best.indices
    attempt[first] = one.with(a).index
    attempt[second] = other.with(b).index
    return consider(attempt)
  }

  // MARK: - Reordering

  /// Sorts sibling spans (the elements of one list, the components of one tuple) from simplest to
  /// most complex; if the full sort does not fail, swaps neighbours that are out of order.
  func reorderSiblings() {
    var changed = true
    while changed, !isExhausted() {
      changed = false
      for siblings in siblingGroups() where reorder(siblings) {
        changed = true
        break
      }
    }
  }

  private func siblingGroups() -> [[Span]] {
    struct Family: Hashable {
      let parent: Int?
      let label: SpanLabel
    }
    var families: [Family: [Span]] = [:]
    for span in best.spans where !span.isEmpty {
      families[Family(parent: span.parent, label: span.label), default: []].append(span)
    }
    return families.values.filter { $0.count > 1 }.sorted { $0[0].start < $1[0].start }
  }

  private func reorder(_ siblings: [Span]) -> Bool {
    let slices = siblings.map { best.indices[$0.range] }
    let sorted = slices.sorted(by: shortlexLess)
    if sorted != slices, consider(rebuild(siblings, with: sorted)) { return true }
    for index in 0..<slices.count - 1 where shortlexLess(slices[index + 1], slices[index]) {
      var swapped = slices
      swapped.swapAt(index, index + 1)
      if consider(rebuild(siblings, with: swapped)) { return true }
    }
    return false
  }

  /// The best sequence with each of `spans` (in order, not overlapping) replaced by `contents`.
  private func rebuild(_ spans: [Span], with contents: [ArraySlice<UInt64>]) -> [UInt64] {
    var attempt: [UInt64] = []
    var cursor = 0
    for (span, content) in zip(spans, contents) {
      attempt += best.indices[cursor..<span.start]
      attempt += content
      cursor = span.end
    }
    return attempt + best.indices[cursor...]
  }

  // MARK: - Helpers

  func setting(_ position: Int, to index: UInt64) -> Bool {
    guard position < best.indices.count else { return false }
    var attempt = best.indices
    attempt[position] = index
    return consider(attempt)
  }

  func settingOffset(_ position: Int, to offset: Offset, ifBoundsOf choice: Choice) -> Bool {
    guard position < best.choices.count else { return false }
    let current = best.choices[position]
    guard current.up == choice.up, current.down == choice.down,
      offset.fits(up: choice.up, down: choice.down)
    else { return false }
    return setting(position, to: choice.with(offset).index)
  }

  /// Finds the smallest value in `1..<known` for which `fails` holds, given that `known` fails
  /// and assuming that larger values fail when smaller ones do.
  func bisect(below known: UInt64, _ fails: (UInt64) -> Bool) {
    var low: UInt64 = 0
    var high = known
    while high - low > 1, !isExhausted() {
      let middle = low + (high - low) / 2
      if fails(middle) { high = middle } else { low = middle }
    }
  }

  /// Finds the largest value in `1...most` for which `fails` holds, trying `most` first and
  /// assuming that smaller values fail when larger ones do.
  func bisect(above most: UInt64, _ fails: (UInt64) -> Bool) {
    guard most > 0, !fails(most) else { return }
    var low: UInt64 = 0
    var high = most
    while high - low > 1, !isExhausted() {
      let middle = low + (high - low) / 2
      if fails(middle) { low = middle } else { high = middle }
    }
  }
}
