/// A reducer that changes nothing and returns no effect: a placeholder, or the branch of a
/// `ReducerBuilder` `if` that has nothing to do.
///
/// ```swift
/// let reducer = CombineReducers<Int, Void, _> {
///   if isEnabled {
///     Reduce { count, _ in count += 1; return .none }
///   } else {
///     EmptyReducer()
///   }
/// }
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  /// The reducer that does nothing.
  ///
  /// ```swift
  /// let nothing = EmptyReducer<Int, Void>()
  /// ```
  @inlinable
  public init() {}

  /// Leaves `state` as it is and returns `.none`.
  ///
  /// ```swift
  /// var count = 0
  /// _ = EmptyReducer<Int, Void>().reduce(into: &count, action: ())
  /// ```
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

extension EmptyReducer: Sendable {}
