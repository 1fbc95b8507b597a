import Store
import Testing
import XCTest

/// Records `failure` in whichever test framework is running the current test: Swift Testing when
/// inside a `@Test`, otherwise XCTest.
///
/// ```swift
/// let store = TestStore(initialState: 0, reducer: Counter(), reportFailure: reportToTestFramework)
/// ```
@Sendable
public func reportToTestFramework(_ failure: TestFailure) {
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: failure.message),
      sourceLocation: SourceLocation(
        fileID: failure.fileID, filePath: String(describing: failure.filePath),
        line: Int(failure.line), column: Int(failure.column)))
  } else {
    XCTFail(failure.message, file: failure.filePath, line: failure.line)
  }
}

extension TestStore {
  /// Creates a test store that reports failures to XCTest or Swift Testing.
  ///
  /// ```swift
  /// let store = TestStore(initialState: ClockState(), reducer: ClockReducer())
  /// ```
  ///
  /// `withDependencies` overrides the dependencies the reducer and its effects see, which are
  /// otherwise each key's test value:
  ///
  /// ```swift
  /// let store = TestStore(initialState: Timer.State(), reducer: Timer()) {
  ///   $0.continuousClock = clock
  /// }
  /// ```
  public convenience init<R: Reducer>(
    initialState: State, reducer: R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  )
  where R.State == State, R.Action == Action {
    installTestTracking()
    self.init(
      initialState: initialState, reducer: reducer, withDependencies: prepareDependencies,
      reportFailure: reportToTestFramework)
  }

  /// Creates a test store with `initialState` and the reducer `reducer` builds, TCA's way,
  /// reporting failures to XCTest or Swift Testing. As in TCA, `initialState` is made with the
  /// store's dependencies in effect.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Feature.State()) {
  ///   Feature()
  /// } withDependencies: {
  ///   $0.continuousClock = clock
  /// }
  /// ```
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State, @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  )
  where R.State == State, R.Action == Action {
    installTestTracking()
    self.init(
      makingInitialState: initialState, reducer: reducer(),
      withDependencies: prepareDependencies, reportFailure: reportToTestFramework)
  }
}
