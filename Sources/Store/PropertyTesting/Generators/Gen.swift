import Store

/// A generator of test values for property checks.
///
/// A generator makes its value from a sequence of recorded choices. Searching makes the choices at
/// random; shrinking edits the recorded sequence and runs the generator again, so every shrunk
/// value is one the generator could have made — through `map`, `flatMap` and `filter` too — and no
/// type needs a shrinker of its own. Integers shrink toward zero, positive before negative;
/// collections toward shorter ones; alternatives toward the earlier ones.
///
/// ```swift
/// let point = Gen.zip(Gen.int(in: -10...10), Gen.int(in: -10...10))
/// let evenLists = Gen.int(in: 0...99).map { $0 * 2 }.array(count: 0...5)
/// let shapes = Gen.oneOf(Gen.just(Shape.dot), Gen.int(in: 1...9).map(Shape.square))
/// ```
public struct Gen<Value>: Sendable {
  /// Runs the generator, making its choices through `draws`.
  @usableFromInline let generate: @Sendable (Draws) throws -> Value
  /// The generators this one picks among uniformly, when it is a ``oneOf(_:)-swift.type.method``
  /// (their `generate` functions, not the generators themselves: a generic struct holding
  /// values of its own type trips the runtime when copied through `zip`'s parameter packs).
  let branches: [@Sendable (Draws) throws -> Value]?

  init(
    branches: [@Sendable (Draws) throws -> Value]? = nil,
    _ generate: @escaping @Sendable (Draws) throws -> Value
  ) {
    self.generate = generate
    self.branches = branches
  }

  /// Always `value`, with no choice made.
  ///
  /// ```swift
  /// Gen.just(ClockAction.reload)
  /// ```
  public static func just(_ value: Value) -> Gen where Value: Sendable {
    Gen { _ in value }
  }

  /// Values of this generator transformed by `transform`; they shrink as the originals do.
  ///
  /// ```swift
  /// let days = Gen.int(in: -400...400).map(ClockAction.moveDay)
  /// ```
  public func map<T>(_ transform: @escaping @Sendable (Value) -> T) -> Gen<T> {
    Gen<T> { draws in transform(try generate(draws)) }
  }

  /// A generator chosen by a value of this one: first this value, then a value of the generator
  /// `next` returns for it. Shrinking shrinks both, and the second stays one that `next` allows.
  ///
  /// ```swift
  /// let sized = Gen.int(in: 1...100).flatMap { n in Gen.int(in: 0...1000).array(count: n...n) }
  /// ```
  public func flatMap<T>(_ next: @escaping @Sendable (Value) -> Gen<T>) -> Gen<T> {
    Gen<T> { draws in
      let value = try draws.span(.bound) { try generate(draws) }
      return try next(value).generate(draws)
    }
  }

  /// Only values satisfying `isIncluded`: each value is tried up to `maxTries` times. A filter that
  /// rejects all its tries stops the check with an error naming this line, because a generator
  /// that mostly makes values only to throw them away should make valid values directly.
  ///
  /// ```swift
  /// let odd = Gen.int(in: 0...100).filter { $0 % 2 == 1 }
  /// ```
  public func filter(
    maxTries: Int = 100, fileID: String = #fileID, line: Int = #line,
    _ isIncluded: @escaping @Sendable (Value) -> Bool
  ) -> Gen {
    let site = "Gen.filter at \(fileID):\(line)"
    return Gen { draws in
      let tries = Swift.max(1, maxTries)
      for _ in 0..<tries {
        draws.begin(.filterTry)
        let value = try generate(draws)
        let kept = isIncluded(value)
        draws.end(discarded: !kept)
        if kept { return value }
      }
      throw Draws.Stop.rejected(
        "\(site) rejected \(tries) values in a row: the filter keeps too few values. Generate "
          + "values that satisfy the condition directly (with map or flatMap), or loosen it.")
    }
  }

