/// A pure function from the current state and an action to the next state and the effects to run.
///
/// A reducer reads nothing but its arguments and the dependencies it was built with, and changes
/// nothing but `state`. Whatever varies — the time, a network answer — arrives as an action, so a
/// log of actions reproduces a session exactly.
///
/// ```swift
/// struct Counter: Reducer {
///   func reduce(into state: inout Int, action: CounterAction) -> Effect<CounterAction> {
///     switch action {
///     case .increment: state += 1
///     case .decrement: state -= 1
///     }
///     return .none
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The state the reducer changes.
  associatedtype State
  /// The actions it handles.
  associatedtype Action

  /// The reducers this one is made of, for a reducer that composes others instead of
  /// writing ``reduce(into:action:)``; `Never` for one that writes `reduce`.
  associatedtype Body

  /// Applies `action` to `state` and returns the work to do next.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// Applies `action` to `state` exactly as ``reduce(into:action:)`` does, for a caller that
  /// drops the effects unrun (a replay of an action log): a reducer whose effects cost to
  /// build may skip building them. The default reduces and drops what it returns; one that
  /// implements this must leave every state as `reduce(into:action:)` does.
  ///
  /// ```swift
  /// for action in loggedActions { reducer.reduceDroppingEffects(into: &state, action: action) }
  /// ```
  func reduceDroppingEffects(into state: inout State, action: Action)

  /// The reducers this one is made of, run in order: write either `body` or
  /// ``reduce(into:action:)``, as in TCA.
  ///
  /// ```swift
  /// struct Feature: Reducer {
  ///   struct State: Equatable { var count = 0; var child = Child.State() }
  ///   enum Action: Equatable { case tap; case child(Child.Action) }
  ///   var body: some ReducerOf<Self> {
  ///     Scope(state: \.child, action: \.child) { Child() }
  ///     Reduce { state, action in
  ///       if case .tap = action { state.count += 1 }
  ///       return .none
  ///     }
  ///   }
  /// }
  /// ```
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

/// A reducer of the same state and actions as `R`: the type `body` returns in TCA's style,
/// `var body: some ReducerOf<Self>`.
///
/// ```swift
/// struct Feature: Reducer {
///   var body: some ReducerOf<Self> { Reduce { state, _ in state += 1; return .none } }
///   typealias State = Int
///   typealias Action = Void
/// }
/// ```
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer {
  /// ``reduce(into:action:)``, its effect dropped: what a reducer that builds its effects
  /// without cost does for ``reduceDroppingEffects(into:action:)``.
  ///
  /// ```swift
  /// Counter().reduceDroppingEffects(into: &count, action: .increment)   // count + 1
  /// ```
  @inlinable
  public func reduceDroppingEffects(into state: inout State, action: Action) {
    _ = reduce(into: &state, action: action)
  }
}

extension Reducer where Body == Never {
  /// A reducer that writes ``reduce(into:action:)`` has no body; reading it stops the program.
  ///
  /// ```swift
  /// struct Counter: Reducer {
  ///   func reduce(into state: inout Int, action: Void) -> Effect<Void> { state += 1; return .none }
  /// }
  /// ```
  public var body: Never {
    fatalError(
      "\(Self.self) has no body: it writes reduce(into:action:); call that instead of reading body."
    )
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``: what a reducer that composes others does for each action.
  ///
  /// ```swift
  /// let effect = Feature().reduce(into: &state, action: .tap)
  /// ```
  ///
  /// Inside a store or a replay, the body is built once for this reducer value and reused for
  /// every action after (see `BuiltBodies`); called on its own, it is built for this call.
  @inlinable
  public func reduce(into state: inout Body.State, action: Body.Action) -> Effect<Body.Action> {
    guard let bodies = BuiltBodies.current else { return body.reduce(into: &state, action: action) }
    return bodies.body(of: self).reduce(into: &state, action: action)
  }
}

/// A reducer made from a closure.
///
/// ```swift
/// let counter = Reduce<Int, CounterAction> { state, action in
///   state += 1
///   return .none
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline
  let closure: (inout State, Action) -> Effect<Action>

  /// Wraps `body` as a reducer.
  ///
  /// ```swift
  /// let doubling = Reduce<Int, Void> { state, _ in
  ///   state *= 2
  ///   return .none
  /// }
  /// ```
  @inlinable
  public init(_ body: @escaping (inout State, Action) -> Effect<Action>) {
    self.closure = body
  }

