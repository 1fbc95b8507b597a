extension Store {
  /// Creates a store with `initialState` and the reducer `reducer` builds, TCA's way; its
  /// reducer and effects see the dependencies in effect here changed by `prepareDependencies`,
  /// and so do the initial state and the reducer while they are made (a state whose `init`
  /// reads a `@Dependency` gets the store's value).
  ///
  /// ```swift
  /// let store = Store(initialState: Feature.State()) {
  ///   Feature()
  /// } withDependencies: {
  ///   $0.continuousClock = clock
  /// }
  /// ```
  @inlinable
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State, @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.State == State, R.Action == Action {
    var dependencies = DependencyValues.current
    prepareDependencies?(&dependencies)
    let (state, built) = DependencyValues.withCurrent(dependencies) { (initialState(), reducer()) }
    self.init(
      initialState: state, reduce: ReducerReference(built).reduce(into:action:),
      dependencies: dependencies)
    receiveEffectActionsHere()
  }

  /// Creates a store whose reducer and effects see the dependencies in effect here changed by
  /// `prepareDependencies`, for the store's whole life.
  ///
  /// ```swift
  /// let store = Store(initialState: AppState(), reducer: AppReducer()) {
  ///   $0.time = .system
  ///   $0.weather = .openMeteo(url, client: http)
  /// }
  /// ```
  ///
  /// The store sets these values while it reduces and in the task of every effect it starts, so
  /// two stores with different dependencies never see each other's. A store made without this
  /// argument keeps the values in effect where it is made (live ones, unless it is made inside
  /// `withDependencies`). The initial state is made with these values in effect.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State, reducer: R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void
  ) where R.State == State, R.Action == Action {
    var dependencies = DependencyValues.current
    prepareDependencies(&dependencies)
    let state = DependencyValues.withCurrent(dependencies) { initialState() }
    self.init(
      initialState: state, reduce: ReducerReference(reducer).reduce(into:action:),
      dependencies: dependencies)
    receiveEffectActionsHere()
  }
}
