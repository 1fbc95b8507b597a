import Store

/// Where a generator's choices come from, and the record of the choices it made.
///
/// While searching, choices are made at random and recorded. While shrinking or replaying, they
/// are read back from a recorded prefix; past its end every choice is the simplest (index 0), and
/// an index too large for the choice being made is lowered to the largest allowed. So every
/// sequence of numbers produces a value the generator could have made, which is what lets the
/// shrinker edit sequences freely.
///
/// Generators also mark spans — the choices that made one list element, one tuple component, one
/// step of a reducer run — so that the shrinker can delete, reorder or replace whole parts.
///
/// ```swift
/// let draws = Draws(prefix: [3, 1], random: nil, size: 50)
/// let value = try Gen.int(in: -5...5).generate(draws)   // 2: index 3 is the third value from 0
/// ```
@usableFromInline final class Draws {
  /// Why a run of the generator produced no value.
  enum Stop: Error {
    /// The run made more choices than allowed.
    case overrun
    /// A filter rejected every try; the text names it and says how many tries it made.
    case rejected(String)
    /// The generator could not make this value (a unique collection found too few different
    /// elements), as can happen while values are small: the example is skipped, like one an
    /// `assume` rejects. The text names the generator and says why.
    case unsatisfied(String)
  }

  /// The choices made so far, in order.
  @usableFromInline private(set) var choices: [Choice] = []
  /// The spans opened so far, in the order they were opened.
  private(set) var spans: [Span] = []
  /// How large generated values may be, from 0 to 100; grows over a check's examples.
  @usableFromInline let size: Int
  /// Whether choices are made at random (searching) rather than read from a prefix.
  var isRandom: Bool { random != nil }
  /// A first ordering key below the choices themselves: a reducer run sets it to its number of
  /// actions, so that fewer actions always count as simpler.
  @usableFromInline var rank = 0
  /// Ranges of choices whose deletion the generator suggests trying first (a reducer run's
  /// actions that changed nothing, or stretches that came back to an earlier state).
  @usableFromInline var hints: (() -> [Range<Int>])?
  /// How the characters of the string being made lean while searching (``withTextBias(_:)``).
  var textBias: TextBias?
  /// Whether integer draws lean toward numbers near earlier ones (``leaningNear(_:)``).
  private var leansNear = false

  /// Simpler encodings the generator proposes for parts of its value (a float's nearest integer,
  /// a short fraction): the shrinker tries each one in place of the choices it replaces.
  private(set) var rewrites: [Rewrite] = []

  private let prefix: [UInt64]
  private var random: SplitMix64?
  private let maxChoices: Int
  private var open: [Int] = []
  private var drawn: [Bounds: [UInt64]] = [:]
  /// Indices queued to make a value equal to an earlier one (see ``composite(_:_:)``), and how
  /// many of them have been used.
  private var replaying: [UInt64] = []
  private var replayed = 0
  /// The choices that made each earlier composite value, by kind, while searching.
  private var composites: [CompositeKey: [Range<Int>]] = [:]
  /// A small number for each kind of composite made in this example, for ``Span/tag``.
  private var tags: [CompositeKey: Int] = [:]

  private struct Bounds: Hashable {
    let up: UInt64
    let down: UInt64
  }

  init(prefix: [UInt64], random: SplitMix64?, size: Int, maxChoices: Int = 20_000) {
    self.prefix = prefix
    self.random = random
    self.size = Swift.max(0, Swift.min(100, size))
    self.maxChoices = maxChoices
  }

  /// Makes one choice with `up` values above the pivot and `down` below, drawing it with
  /// `generate` when searching. Returns the index chosen.
  func draw(
    up: UInt64, down: UInt64, alternative: Bool = false, origin: Int64 = 0,
    random generate: (inout SplitMix64) -> UInt64
  ) throws -> UInt64 {
    let max = up &+ down
    if max == 0 { return 0 }  // no freedom: nothing to record
    guard choices.count < maxChoices else { throw Stop.overrun }
    let position = choices.count
    var index: UInt64 = 0
    if position < prefix.count {
      index = prefix[position]
    } else if replayed < replaying.count {
      index = replaying[replayed]
      replayed += 1
    } else if var source = random {
      index = generate(&source)
      random = source
    }
    index = Swift.min(index, max)
    choices.append(
      Choice(index: index, up: up, down: down, isAlternative: alternative, origin: origin))
    return index
  }

