import Store

extension Gen {
  /// Arrays of this generator's values with a length in `count`. Lengths grow with the check's
  /// size; arrays shrink toward shorter ones (elements are deleted, not only the last), then
  /// toward simpler elements.
  ///
  /// ```swift
  /// Gen.int(in: 0...9).array(count: 1...5)
  /// ```
  public func array(count: ClosedRange<Int> = 0...1000) -> Gen<[Value]> {
    let minimum = Swift.max(0, count.lowerBound)
    let maximum = count.upperBound
    let key = CompositeKey(type: ObjectIdentifier([Value].self), bounds: [minimum, maximum])
    return Gen<[Value]> { draws in
      try draws.composite(key) {
        // Each element is announced by a "one more" flag, so deleting the flag with the element
        // deletes exactly that element.
        let average = Swift.min(Double(maximum - minimum), 1 + Double(draws.size) / 20)
        let more = average / (1 + average)
        var result: [Value] = []
        while result.count < maximum,
          try draws.beginMore(.element, count: result.count, minimum: minimum, chance: more)
        {
          result.append(try generate(draws))
          draws.end()
        }
        return result
      }
    }
  }

  /// Recursive values, such as trees or expressions: each node is `base` or one of the
  /// generators `extend` builds from the node generator itself. Shrinks toward `base` and toward
  /// smaller trees (a node may be replaced by a node inside it). Depth grows with the check's
  /// size up to `maxDepth`; at the deepest level every node is `base`.
  ///
  /// ```swift
  /// indirect enum Expr { case int(Int), add(Expr, Expr) }
  /// let expr = Gen.recursive(base: Gen.int.map(Expr.int), maxDepth: 4) { expr in
  ///   [Gen.zip(expr, expr).map(Expr.add)]
  /// }
  /// ```
  public static func recursive(
    base: Gen, maxDepth: Int = 5, _ extend: @escaping @Sendable (Gen) -> [Gen]
  ) -> Gen {
    let key = CompositeKey(type: ObjectIdentifier(Value.self), bounds: [-1, maxDepth])
    return Gen { draws in
      let depthLimit = Swift.min(maxDepth, 1 + draws.size / 20)
      return try RecursiveNode(base: base, extend: extend, depth: 0, limit: depthLimit, key: key)
        .generate(draws)
    }
  }
}

/// One level of a recursive generator: knows how deep it is, so that the alternatives it offers
/// thin out with depth and stop at the limit.
private struct RecursiveNode<Value>: Sendable {
  let base: Gen<Value>
  let extend: @Sendable (Gen<Value>) -> [Gen<Value>]
  let depth: Int
  let limit: Int
  /// What the nodes of this generator share, so that a search can make one node equal to an
  /// earlier one (``Draws/reusing(_:_:)``): equal subtrees, where many bugs of trees hide.
  let key: CompositeKey

  func generate(_ draws: Draws) throws -> Value {
    try draws.span(.recursiveNode) { try draws.reusing(key) { try node(draws) } }
  }

  private func node(_ draws: Draws) throws -> Value {
    guard depth < limit else {
      // No choice of alternative here: the node can only be the base. The span says so, so
      // that a subtree the shrinker moves up a level gets the choice its leaves then read.
      draws.markDepthLimit()
      return try base.generate(draws)
    }
    let child = RecursiveNode(base: base, extend: extend, depth: depth + 1, limit: limit, key: key)
    let alternatives = [base] + extend(Gen(child.generate))
    // The deeper the node, the likelier a leaf, so trees stay finite and varied.
    let leafWeight = UInt64(1 + 2 * depth) * UInt64(alternatives.count - 1)
    let weights = [leafWeight] + Array(repeating: 2, count: alternatives.count - 1)
    let pick = try draws.drawWeighted(weights, total: weights.reduce(0, +))
    // A tree with fewer inner nodes is simpler, whatever its choices: a leaf at the depth limit
    // draws one choice fewer than a leaf above it, which would otherwise make a deeper tree
    // look simpler than the same tree moved up a level.
    if pick > 0 { draws.rank += 1 }
    return try alternatives[pick].generate(draws)
  }
}
