import Store

/// What kind of composite value a span holds, so that a search can copy one value into another of
/// the same kind: the value's type and the generator's bounds, such as a length range.
struct CompositeKey: Hashable, Sendable {
  let type: ObjectIdentifier
  let bounds: [Int]
}

/// A simpler encoding of some choices, proposed by the generator that made them.
struct Rewrite: Sendable {
  let range: Range<Int>
  let indices: [UInt64]
  /// Whether it is tried only in a round where the cheap passes found nothing (a schedule
  /// rewritten around its calls, which those passes usually make needless).
  var late = false
}

/// A run of consecutive choices that made one part of a value.
struct Span: Sendable {
  var start: Int
  var end: Int
  let label: SpanLabel
  /// The index of the enclosing span in ``Draws/spans``, or nil at the top level.
  let parent: Int?
  /// For composites, which kind of value the span holds (the same tag, the same type); else 0.
  var tag = 0
  var discarded = false
  /// A node of a recursive generator at its depth limit, which draws no choice of alternative
  /// (it can only be the base): moved up a level, it reads one first.
  var atDepthLimit = false

  var range: Range<Int> { start..<end }
  var isEmpty: Bool { start == end }
}

/// What a span holds. Spans of the same label under the same parent are siblings the shrinker may
/// reorder; a span of a recursive node may be replaced by a node it contains.
@usableFromInline
enum SpanLabel: UInt8, Sendable {
  case element, component, alternative, filterTry, recursiveNode, bound, step, initialState
  /// A whole collection or string (``Draws/composite(_:_:)``).
  case composite
  /// One floating-point number.
  case float
  /// An optional value: its "present" flag, then the value's choices (``Gen/optional``).
  case optional
}
