import PropertyTesting
import Store

/// Integer expressions with negation, and a simplifier that pushes negation into sums.
indirect enum SignedExpression: Equatable, Sendable {
  case literal(Int)
  case negate(SignedExpression)
  case add(SignedExpression, SignedExpression)

  static let gen = Gen.recursive(
    base: Gen.int(in: -5...5).map(SignedExpression.literal), maxDepth: 4
  ) { expression in
    [expression.map(SignedExpression.negate), Gen.zip(expression, expression).map(Self.add)]
  }

  var value: Int {
    switch self {
    case .literal(let value): value
    case .negate(let inner): -inner.value
    case .add(let left, let right): left.value + right.value
    }
  }

  /// The planted bug: `-(a + b)` becomes `-a + b`.
  var simplified: SignedExpression {
    switch self {
    case .literal: self
    case .negate(.add(let left, let right)): .add(.negate(left.simplified), right.simplified)
    case .negate(let inner): .negate(inner.simplified)
    case .add(let left, let right): .add(left.simplified, right.simplified)
    }
  }
}

/// Binary trees of small numbers.
indirect enum LeafTree: Equatable, Sendable {
  case leaf(Int)
  case node(LeafTree, LeafTree)

  static let gen = Gen.recursive(base: Gen.int(in: 0...9).map(LeafTree.leaf), maxDepth: 5) {
    tree in
    [Gen.zip(tree, tree).map(LeafTree.node)]
  }

  /// A leaf is 1 deep.
  var depth: Int {
    switch self {
    case .leaf: 1
    case .node(let left, let right): 1 + max(left.depth, right.depth)
    }
  }

  var leafSum: Int {
    switch self {
    case .leaf(let value): value
    case .node(let left, let right): left.leafSum + right.leafSum
    }
  }
}

/// Shapes whose areas a cache adds up.
enum Shape: Equatable, Sendable {
  case circle(radius: Int)
  case rect(width: Int, height: Int)
  case label(String)

  static let gen = Gen.oneOf(
    Gen.int(in: 0...100).map { Shape.circle(radius: $0) },
    Gen.zip(Gen.int(in: 0...100), Gen.int(in: 0...100)).map { Shape.rect(width: $0, height: $1) },
    Gen.string(count: 0...5).map(Shape.label))

  var area: Int {
    switch self {
    case .circle(let radius): 3 * radius * radius
    case .rect(let width, let height): width * height
    case .label: 0
    }
  }

  static func total(_ shapes: [Shape]) -> Int {
    shapes.reduce(0) { $0 + $1.area }
  }

  static func cachedTotal(_ shapes: [Shape]) -> Int {
    shapes.reduce(0) { $0 + $1.cachedArea }
  }

  /// The planted bug: a rectangle's cached area is its half-perimeter.
  var cachedArea: Int {
    if case .rect(let width, let height) = self { return width + height }
    return area
  }
}
