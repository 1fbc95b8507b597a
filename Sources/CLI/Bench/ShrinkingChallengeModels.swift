import PropertyTesting
import Store

/// The calculator challenge's expressions: integers, sums and (integer) quotients.
indirect enum Expression: Equatable, Sendable {
  case int(Int)
  case add(Expression, Expression)
  case div(Expression, Expression)

  /// Expressions up to five levels deep; shrinks toward integers, then sums, then quotients.
  static let gen = Gen.recursive(base: Gen.int.map(Expression.int), maxDepth: 5) { expression in
    [
      Gen.zip(expression, expression).map(Expression.add),
      Gen.zip(expression, expression).map(Expression.div),
    ]
  }

  /// Whether some quotient divides by the literal 0 (the challenge discards those).
  var hasLiteralZeroDivisor: Bool {
    switch self {
    case .int: false
    case .add(let left, let right): left.hasLiteralZeroDivisor || right.hasLiteralZeroDivisor
    case .div(let left, let right):
      right == .int(0) || left.hasLiteralZeroDivisor || right.hasLiteralZeroDivisor
    }
  }

  /// The value, with wrapping arithmetic; nil when some quotient divides by zero.
  var evaluated: Int? {
    switch self {
    case .int(let value): return value
    case .add(let left, let right):
      guard let a = left.evaluated, let b = right.evaluated else { return nil }
      return a &+ b
    case .div(let left, let right):
      guard let a = left.evaluated, let b = right.evaluated, b != 0 else { return nil }
      return a.dividedReportingOverflow(by: b).partialValue
    }
  }
}

/// The binheap challenge's heaps: every node's key is at most its children's keys.
indirect enum Heap: Sendable {
  case empty
  case node(Int, Heap, Heap)

  /// Heaps of up to 20 nodes, as QuickCheck's example builds them: a size, then for each node a
  /// one-in-eight chance of stopping, a key no smaller than its parent's, and two children of
  /// half the size.
  static let gen = Gen.int(in: 0...20).flatMap { size in heap(atLeast: 0, size: size) }

  private static func heap(atLeast minimum: Int, size: Int) -> Gen<Heap> {
    guard size > 0 else { return .just(.empty) }
    return Gen.int(in: 1...8).flatMap { branch in
      guard branch > 1 else { return .just(.empty) }
      return Gen.int(in: minimum...Int.max).flatMap { key in
        Gen.zip(heap(atLeast: key, size: size / 2), heap(atLeast: key, size: size / 2)).map {
          .node(key, $0, $1)
        }
      }
    }
  }

  /// Every key, in depth-first order.
  var elements: [Int] {
    var result: [Int] = []
    var stack = [self]
    while let heap = stack.popLast() {
      guard case .node(let key, let left, let right) = heap else { continue }
      result.append(key)
      stack.append(left)
      stack.append(right)
    }
    return result
  }

  /// The challenge's buggy heap sort: the root, then the rest of the merged heap in depth-first
  /// order instead of sorted order.
  var wronglySorted: [Int] {
    guard case .node(let key, let left, let right) = self else { return [] }
    return [key] + Heap.merge(left, right).elements
  }

  private static func merge(_ first: Heap, _ second: Heap) -> Heap {
    guard case .node(let a, let aLeft, let aRight) = first else { return second }
    guard case .node(let b, let bLeft, let bRight) = second else { return first }
    return a <= b ? .node(a, merge(aRight, second), aLeft) : .node(b, merge(bRight, first), bLeft)
  }
}