  /// Makes one choice among `0...max` like ``draw(up:down:alternative:random:)``; now and then,
  /// while searching, it takes an index drawn earlier in the same example for a choice of the same
  /// range instead, because bugs hide in equal values.
  func drawReusing(
    up: UInt64, down: UInt64, alternative: Bool = false,
    random generate: (inout SplitMix64) -> UInt64
  ) throws -> UInt64 {
    let bounds = Bounds(up: up, down: down)
    let index = try draw(up: up, down: down, alternative: alternative) { random in
      if let earlier = drawn[bounds], random.below(5) == 0 {
        return earlier[random.below(earlier.count)]
      }
      return generate(&random)
    }
    // Only random draws read the earlier indices, so only a search keeps them.
    if isRandom { drawn[bounds, default: []].append(index) }
    return index
  }

  /// The index drawn last, while searching, for a choice of this range in this example.
  func lastDrawn(up: UInt64, down: UInt64) -> UInt64? {
    drawn[Bounds(up: up, down: down)]?.last
  }

  /// An integer offset from a pivot with `up` values above and `down` below, drawn to favour
  /// small magnitudes, both signs and the range's ends; `origin` is the pivot's value (see
  /// ``Choice/origin``).
  ///
  /// Now and then it reuses a number drawn earlier in the same example from the same range, or
  /// one a step or three away, because bugs hide in equal and nearly equal values. Inside
  /// ``leaningNear(_:)`` (a unique collection's elements) it lands near an earlier number more
  /// often: one draw in three is a nonzero step of −3…3 away, since there an equal number is
  /// thrown away and drawn again, and "four close values in a set" needs every element close to
  /// another; an equal number comes exactly as often as outside. Cost: O(1) per draw.
  func drawOffset(up: UInt64, down: UInt64, origin: Int64 = 0) throws -> Offset {
    let bounds = Bounds(up: up, down: down)
    let index = try draw(up: up, down: down, origin: origin) { random in
      var offset = Draws.randomOffset(up: up, down: down, size: size, &random)
      guard let earlier = drawn[bounds] else { return offset.index(up: up, down: down) }
      if leansNear {
        // 1 in 15 equal to an earlier number (as outside), 5 in 15 a nonzero step away.
        let roll = random.below(15)
        if roll < 6 {
          offset = Offset(index: earlier[random.below(earlier.count)], up: up, down: down)
          if roll > 0 { Draws.nudgeAway(&offset, up: up, down: down, &random) }
        }
      } else if random.below(5) == 0 {
        offset = Offset(index: earlier[random.below(earlier.count)], up: up, down: down)
        Draws.nudge(&offset, up: up, down: down, &random)
      }
      return offset.index(up: up, down: down)
    }
    // Only random draws read the earlier numbers, so only a search keeps them.
    if isRandom { drawn[bounds, default: []].append(index) }
    return Offset(index: index, up: up, down: down)
  }

  /// Runs `body` with ``drawOffset(up:down:)`` leaning toward numbers near earlier ones, for the
  /// elements of a unique collection. Only shapes random draws, never how choices read back.
  ///
  /// ```swift
  /// let value = try draws.leaningNear { try element.generate(draws) }
  /// ```
  func leaningNear<T>(_ body: () throws -> T) rethrows -> T {
    let outer = leansNear
    leansNear = true
    defer { leansNear = outer }
    return try body()
  }

  /// One of `count` alternatives, uniformly at random when searching; earlier ones are simpler.
  @usableFromInline func drawAlternative(_ count: Int) throws -> Int {
    precondition(count > 0, "an empty set of alternatives")  // callers check this first
    let last = UInt64(count - 1)
    return Int(try draw(up: last, down: 0, alternative: true) { $0.below(last + 1) })
  }

  /// One of the `count` values of a reference pool, uniformly at random when searching; earlier
  /// ones are simpler. A pool of one value still records a choice (forced to 0), so that deleting
  /// the action that made another value does not shift the choices after this one.
  @usableFromInline func drawReference(_ count: Int) throws -> Int {
    guard count == 1 else { return try drawAlternative(count) }
    guard choices.count < maxChoices else { throw Stop.overrun }
    choices.append(Choice(index: 0, up: 0, down: 0, isForced: true))
    return 0
  }

