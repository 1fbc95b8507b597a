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

  @usableFromInline
  init(state: State, pools: [String: [Any]]) {
    self.state = state
    self.pools = pools
  }

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

extension ReducerProperty {
  /// Adds a kind of action that creates a value and puts it straight into `references`, as a
  /// Hypothesis rule with `target=` does: `value` makes it, `send` turns it into the action, and
  /// after the action it joins the pool for later actions (``action(_:using:when:_:)``) — no state
  /// field is needed to remember it. When shrinking deletes the action, the value leaves the pool.
  ///
  /// ```swift
  /// let accounts = References<Int>("accounts")
  /// property
  ///   .action("open", into: accounts) { _ in Gen.int(in: 0...9) } send: { .open($0) }
  ///   .action("deposit", using: accounts) { _, id in Gen.int(in: 1...9).map { .deposit(id, $0) } }
  /// ```
  public func action<T>(
    _ name: String, into references: References<T>, when isEnabled: ((Context) -> Bool)? = nil,
    _ value: @escaping (Context) -> Gen<T>, send: @escaping (T) -> Action
  ) -> Self {
    // Holds the value made for one step from `generate` to `record`, which the run calls one
    // right after the other on its own thread (a ReducerProperty is not Sendable, so its rules
    // never run on two threads at once).
    let made = LastCreated()
    var copy = self
    copy.rules.append(
      Rule(
        name: name, isEnabled: isEnabled ?? { _ in true },
        generate: { context, draws in
          let created = try value(context).generate(draws)
          made.value = created
          return send(created)
        },
        record: { _, pools in
          if let created = made.value { pools[references.key, default: []].append(created) }
          made.value = nil
        }))
    return copy
  }
}

/// The value an ``ReducerProperty/action(_:into:when:_:send:)`` rule made for the step in
/// progress.
private final class LastCreated {
  var value: Any?
}
