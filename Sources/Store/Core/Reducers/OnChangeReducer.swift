extension Reducer {
  /// Runs `reducer` after this one whenever an action changes the value `toValue` reads: TCA's
  /// `onChange(of:)`. The value is compared before and after this reducer, with `==`.
  ///
  /// The reducer `reducer` builds gets the same action and the changed state; its effects are
  /// merged with this reducer's. Cost: `toValue` is read twice an action and compared once.
  ///
  /// ```swift
  /// Reduce<Counter.State, Counter.Action> { state, _ in state.count += 1; return .none }
  ///   .onChange(of: \.count) { oldValue, newValue in
  ///     Reduce { state, _ in
  ///       state.description = String(repeating: "!", count: newValue)
  ///       return .none
  ///     }
  ///   }
  /// ```
  @inlinable
  public func onChange<Value: Equatable, Changed: Reducer>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value) ->
      Changed
  ) -> OnChangeReducer<Self, Value, Changed> {
    OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// Runs `reducer` after this one whenever an action changes the value `toValue` reads, as
  /// told by `isDuplicate` (`true` when two values count as the same).
  ///
  /// ```swift
  /// feature.onChange(of: \.rows, removeDuplicates: { $0.ids == $1.ids }) { _, _ in
  ///   Reduce { state, _ in state.rowsChanged += 1; return .none }
  /// }
  /// ```
  @inlinable
  public func onChange<Value, Changed: Reducer>(
    of toValue: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value) ->
      Changed
  ) -> OnChangeReducer<Self, Value, Changed> {
    OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

/// A reducer followed by another that runs only when the first changed a value: what
/// ``Reducer/onChange(of:_:)`` builds.
///
/// ```swift
/// let feature: OnChangeReducer<Counter, Int, Reduce<Counter.State, Counter.Action>> =
///   Counter().onChange(of: \.count) { _, _ in Reduce { _, _ in .none } }
/// ```
public struct OnChangeReducer<Base: Reducer, Value, Changed: Reducer>: Reducer
where Changed.State == Base.State, Changed.Action == Base.Action {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  @usableFromInline let reducer: (Value, Value) -> Changed

  @inlinable
  init(
    base: Base, toValue: @escaping (Base.State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool, reducer: @escaping (Value, Value) -> Changed
  ) {
    self.base = base
    self.toValue = toValue
    self.isDuplicate = isDuplicate
    self.reducer = reducer
  }

  /// Runs the base reducer, then the changed-value reducer if the value changed.
  ///
  /// ```swift
  /// let effect = feature.reduce(into: &state, action: .increment)
  /// ```
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let effect = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    if isDuplicate(oldValue, newValue) { return effect }
    let changed = reducer(oldValue, newValue).reduce(into: &state, action: action)
    if changed.isNone { return effect }
    if effect.isNone { return changed }
    return .merge(effect, changed)
  }
}
