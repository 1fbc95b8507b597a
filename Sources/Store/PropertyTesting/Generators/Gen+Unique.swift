import Store

extension Gen {
  /// Arrays of values whose `key`s all differ, with a length in `count`. An element whose key
  /// repeats an earlier one is drawn again; an example for which not enough different keys come
  /// is skipped, and a check that skips too many gives up, naming this line. Shrinks like
  /// ``array(count:)``.
  ///
  /// ```swift
  /// struct User { var id: Int; var name: String }
  /// let users = Gen.zip(Gen.int(in: 0...99), Gen.string()).map(User.init)
  ///   .uniqueArray(count: 0...10, by: \.id)
  /// ```
  public func uniqueArray<Key: Hashable & Sendable>(
    count: ClosedRange<Int> = 0...1000, by key: @escaping @Sendable (Value) -> Key,
    fileID: String = #fileID, line: Int = #line
  ) -> Gen<[Value]> {
    uniqueArray(count: count, by: key, leaningNear: false, fileID: fileID, line: line)
  }

  /// ``uniqueArray(count:by:fileID:line:)``, whose elements' numbers lean near earlier ones
  /// (``Draws/leaningNear(_:)``) when `leaningNear` holds: only when the key is the whole value,
  /// so that every number leaning is one a repeat would throw away. With a key of part of the
  /// value, the rest may repeat freely (two keys sharing a value), and leaning would only make
  /// the search's examples stranger.
  func uniqueArray<Key: Hashable & Sendable>(
    count: ClosedRange<Int>, by key: @escaping @Sendable (Value) -> Key, leaningNear: Bool,
    fileID: String, line: Int
  ) -> Gen<[Value]> {
    let minimum = Swift.max(0, count.lowerBound)
    let maximum = count.upperBound
    let site = "Gen.uniqueArray at \(fileID):\(line)"
    let composite = CompositeKey(
      type: ObjectIdentifier([Value].self), bounds: [minimum, maximum, 1])
    return Gen<[Value]> { draws in
      try draws.composite(composite) {
        let average = Swift.min(Double(maximum - minimum), 1 + Double(draws.size) / 20)
        let more = average / (1 + average)
        var result: [Value] = []
        var keys: Set<Key> = []
        var repeats = 0
        while result.count < maximum,
          try draws.beginMore(.element, count: result.count, minimum: minimum, chance: more)
        {
          // An equal element is drawn again, so its numbers lean near earlier ones instead.
          let value = try leaningNear ? draws.leaningNear { try generate(draws) } : generate(draws)
          if keys.insert(key(value)).inserted {
            result.append(value)
            draws.end()
            continue
          }
          // A repeat: its choices are discarded, which the shrinker deletes first.
          draws.end(discarded: true)
          repeats += 1
          if repeats > 10 + 5 * minimum {
            guard result.count >= minimum else {
              throw Draws.Stop.unsatisfied(
                "\(site) found only \(result.count) different values of the \(minimum) "
                  + "needed: its elements repeat too often. Widen the element generator, or "
                  + "lower the minimum count.")
            }
            break
          }
        }
        return result
      }
    }
  }

  /// Dictionaries with keys from `keys` and values from `values`, with a number of entries in
  /// `count`; shrinks toward fewer entries, then simpler keys and values.
  ///
  /// ```swift
  /// Gen.dictionary(keys: Gen.string(count: 1...5), values: Gen.int(in: 0...9), count: 0...4)
  /// ```
  public static func dictionary<Key: Hashable & Sendable, Element>(
    keys: Gen<Key>, values: Gen<Element>, count: ClosedRange<Int> = 0...100,
    fileID: String = #fileID, line: Int = #line
  ) -> Gen where Value == [Key: Element] {
    Gen<(Key, Element)>.zip(keys, values)
      .uniqueArray(count: count, by: { $0.0 }, fileID: fileID, line: line)
      .map { Dictionary(uniqueKeysWithValues: $0) }
  }
}

extension Gen where Value: Hashable & Sendable {
  /// Arrays of different values, with a length in `count`; see ``uniqueArray(count:by:fileID:line:)``.
  ///
  /// ```swift
  /// Gen.int(in: 0...9).uniqueArray(count: 3...3)   // e.g. [4, 0, 7]; shrinks to [0, 1, 2]
  /// ```
  public func uniqueArray(
    count: ClosedRange<Int> = 0...1000, fileID: String = #fileID, line: Int = #line
  ) -> Gen<[Value]> {
    uniqueArray(count: count, by: { $0 }, leaningNear: true, fileID: fileID, line: line)
  }

  /// Sets of this generator's values, with a number of elements in `count`; shrinks toward smaller
  /// sets of simpler elements.
  ///
  /// ```swift
  /// Gen.int(in: 1...100).set(count: 0...8)
  /// ```
  public func set(count: ClosedRange<Int> = 0...1000, fileID: String = #fileID, line: Int = #line)
    -> Gen<Set<Value>>
  {
    uniqueArray(count: count, by: { $0 }, leaningNear: true, fileID: fileID, line: line).map(
      Set.init)
  }
}