  /// One of `count` alternatives of which only those `isEnabled` may be taken (rules whose
  /// precondition holds, kinds of step possible now), uniformly among the enabled ones when
  /// searching. The choice counts over all `count`, and an index whose alternative is disabled
  /// stands for the next enabled one after it (wrapping around), so a rule keeps its index when
  /// an earlier step is deleted and the set of enabled rules changes: the choices of later steps do
  /// not shift. The index recorded is the one taken. `isEnabled` may be asked more than once.
  /// Cost: O(count).
  @usableFromInline func drawEnabled(_ count: Int, isEnabled: (Int) -> Bool) throws -> Int {
    let enabledCount = (0..<count).count(where: isEnabled)
    precondition(enabledCount > 0, "no enabled alternative")  // callers check this first
    /// The `rank`-th enabled alternative (0: the first), or the first at or after `start`.
    func enabled(rank: Int = 0, from start: Int = 0) -> Int? {
      var seen = 0
      for index in start..<count where isEnabled(index) {
        if seen == rank { return index }
        seen += 1
      }
      return nil
    }
    let last = UInt64(count - 1)
    let index = Int(
      try draw(up: last, down: 0, alternative: true) { random in
        UInt64(enabled(rank: Int(random.below(UInt64(enabledCount))))!)
      })
    let taken = (index < count ? enabled(from: index) : nil) ?? enabled()!
    if taken != index, count > 1 { choices[choices.count - 1].index = UInt64(taken) }
    return taken
  }

  /// One of `count` elements, uniformly at random when searching, now and then one picked earlier
  /// in the example; earlier ones are simpler. A collection of one element still records a choice
  /// (forced to 0), as ``drawReference(_:)`` does, so that the choices after it do not shift when
  /// shrinking changes how many elements there are.
  func drawElement(_ count: Int) throws -> Int {
    precondition(count > 0, "an empty collection")  // callers check this first
    if count == 1 { return try drawReference(1) }
    let last = UInt64(count - 1)
    return Int(try drawReusing(up: last, down: 0, alternative: true) { $0.below(last + 1) })
  }

  /// One of `weights.count` alternatives, at random in proportion to `weights` when searching;
  /// earlier ones are simpler. Every weight must be positive.
  func drawWeighted(_ weights: [UInt64], total: UInt64) throws -> Int {
    let last = UInt64(weights.count - 1)
    return Int(
      try draw(up: last, down: 0, alternative: true) { random in
        var roll = random.below(total)
        for (index, weight) in weights.enumerated() {
          if roll < weight { return UInt64(index) }
          roll -= weight
        }
        return last
      })
  }

  /// `true` with probability `chance` when searching; `false` is simpler.
  func drawFlag(chance: Double) throws -> Bool {
    try draw(up: 1, down: 0) { $0.chance(chance) ? 1 : 0 } == 1
  }

  /// Opens a span labelled `label` for one more list element or run step and draws the "one more"
  /// flag that announces it: yes with probability `chance`, or already yes while `count` (the
  /// elements or steps so far) is below `minimum`. On yes the span stays open for the caller to
  /// fill and close; on no it is closed and the caller stops.
  @usableFromInline func beginMore(_ label: SpanLabel, count: Int, minimum: Int, chance: Double)
    throws -> Bool
  {
    begin(label)
    if count < minimum {
      try drawForcedFlag()
      return true
    }
    let more = try drawFlag(chance: chance)
    choices[choices.count - 1].isLength = true
    if !more { end() }
    return more
  }

  /// A "one more" flag whose answer is already yes (a list below its minimum length, a run below
  /// its minimum number of steps). It is recorded all the same, so that every element or step has
  /// the same layout and deleting one never shifts the next one's choices out of place.
  private func drawForcedFlag() throws {
    guard choices.count < maxChoices else { throw Stop.overrun }
    choices.append(Choice(index: 1, up: 1, down: 0, isForced: true))
  }

  /// Opens a span labelled `label`; spans nest. `tag` tells apart spans of one label that hold
  /// different kinds of values (composites of different types).
  func begin(_ label: SpanLabel, tag: Int = 0) {
    spans.append(
      Span(start: choices.count, end: choices.count, label: label, parent: open.last, tag: tag))
    open.append(spans.count - 1)
  }

