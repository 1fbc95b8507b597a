/// A call of a dependency an ``EffectProperty`` answers, as its answers' generator sees it: what
/// the call asked, and what the dependency's earlier calls in the same run asked.
///
/// ```swift
/// property.answering(
///   "nextID", values: { (call: AnsweredCall<Void>) in .just(call.earlier.count + 1) }
/// ) { dependencies, call in
///   dependencies.ids.next = { try await call(()) }
/// }
/// ```
public struct AnsweredCall<Input> {
  /// What this call asked (`()` for a call without input).
  ///
  /// ```swift
  /// values: { (call: AnsweredCall<String>) in .just(call.input.count) }
  /// ```
  public let input: Input
  /// The inputs of the dependency's earlier calls in the run, oldest first, answered or not.
  ///
  /// ```swift
  /// values: { (call: AnsweredCall<String>) in .just(call.earlier.contains(call.input)) }
  /// ```
  public let earlier: [Input]
}
