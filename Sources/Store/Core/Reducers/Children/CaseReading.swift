/// How a router reads its child's case out of the parent's action (and `ifCaseLet` its case out
/// of the parent's state), decided by the operator's overload rather than at each action: a
/// router built from case values calls their closures (``ClosureCaseReading``); one built from
/// key paths, the docs' form, reads the cases named by their constructors in line
/// (``LearntCaseReading``). A router of either kind carries no code for the other: with a
/// branch between the two in line, the closure-built routers spilled registers on their hot
/// path, and a `forEach` of hand-written cases got slower (docs/performance.md).
@usableFromInline
protocol CaseReading {
  /// The value of `root`'s case, if it is of it.
  static func extract<Root, Value>(
    _ body: (Root) -> Value?, _ learned: Unmanaged<LearnedCase>?, from root: Root
  ) -> Value?

  /// Whether `root` is of the case.
  static func contains<Root, Value>(
    _ body: (Root) -> Value?, _ learned: Unmanaged<LearnedCase>?, _ root: Root
  ) -> Bool
}

/// Cases read through their closures (``ActionCase/extract(from:)``).
@usableFromInline
enum ClosureCaseReading: CaseReading {
  @inlinable
  @inline(__always)
  static func extract<Root, Value>(
    _ body: (Root) -> Value?, _: Unmanaged<LearnedCase>?, from root: Root
  ) -> Value? {
    body(root)
  }

  @inlinable
  @inline(__always)
  static func contains<Root, Value>(
    _ body: (Root) -> Value?, _: Unmanaged<LearnedCase>?, _ root: Root
  ) -> Bool {
    body(root) != nil
  }
}

/// Cases named by their constructors read in line through what they learnt
/// (``LearnedCase/extract(from:as:)``); any other case through its closure.
@usableFromInline
enum LearntCaseReading: CaseReading {
  @inlinable
  @inline(__always)
  static func extract<Root, Value>(
    _ body: (Root) -> Value?, _ learned: Unmanaged<LearnedCase>?, from root: Root
  ) -> Value? {
    guard let learned else { return body(root) }
    return learned._withUnsafeGuaranteedRef { $0.extract(from: root, as: Value.self) }
  }

  @inlinable
  @inline(__always)
  static func contains<Root, Value>(
    _ body: (Root) -> Value?, _ learned: Unmanaged<LearnedCase>?, _ root: Root
  ) -> Bool {
    guard let learned else { return body(root) != nil }
    return learned._withUnsafeGuaranteedRef { $0.contains(root, as: Value.self) }
  }
}
