import Store

/// One decision a generator made, recorded so that it can be replayed and shrunk.
///
/// Every choice is a number `index` in `0...max`, where a smaller index is a simpler choice. For an
/// integer drawn from a range, the index walks outward from the pivot (the value in the range
/// nearest to zero), positive side first: indices 0, 1, 2, 3, 4 stand for pivot, pivot + 1,
/// pivot − 1, pivot + 2, pivot − 2, and once one side of the range is used up the other side
/// continues alone. `up` and `down` count the values above and below the pivot.
///
/// ```swift
/// let choice = Choice(index: 4, up: 10, down: 10)   // an integer in -10...10
/// choice.offset                                      // −2
/// ```
@usableFromInline
struct Choice: Hashable, Sendable {
  /// How simple the choice is: 0 is the simplest.
  var index: UInt64
  /// How many values lie above the pivot.
  var up: UInt64
  /// How many values lie below the pivot.
  var down: UInt64
  /// Whether the generator decided this choice itself (a flag forced to yes): changing it changes
  /// nothing.
  var isForced = false
  /// Whether the choice picks among alternatives — elements, characters, generators — rather than
  /// a number: the property need not change monotonically with it, so the shrinker tries more of
  /// the simplest indices one by one before a binary search.
  var isAlternative = false
  /// Whether the choice is a "one more" flag that announces a list element or a run step: the
  /// deleting passes change it, with what it announces, and the lowering passes leave it alone.
  var isLength = false
  /// The value of the pivot, for an integer drawn from a range that does not contain 0 (its end
  /// nearest to 0, as in `1...1000`), when it fits in `Int64`; else 0. The passes that trade
  /// two numbers against each other (a product that must stay large) compute with values, not
  /// with offsets from the pivot.
  var origin: Int64 = 0

  /// The largest index (`up + down`, which never overflows: both count values of one range).
  var max: UInt64 { up &+ down }

  /// Whether the choice stands for a number that can be lowered by more than one step, rather than
  /// a yes/no flag.
  var isNumeric: Bool { max >= 2 }

  /// The value relative to the pivot.
  var offset: Offset { Offset(index: index, up: up, down: down) }

  /// How far the value of `offset` lies from zero: the pivot's distance from zero plus the
  /// offset's magnitude (the offsets of a range without 0 all lie on the far side of its pivot);
  /// nil past 64 bits.
  func distanceFromZero(_ offset: Offset) -> UInt64? {
    let (sum, overflow) = origin.magnitude.addingReportingOverflow(offset.magnitude)
    return overflow ? nil : sum
  }

  /// `offset` moved by `amount` up or down, wrapping around from one end of the range to the
  /// other as fixed-width arithmetic does.
  func wrapping(_ offset: Offset, by amount: UInt64, upward: Bool) -> Offset {
    // Positions 0...max count from the lowest value; the range holds max + 1 of them.
    let position = offset.negative ? down - offset.magnitude : down + offset.magnitude
    let count = max &+ 1  // 0 when the range covers all 2⁶⁴ values: wrapping is then free
    let step = count == 0 ? amount : amount % count
    var moved: UInt64
    if upward {
      let (sum, overflow) = position.addingReportingOverflow(step)
      moved = overflow || (count != 0 && sum >= count) ? sum &- count : sum
    } else {
      let (difference, overflow) = position.subtractingReportingOverflow(step)
      moved = overflow ? difference &+ count : difference
    }
    return moved >= down
      ? Offset(negative: false, magnitude: moved - down)
      : Offset(negative: true, magnitude: down - moved)
  }

  /// This choice with its value replaced by `offset` (which must lie within `-down...up`).
  func with(_ offset: Offset) -> Choice {
    var copy = self
    copy.index = offset.index(up: up, down: down)
    return copy
  }
}

/// A signed distance from a choice's pivot, as a sign and a magnitude, so that the whole 64-bit
/// range fits.
struct Offset: Equatable, Sendable {
  var negative: Bool
  var magnitude: UInt64

  static let zero = Offset(negative: false, magnitude: 0)

  init(negative: Bool, magnitude: UInt64) {
    self.negative = magnitude == 0 ? false : negative
    self.magnitude = magnitude
  }

  /// The offset stored at `index` for a range with `up` values above and `down` below the pivot.
  init(index: UInt64, up: UInt64, down: UInt64) {
    let shared = Swift.min(up, down)
    if index == 0 {
      self = .zero
    } else if index <= 2 * shared {  // 2 * shared <= up + down: no overflow
      self.init(negative: index % 2 == 0, magnitude: index / 2 + index % 2)
    } else {
      self.init(negative: up < down, magnitude: shared + (index - 2 * shared))
    }
  }

  /// The index that stores this offset; the inverse of ``init(index:up:down:)``.
  func index(up: UInt64, down: UInt64) -> UInt64 {
    guard magnitude > 0 else { return 0 }
    let shared = Swift.min(up, down)
    if magnitude <= shared {
      return negative ? 2 * magnitude : 2 * magnitude - 1
    }
    return 2 * shared + (magnitude - shared)
  }

  /// The offset as an `Int64`, when its magnitude is below 2⁶².
  var small: Int64? {
    guard magnitude < 1 << 62 else { return nil }
    return negative ? -Int64(magnitude) : Int64(magnitude)
  }

  /// The offset for `value`.
  init(_ value: Int64) {
    self.init(negative: value < 0, magnitude: value.magnitude)
  }

  /// The sum of two offsets, exact over the whole 64-bit range of magnitudes (a number of one
  /// range moved by the width of another); nil when its magnitude needs more than 64 bits. O(1).
  static func + (a: Offset, b: Offset) -> Offset? {
    if a.negative == b.negative {
      let (sum, overflow) = a.magnitude.addingReportingOverflow(b.magnitude)
      return overflow ? nil : Offset(negative: a.negative, magnitude: sum)
    }
    return a.magnitude >= b.magnitude
      ? Offset(negative: a.negative, magnitude: a.magnitude - b.magnitude)
      : Offset(negative: b.negative, magnitude: b.magnitude - a.magnitude)
  }

  /// The offset on the other side of the pivot.
  static prefix func - (offset: Offset) -> Offset {
    Offset(negative: !offset.negative, magnitude: offset.magnitude)
  }

  /// The difference of two offsets, as ``+(_:_:)``.
  static func - (a: Offset, b: Offset) -> Offset? {
    a + -b
  }

  /// Whether the offset lies within `-down...up`.
  func fits(up: UInt64, down: UInt64) -> Bool {
    magnitude <= (negative ? down : up)
  }
}

/// Orders choice sequences from simplest to most complex: a lower rank first, then fewer choices,
/// then the smaller index at the first difference. Shrinking only ever moves down this order, so
/// it always ends.
struct SimplicityKey: Comparable, Sendable {
  var rank: Int
  var indices: [UInt64]

  static func < (a: SimplicityKey, b: SimplicityKey) -> Bool {
    if a.rank != b.rank { return a.rank < b.rank }
    return shortlexLess(a.indices, b.indices)
  }
}

/// Whether `a` is shorter than `b`, or as long and smaller at the first difference.
func shortlexLess(_ a: [UInt64], _ b: [UInt64]) -> Bool {
  shortlexLess(a[...], b[...])
}

func shortlexLess(_ a: ArraySlice<UInt64>, _ b: ArraySlice<UInt64>) -> Bool {
  if a.count != b.count { return a.count < b.count }
  for (x, y) in zip(a, b) where x != y { return x < y }
  return false
}