  /// Wraps any reducer, erasing its type.
  ///
  /// ```swift
  /// let erased: Reduce<Counter.State, Counter.Action> = Reduce(Counter())
  /// ```
  @inlinable
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.closure = reducer.reduce(into:action:)
  }

  /// Runs the closure.
  ///
  /// ```swift
  /// var count = 1
  /// _ = doubling.reduce(into: &count, action: ())   // count == 2
  /// ```
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    closure(&state, action)
  }
}

/// Runs two reducers on the same state, one after the other, merging their effects.
///
/// Usually built by ``ReducerBuilder`` rather than by hand:
///
/// ```swift
/// let both = CombinedReducer(Counter(), Logger())
/// ```
public struct CombinedReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  @usableFromInline let first: First
  @usableFromInline let second: Second

  /// Runs `first`, then `second`.
  ///
  /// ```swift
  /// let both = CombinedReducer(Counter(), Logger())
  /// ```
  @inlinable
  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  /// Runs both reducers; merges their effects (skipping `.none`).
  ///
  /// ```swift
  /// let effect = both.reduce(into: &state, action: .increment)
  /// ```
  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    let a = first.reduce(into: &state, action: action)
    let b = second.reduce(into: &state, action: action)
    if a.isNone { return b }
    if b.isNone { return a }
    return .merge(a, b)
  }
}

/// Builds a reducer from a list of reducers that run in order on the same state.
///
/// ```swift
/// let app = CombineReducers {
///   Scope(state: \AppState.clock, action: AppAction.clockCase) { ClockReducer() }
///   AppCoreReducer()
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// Takes one reducer listed in the builder.
  ///
  /// ```swift
  /// CombineReducers { Counter() }
  /// ```
  @inlinable
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  /// An empty list: a reducer that does nothing (TCA's `ifLet(\.alert, action: \.alert) { }`).
  ///
  /// ```swift
  /// parent.ifLet(\.alert, action: \.alert) {}
  /// ```
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  /// The first reducer of the list.
  ///
  /// ```swift
  /// CombineReducers { Counter() }
  /// ```
  @inlinable
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// The reducers so far, then the next one.
  ///
  /// ```swift
  /// CombineReducers { Counter(); Logger() }
  /// ```
  @inlinable
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(accumulated: R0, next: R1)
    -> CombinedReducer<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    CombinedReducer(accumulated, next)
  }
}

/// A reducer made of the reducers listed in its body, run in order.
///
/// ```swift
/// let app = CombineReducers<AppState, AppAction, _> {
///   Scope(state: \AppState.clock, action: .clock) { ClockReducer() }
///   AppCoreReducer()
/// }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline let reducers: Reducers

  /// Combines the reducers built by `build`.
  ///
  /// ```swift
  /// CombineReducers<Int, Int, _> { Reduce { $0 += $1; return .none } }
  /// ```
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  /// Runs the listed reducers in order.
  ///
  /// ```swift
  /// let effect = app.reduce(into: &state, action: .clock(.reload))
  /// ```
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}

extension CombinedReducer: Sendable where First: Sendable, Second: Sendable {}
extension CombineReducers: Sendable where Reducers: Sendable {}

/// A reducer held by reference, for the store's reducing closure (see `Store.init`), with the
/// bodies it builds once for the store's life (``BuiltBodies``).
@usableFromInline
final class ReducerReference<Wrapped: Reducer> {
  @usableFromInline let wrapped: Wrapped
  @usableFromInline let bodies = BuiltBodies()

  @inlinable
  init(_ wrapped: Wrapped) {
    self.wrapped = wrapped
  }

  /// A reducer written with `reduce` runs as it is (nothing to build, and a store's `send` stays
  /// free of the two calls installing the bodies); one written with `body` runs with the
  /// store's bodies installed, so that its body and those of its children are built once.
  @inlinable
  func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> {
    if Wrapped.Body.self == Never.self { return wrapped.reduce(into: &state, action: action) }
    let previous = bodies.install()
    defer { BuiltBodies.uninstall(previous) }
    return wrapped.reduce(into: &state, action: action)
  }
}
