import Store

/// The passes that move several numbers at once, for ``Shrinker``: a group down by one amount,
/// and a pair traded against each other.
extension Shrinker {
  /// Lowers groups of related numbers by one common amount, the largest that still fails (a
  /// binary search): the numbers of each span (one tuple, one list, one action's arguments) and
  /// all the numbers of one range across the sequence, each sign apart. `(57, 58, 59)` becomes
  /// `(10, 11, 12)` when the property needs three close, increasing values of at least 10, which
  /// no single number nor pair can reach.
  ///
  /// Cost: O(log m) runs per group (m the group's least magnitude), one group per span with two
  /// or more numbers plus one per range and sign, per round.
  func lowerGroupsTogether() {
    var groups: [[Int]] = []
    var tried: Set<[Int]> = []
    let lowerable = { (position: Int) in
      let choice = self.best.choices[position]
      return choice.isNumeric && !choice.isAlternative && !choice.isForced && !choice.isLength
        && choice.index > 0
    }
    for span in best.spans where span.range.count >= 2 {
      for negative in [false, true] {
        let group = span.range.filter {
          lowerable($0) && best.choices[$0].offset.negative == negative
        }
        if group.count >= 2, tried.insert(group).inserted { groups.append(group) }
      }
    }
    var byRange: [[UInt64]: [Int]] = [:]
    for position in best.choices.indices where lowerable(position) {
      let choice = best.choices[position]
      byRange[[choice.up, choice.down, choice.offset.negative ? 1 : 0], default: []].append(
        position)
    }
    for group in byRange.values.sorted(by: { $0[0] < $1[0] })
    where group.count >= 2 && tried.insert(group).inserted {
      groups.append(group)
    }
    for group in groups where !isExhausted() { lowerByCommonAmount(group) }
  }

  /// Flips the signs of related numbers together: those of each span (one list, one action's
  /// arguments) holding a negative number, and each pair of nearby numbers both negative or
  /// one negative and one at an end of its range (the components of a tuple). Each negative one turns
  /// positive, at most to the end of its range: `(-1, -1001)` becomes `(1, 1001)` when the
  /// property needs a product above 1000, and `(-1, Int.min)` becomes `(1, Int.max)` when it
  /// needs a sum that overflows — neither alone can keep the failure. When one of them lies at
  /// an end of its range, every one also becomes its two's complement (`-v - 1`), which maps one
  /// end to the other: `(-2, Int.max)` becomes `(1, Int.min)` when a difference must overflow.
  ///
  /// Cost: at most two runs per span holding a negative number and another number, plus two per
  /// such pair, per round.
  func negateTogether() {
    var groups: [[Int]] = []
    var tried: Set<[Int]> = []
    let number = { (position: Int) in
      let choice = self.best.choices[position]
      return choice.isNumeric && !choice.isAlternative && !choice.isForced && !choice.isLength
        && choice.index > 0
    }
    let negative = { (position: Int) in self.best.choices[position].offset.negative }
    for span in best.spans where span.range.count >= 2 {
      let group = span.range.filter(number)
      if group.count >= 2, group.contains(where: negative), tried.insert(group).inserted {
        groups.append(group)
      }
    }
    // Nearby pairs too (the components of a tuple have no span around them): both negative, or
    // one at an end of its range.
    let atEnd = { (position: Int) in
      let choice = self.best.choices[position]
      return choice.offset.magnitude == (choice.offset.negative ? choice.down : choice.up)
    }
    forNearbyPairs { first, second in
      if number(second),
        negative(first) && negative(second)
          || (negative(first) || negative(second)) && (atEnd(first) || atEnd(second)),
        tried.insert([first, second]).inserted
      {
        groups.append([first, second])
      }
    }
    for group in groups where !isExhausted() {
      guard group.allSatisfy({ $0 < best.choices.count && number($0) }) else { continue }
      let choices = group.map { best.choices[$0] }
      var attempt = best.indices
      for (position, choice) in zip(group, choices) where choice.offset.negative {
        attempt[position] =
          choice.with(
            Offset(negative: false, magnitude: Swift.min(choice.offset.magnitude, choice.up))
          ).index
      }
      if attempt != best.indices, consider(attempt) { continue }
      // The complement, for numbers of ranges around 0 of which one lies at an end.
      let atEnd = choices.contains {
        $0.offset.magnitude == ($0.offset.negative ? $0.down : $0.up)
      }
      guard atEnd, choices.allSatisfy({ $0.origin == 0 }) else { continue }
      attempt = best.indices
      var fits = true
      for (position, choice) in zip(group, choices) {
        let offset = choice.offset
        // -v - 1: a negative v of magnitude m becomes m - 1, a positive one -(m + 1).
        let complement =
          offset.negative
          ? Offset(negative: false, magnitude: offset.magnitude - 1)
          : Offset(negative: true, magnitude: offset.magnitude &+ 1)
        guard complement.fits(up: choice.up, down: choice.down),
          complement.magnitude > 0 || offset.negative
        else {
          fits = false
          break
        }
        attempt[position] = choice.with(complement).index
      }
      if fits { consider(attempt) }
    }
  }