  /// Values built from a value of every generator in `gens`, as a tuple.
  ///
  /// ```swift
  /// Gen.zip(Gen.int(in: 0...9), Gen.bool, Gen.element(of: ["a", "b"]))   // (Int, Bool, String)
  /// ```
  public static func zip<each T>(_ gens: repeat Gen<each T>) -> Gen
  where Value == (repeat each T) {
    Gen { draws in (repeat try (each gens).component(of: draws)) }
  }

  /// Generates one component of a tuple, inside its own span.
  private func component(of draws: Draws) throws -> Value {
    try draws.span(.component) { try generate(draws) }
  }

  /// A value of one of `gens`, picked uniformly; shrinks toward the earlier generators.
  ///
  /// ```swift
  /// Gen.oneOf(Gen.int(in: 0...9), Gen.just(100))   // 100 about half the time
  /// ```
  public static func oneOf(_ gens: Gen...) -> Gen {
    oneOf(gens)
  }

  /// A value of one of `gens`, picked uniformly; shrinks toward the earlier generators. A
  /// generator that is itself a `oneOf` counts as its alternatives, so nesting does not make
  /// the inner ones rarer.
  ///
  /// ```swift
  /// Gen.oneOf(["a", "b", "c"].map(Gen.just))
  /// ```
  public static func oneOf(_ gens: [Gen]) -> Gen {
    precondition(!gens.isEmpty, "Gen.oneOf needs at least one generator")
    let branches = gens.flatMap { $0.branches ?? [$0.generate] }
    return Gen(branches: branches) { draws in
      let pick = try draws.drawAlternative(branches.count)
      return try draws.span(.alternative) { try branches[pick](draws) }
    }
  }

  /// A value of one of the generators, picked in proportion to its weight; shrinks toward the
  /// earlier generators whatever their weights.
  ///
  /// ```swift
  /// Gen.frequency((9, Gen.just(ClockAction.reload)), (1, Gen.int(in: -9...9).map(ClockAction.moveDay)))
  /// ```
  public static func frequency(_ weighted: (Int, Gen)...) -> Gen {
    frequency(weighted)
  }

  /// A value of one of the generators, picked in proportion to its weight.
  ///
  /// ```swift
  /// Gen.frequency([(3, Gen.just(true)), (1, Gen.just(false))])
  /// ```
  public static func frequency(_ weighted: [(Int, Gen)]) -> Gen {
    let kept = weighted.filter { $0.0 > 0 }
    precondition(!kept.isEmpty, "Gen.frequency needs at least one positive weight")
    let weights = kept.map { UInt64($0.0) }
    let total = weights.reduce(0, +)
    let gens = kept.map(\.1)
    return Gen { draws in
      let pick = try draws.drawWeighted(weights, total: total)
      return try draws.span(.alternative) { try gens[pick].generate(draws) }
    }
  }

  /// `nil` or a value of this generator; `nil` is simpler and comes about a quarter of the time.
  ///
  /// ```swift
  /// Gen.string().optional   // String?
  /// ```
  public var optional: Gen<Value?> {
    Gen<Value?> { draws in
      // In a span of its own, so that the shrinker can make it nil with its value's choices gone.
      try draws.span(.optional) {
        guard try draws.drawFlag(chance: 0.75) else { return nil }
        return try generate(draws)
      }
    }
  }
}

/// Why a property skipped an example: ``assume(_:fileID:line:)`` found its input unsuitable.
///
/// ```swift
/// try assume(index < list.count)   // throws PropertyDiscard(site: "assume at MyTests.swift:12")
/// ```
public struct PropertyDiscard: Error, Sendable {
  /// The `assume` that discarded the example, as `file:line`.
  ///
  /// ```swift
  /// error.site   // "assume at MyTests.swift:12"
  /// ```
  public let site: String
}

/// Skips the current example of a property check unless `condition` holds. Discarded examples do
/// not count; a check that discards almost everything fails, naming this line.
///
/// ```swift
/// forAll(Gen.zip(Gen.int.array(), Gen.int(in: 0...10))) { list, index in
///   try assume(index < list.count)
///   return list.contains(list[index])
/// }
/// ```
public func assume(_ condition: Bool, fileID: String = #fileID, line: Int = #line) throws {
  if !condition { throw PropertyDiscard(site: "assume at \(fileID):\(line)") }
}