  /// Marks the innermost open span as a recursive node at its depth limit (``Span/atDepthLimit``).
  func markDepthLimit() {
    guard let index = open.last else { return }
    spans[index].atDepthLimit = true
  }

  /// Closes the innermost open span; a `discarded` span held choices that did not shape the value
  /// (a filter's rejected tries), which the shrinker deletes first.
  @usableFromInline func end(discarded: Bool = false) {
    guard let index = open.popLast() else { return }
    spans[index].end = choices.count
    spans[index].discarded = discarded
  }

  /// Makes a composite value — a collection, a string — inside a span of its own. Now and then,
  /// while searching, it first queues the choices that made an earlier value of the same `key` in
  /// this example, so that the value comes out equal to that one: "this list contains that
  /// string" needs equal strings, which independent draws almost never give.
  func composite<T>(_ key: CompositeKey, _ body: () throws -> T) rethrows -> T {
    let tag = tags[key] ?? (tags.count + 1)
    tags[key] = tag
    begin(.composite, tag: tag)
    defer { end() }
    return try reusing(key, body)
  }

  /// Makes a value with `body`; now and then, while searching, it first queues the choices that
  /// made an earlier value of the same `key` in this example, so that the value comes out equal
  /// to that one (see ``composite(_:_:)``, which also marks the value's span): a tree's subtree
  /// equal to another, as `(-x) · (-x)` needs.
  func reusing<T>(_ key: CompositeKey, _ body: () throws -> T) rethrows -> T {
    let start = choices.count
    var replays = false
    if isRandom, start >= prefix.count, replayed >= replaying.count,
      let earlier = composites[key], var source = random
    {
      if source.below(6) == 0 {
        let copied = earlier[source.below(earlier.count)]
        // Forced flags are recorded without being read: leave them out of the copy.
        replaying = choices[copied].filter { !$0.isForced }.map(\.index)
        replayed = 0
        replays = true
      }
      random = source
    }
    defer {
      if replays {
        replaying = []
        replayed = 0
      }
    }
    let value = try body()
    if isRandom { composites[key, default: []].append(start..<choices.count) }
    return value
  }

  /// A random result from `body` that is not recorded as a choice, when searching; nil otherwise.
  /// Only for shaping how later choices are drawn, never for what a value is.
  func unrecorded<T>(_ body: (inout SplitMix64) -> T) -> T? {
    guard var source = random else { return nil }
    defer { random = source }
    return body(&source)
  }

  /// Proposes `indices` as a simpler encoding of the choices in `range` (see ``rewrites``).
  func suggest(_ indices: [UInt64], for range: Range<Int>, late: Bool = false) {
    rewrites.append(Rewrite(range: range, indices: indices, late: late))
  }

  /// Runs `body` inside a span labelled `label`.
  @usableFromInline func span<T>(_ label: SpanLabel, _ body: () throws -> T) rethrows -> T {
    begin(label)
    defer { end() }
    return try body()
  }

  /// The random offset for a range with `up` values above the pivot and `down` below: mostly a
  /// few bits, sometimes many, sometimes an end of the range. At small sizes (the first examples
  /// of a check) magnitudes stay small, so that the first failure found tends to be small too.
  static func randomOffset(up: UInt64, down: UInt64, size: Int, _ random: inout SplitMix64)
    -> Offset
  {
    let negative: Bool
    if up == 0 {
      negative = true
    } else if down == 0 {
      negative = false
    } else {
      negative = random.next() & 1 == 1
    }
    let limit = negative ? down : up
    let roll = random.below(100)
    var magnitude: UInt64
    switch roll {
    case 0..<4 where size >= 20: magnitude = limit
    case 4..<6 where size >= 20: magnitude = limit - Swift.min(limit, 1 + random.below(3))
    default:
      var bits: UInt64 =
        switch roll {
        case 0..<45: 1 + random.below(8)
        case 45..<78: 9 + random.below(8)
        case 78..<90: 17 + random.below(16)
        default: 33 + random.below(32)
        }
      bits = Swift.min(bits, 2 + UInt64(size) * 62 / 100)
      magnitude = bits >= 64 ? random.next() : random.next() & ((1 << bits) - 1)
    }
    if magnitude > limit { magnitude = random.upTo(limit) }
    return Offset(negative: negative, magnitude: magnitude)
  }
}
