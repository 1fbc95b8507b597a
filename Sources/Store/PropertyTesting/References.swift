import Store

/// A named pool of values that earlier actions of a reducer run created — request numbers, ids,
/// names — for later actions to refer to, as Hypothesis's bundles are.
///
/// An action adds to the pool with `adding:` (the value is read from the state after the action);
/// another draws from it with `using:`, and is offered only once the pool has something. When
/// shrinking deletes the action that created a value, actions using the pool pick among what is
/// left.
///
/// ```swift
/// let requests = References<Int>("reload requests")
/// ReducerProperty(ClockReducer(), initialState: clock)
///   .action("reload", adding: requests, value: \.request) { _ in .just(.reload) }
///   .action("answer", using: requests) { _, request in
///     Gen.just(.timeResponse(request: request, .success(now)))
///   }
/// ```
public struct References<Value>: Sendable {
  /// The pool's name, shown in reports.
  ///
  /// ```swift
  /// References<Int>("requests").name   // "requests"
  /// ```
  public let name: String

  /// A pool called `name`.
  ///
  /// ```swift
  /// let requests = References<Int>("reload requests")
  /// ```
  public init(_ name: String) {
    self.name = name
  }

  /// The key under which a run keeps this pool's values.
  var key: String { "\(name) (\(Value.self))" }
}

/// What an action's generator may look at: the state the action will be sent to, and the values
/// earlier actions put into ``References`` pools. The state's properties read directly, as in
/// `context.isLoading`.
///
/// ```swift
/// .action("answer", when: { $0.isLoading }) { context in
///   Gen.just(.timeResponse(request: context.request, .success(now)))
/// }
/// ```
@dynamicMemberLookup
public struct StepContext<State> {
  /// The state before the action.
  ///
  /// ```swift
  /// .action("answer", when: { $0.state.isLoading }) { context in … }
  /// ```
  public let state: State
  let pools: [String: [Any]]

  /// A property of ``state``.
  ///
  /// ```swift
  /// context.isLoading   // context.state.isLoading
  /// ```
  public subscript<T>(dynamicMember keyPath: KeyPath<State, T>) -> T {
    state[keyPath: keyPath]
  }

  /// The values in `references`, oldest first.
  ///
  /// ```swift
  /// context[requests].last   // the latest request number
  /// ```
  public subscript<T>(references: References<T>) -> [T] {
    (pools[references.key] ?? []).compactMap { $0 as? T }
  }
}