  /// Lowers the non-zero numbers around one number — up to two on each side, two or more, at
  /// least one of them before it — to their simplest, while raising that one by the least amount
  /// that still fails (a binary search from the end of its range, at most ``largestRaise``
  /// away): `(35, 65, 35)` becomes `(0, 100, 0)` when `a + 2b + c ≥ 200` and `c ≤ a`. Moving an
  /// amount between two numbers (``redistributePairs()``) cannot, when a third must move with
  /// the first.
  ///
  /// Cost: one run per number with two or more non-zero numbers around it, and log₂ r more (r
  /// the room left in its range) when that one fails, per round.
  func lowerAroundRaisingOne() {
    let numbersOfBest = {
      self.best.choices.indices.filter { position in
        let choice = self.best.choices[position]
        return choice.isNumeric && !choice.isAlternative && !choice.isForced && !choice.isLength
      }
    }
    var numbers = numbersOfBest()
    var i = 0
    while !isExhausted() {
      guard i < numbers.count else { return }
      let target = numbers[i]
      let others =
        (numbers[Swift.max(0, i - 2)..<i] + numbers[(i + 1)..<Swift.min(numbers.count, i + 3)])
        .filter { best.indices[$0] > 0 }
      i += 1
      guard others.count >= 2, others[0] < target else { continue }
      let choice = best.choices[target]
      let current = choice.offset
      let room = Swift.min(
        (current.negative ? choice.down : choice.up) - current.magnitude, Self.largestRaise)
      guard room > 0 else { continue }
      var lowered = best.indices
      for position in others { lowered[position] = 0 }
      let raise = { (amount: UInt64) -> Bool in
        var attempt = lowered
        attempt[target] =
          choice.with(Offset(negative: current.negative, magnitude: current.magnitude + amount))
          .index
        return self.consider(attempt)
      }
      if raise(room) {
        bisect(below: room) { raise($0) }
        numbers = numbersOfBest()
      }
    }
  }

  /// Lowers the magnitudes of the numbers at `positions` (all of one sign) by the largest common
  /// amount that still fails.
  private func lowerByCommonAmount(_ positions: [Int]) {
    guard positions.allSatisfy({ $0 < best.choices.count }) else { return }
    let choices = positions.map { best.choices[$0] }
    guard let least = choices.map(\.offset.magnitude).min(), least > 0 else { return }
    let base = best.indices
    bisect(above: least) { amount in
      var attempt = base
      for (position, choice) in zip(positions, choices) {
        let offset = choice.offset
        attempt[position] =
          choice.with(Offset(negative: offset.negative, magnitude: offset.magnitude - amount))
          .index
      }
      return consider(attempt)
    }
  }

