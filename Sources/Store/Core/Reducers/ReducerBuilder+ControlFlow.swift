extension ReducerBuilder {
  /// Takes a reducer whose type is known only at run time, an existential, wrapped in a
  /// ``Reduce`` (an existential is not itself a `Reducer`), as TCA's builder does.
  ///
  /// ```swift
  /// let logging: any Reducer<State, Action> = Logger()
  /// CombineReducers {
  ///   logging
  ///   Counter()
  /// }
  /// ```
  ///
  /// Disfavoured, so that a concrete reducer is always taken as itself, never erased.
  @inlinable
  @_disfavoredOverload
  public static func buildExpression(_ reducer: any Reducer<State, Action>) -> Reduce<
    State, Action
  > {
    Reduce(reducer)
  }

  /// An `if` without `else`: the reducer runs when the condition held while building.
  ///
  /// ```swift
  /// CombineReducers {
  ///   if isLogging { Logger() }
  ///   Counter()
  /// }
  /// ```
  @inlinable
  public static func buildOptional<R: Reducer>(_ reducer: R?) -> OptionalReducer<R>
  where R.State == State, R.Action == Action {
    OptionalReducer(reducer)
  }

  /// The first branch of an `if`/`else` or a `switch`.
  ///
  /// ```swift
  /// CombineReducers {
  ///   if isLogging { Logger() } else { Counter() }
  /// }
  /// ```
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(first reducer: First)
    -> EitherReducer<First, Second>
  where First.State == State, First.Action == Action {
    .first(reducer)
  }

  /// The second branch of an `if`/`else` or a `switch`.
  ///
  /// ```swift
  /// CombineReducers {
  ///   switch mode { case .count: Counter(); case .log: Logger() }
  /// }
  /// ```
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(second reducer: Second)
    -> EitherReducer<First, Second>
  where Second.State == State, Second.Action == Action {
    .second(reducer)
  }

  /// A `for` loop: one reducer per element, run in order.
  ///
  /// ```swift
  /// CombineReducers {
  ///   for step in [1, 2, 3] { Add(step) }
  /// }
  /// ```
  @inlinable
  public static func buildArray<R: Reducer>(_ reducers: [R]) -> ReducerList<R>
  where R.State == State, R.Action == Action {
    ReducerList(reducers)
  }

  /// An `if #available` branch, its type erased so that it can name types newer than the
  /// deployment target.
  ///
  /// ```swift
  /// CombineReducers {
  ///   if #available(macOS 15, *) { NewReducer() }
  /// }
  /// ```
  @inlinable
  public static func buildLimitedAvailability<R: Reducer>(_ reducer: R) -> Reduce<State, Action>
  where R.State == State, R.Action == Action {
    Reduce(reducer)
  }
}

/// A reducer that is there or not: what an `if` without `else` builds in a ``ReducerBuilder``.
///
/// ```swift
/// CombineReducers { if isLogging { Logger() } }   // OptionalReducer<Logger>
/// ```
public struct OptionalReducer<Wrapped: Reducer>: Reducer {
  @usableFromInline let wrapped: Wrapped?

  /// Wraps `wrapped`, or nothing.
  ///
  /// ```swift
  /// let maybe = OptionalReducer(isLogging ? Logger() : nil)
  /// ```
  @inlinable
  public init(_ wrapped: Wrapped?) {
    self.wrapped = wrapped
  }

  /// Runs the wrapped reducer, if there is one.
  ///
  /// ```swift
  /// let effect = maybe.reduce(into: &state, action: .increment)
  /// ```
  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action)
    -> Effect<Wrapped.Action>
  {
    wrapped?.reduce(into: &state, action: action) ?? .none
  }
}

/// One of two reducers: what an `if`/`else` or a `switch` builds in a ``ReducerBuilder``.
///
/// ```swift
/// CombineReducers { if isLogging { Logger() } else { Counter() } }
/// ```
public enum EitherReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  /// The first branch was taken.
  ///
  /// ```swift
  /// let either = EitherReducer<Logger, Counter>.first(Logger())
  /// ```
  case first(First)
  /// The second branch was taken.
  ///
  /// ```swift
  /// let either = EitherReducer<Logger, Counter>.second(Counter())
  /// ```
  case second(Second)

  /// Runs the reducer of the branch taken.
  ///
  /// ```swift
  /// let effect = either.reduce(into: &state, action: .increment)
  /// ```
  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case .first(let first): first.reduce(into: &state, action: action)
    case .second(let second): second.reduce(into: &state, action: action)
    }
  }
}

/// Reducers of one type run in order: what a `for` loop builds in a ``ReducerBuilder``.
///
/// ```swift
/// CombineReducers { for step in [1, 2] { Add(step) } }   // ReducerList<Add>
/// ```
///
/// Bound: one action costs one call of each reducer, O(count).
public struct ReducerList<Element: Reducer>: Reducer {
  @usableFromInline let reducers: [Element]

  /// Runs `reducers` in order.
  ///
  /// ```swift
  /// let list = ReducerList([Add(1), Add(2)])
  /// ```
  @inlinable
  public init(_ reducers: [Element]) {
    self.reducers = reducers
  }

  /// Runs every reducer in order on the same state and merges their effects (skipping
  /// `.none`).
  ///
  /// ```swift
  /// let effect = list.reduce(into: &state, action: .increment)
  /// ```
  @inlinable
  public func reduce(into state: inout Element.State, action: Element.Action)
    -> Effect<Element.Action>
  {
    var effects: [Effect<Element.Action>] = []
    for reducer in reducers {
      let effect = reducer.reduce(into: &state, action: action)
      if !effect.isNone { effects.append(effect) }
    }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return .merge(effects)
    }
  }
}

extension OptionalReducer: Sendable where Wrapped: Sendable {}
extension EitherReducer: Sendable where First: Sendable, Second: Sendable {}
extension ReducerList: Sendable where Element: Sendable {}