  /// Trades between two nearby numbers whose product (or some other growing combination) must
  /// stay large: lowers the first — halved, else by one — and raises the second to keep the
  /// product of their values (`b · a / a′` and one more), then finds by binary search the least
  /// second value that still fails; repeats while that works. `(26, 39)` becomes `(1, 1001)`
  /// when the property fails for `a · b > 1000`, `(3, 334)` of numbers up to 1000 becomes
  /// `(2, 501)`, and `(2, 50)` of numbers from 1 becomes `(1, 100)` for `a · b ≥ 100`: the pass
  /// computes with the values (``Choice/origin``), not the offsets from the range's start.
  /// Lowering either alone and moving an amount between them (``redistributePairs()``) stop
  /// there.
  ///
  /// For ranges around zero, when the second has no room left for the trade, the same trade
  /// with both signs flipped.
  ///
  /// Cost, per pair of numbers at most two apart (a, b their magnitudes), per round: each trade
  /// takes at most 4 + 2 log₂ b runs (the flipped signs included); there are O(log a) trades while halving works and at most a
  /// in all (steps by one, as when the second reaches the end of its range).
  func tradePairs() {
    forNearbyPairs { first, second in
      while !isExhausted(), trade(first, second) {}
    }
  }

  /// One trade between the numbers at `first` and `second`; whether one was kept.
  private func trade(_ first: Int, _ second: Int) -> Bool {
    let one = best.choices[first]
    let other = best.choices[second]
    let a = one.offset
    let b = other.offset
    guard a.magnitude > 0, b.magnitude > 0, let aValue = one.distanceFromZero(a),
      let bValue = other.distanceFromZero(b)
    else { return false }
    let room = b.negative ? other.down : other.up
    let (high, low) = aValue.multipliedFullWidth(by: bValue)
    // The least offset of the second whose value keeps the product with the first lowered to
    // `lowered`, or nil past the second's range.
    let keeping = { (lowered: UInt64) -> UInt64? in
      guard
        let loweredValue = one.distanceFromZero(Offset(negative: a.negative, magnitude: lowered))
      else { return nil }
      let divisor = Swift.max(1, loweredValue)
      guard high < divisor else { return nil }
      let (quotient, _) = divisor.dividingFullWidth((high, low))
      let value = quotient.addingReportingOverflow(1)
      guard !value.overflow, value.partialValue >= other.origin.magnitude else { return nil }
      return value.partialValue - other.origin.magnitude
    }
    // A step by one only when halving would need more room than the second has.
    let steps =
      (keeping(a.magnitude / 2) ?? .max) > room
      ? [a.magnitude / 2, a.magnitude - 1] : [a.magnitude / 2]
    for lowered in Set(steps).sorted() where !isExhausted() {
      let lower = Offset(negative: a.negative, magnitude: lowered)
      let most = Swift.min(keeping(lowered) ?? .max, room)
      guard most > b.magnitude,
        pairAttempt(first, lower, second, Offset(negative: b.negative, magnitude: most))
      else { continue }
      bisect(below: most) { magnitude in
        pairAttempt(first, lower, second, Offset(negative: b.negative, magnitude: magnitude))
      }
      return true
    }
    // Both signs flipped keep the product too, and the other side of a range may have the room
    // this side lacks: `(2, 64)` of `Int8` becomes `(-1, -128)`, as 128 does not fit.
    guard one.origin == 0, other.origin == 0 else {
      return false
    }
    let flippedRoom = b.negative ? other.up : other.down
    for lowered in Set(steps).sorted() where !isExhausted() {
      let lower = Offset(negative: !a.negative, magnitude: lowered)
      let most = Swift.min(keeping(lowered) ?? .max, flippedRoom)
      guard (keeping(lowered) ?? .max) > room, lower.index(up: one.up, down: one.down) < one.index,
        most > 0,
        pairAttempt(first, lower, second, Offset(negative: !b.negative, magnitude: most))
      else { continue }
      bisect(below: most) { magnitude in
        pairAttempt(first, lower, second, Offset(negative: !b.negative, magnitude: magnitude))
      }
      return true
    }
    return false
  }
}
