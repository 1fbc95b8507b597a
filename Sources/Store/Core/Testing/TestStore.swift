/// A store for tests that makes you account for every state change, every action effects send
/// back, and every effect still running.
///
/// ```swift
/// let store = TestStore(initialState: ClockState(), reducer: ClockReducer()) {
///   $0.time = .constant(date)
/// }
/// await store.send(.reload) { $0.isLoading = true }
/// await store.receive(.timeResponse(request: 1, .success(date))) {
///   $0.isLoading = false
///   $0.anchor = date
/// }
/// await store.finish()
/// ```
///
/// It runs on the same engine as ``Store``: every action — sent by the test or by an effect — is
/// reduced the moment it arrives, in the order the store would reduce it. `send` checks the state
/// the sent action produced; `receive` checks the next action an effect sent (waiting for it, up
/// to ``timeout``, if it has not arrived yet) and the state it produced. Each takes a closure that
/// changes a copy of the previous state into the state you expect; if the reducer produced
/// anything else, the failure shows a −/+ diff (− expected, + actual). Failures go to the
/// ``FailureReporter`` given at creation, at the line of the assertion; the `StoreTesting`
/// module's `TestStore(initialState:reducer:)` reports to XCTest or Swift Testing.
@MainActor
public final class TestStore<State: Equatable, Action: Equatable & Sendable> {
  /// How strictly the store checks.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// ```
  public enum Exhaustivity: Sendable {
    /// Every change, received action and running effect must be asserted.
    case on
    /// Only what the assertions mention is checked: unmentioned state changes, received actions
    /// not asserted (they are still reduced) and running effects are allowed. For integration
    /// tests.
    case off
  }

  /// The state after the last action asserted with `send` or `receive`. Actions received but not
  /// asserted yet have been reduced by the store already; their state shows here once asserted
  /// or skipped.
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// #expect(store.state.count == 1)
  /// ```
  public internal(set) var state: State
  /// Whether every change must be asserted.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// ```
  public var exhaustivity: Exhaustivity = .on {
    didSet { ledger.withLock { $0.isExhaustive = exhaustivity == .on } }
  }
  /// When the `.run` effects of reduced actions start: ``EffectStarts/immediately`` (the
  /// default), or ``EffectStarts/held``, so that ``runFirst(_:index:of:fileID:filePath:line:column:)``
  /// can choose which of the effects ready together runs first.
  ///
  /// ```swift
  /// store.effectStarts = .held
  /// ```
  public var effectStarts: EffectStarts = .immediately {
    didSet { effectStartsDidChange(from: oldValue) }
  }
  /// How long `receive` and `finish` wait for effects before failing.
  ///
  /// ```swift
  /// store.timeout = .milliseconds(100)
  /// ```
  public var timeout: Duration = .seconds(2)

  /// The store the test drives: the same engine the app runs.
  let core: Store<State, Action>
  let report: FailureReporter
  /// Actions effects sent that no assertion has handled yet, each with the states around it.
  var received: [ReceivedAction] = [] {
    didSet { ledger.withLock { $0.received = received.map(\.action) } }
  }
  /// The state the action being sent by the test produced.
  private var sentState: State?
  /// The state the last action reduced — sent or received — produced.
  private var lastReduced: State
  private var observation: StoreObservation?
  /// The last assertion, where an end-of-test failure about what followed it is reported.
  var lastSite: CallSite? {
    didSet { ledger.withLock { $0.lastSite = lastSite } }
  }
  /// What the end-of-test check needs, kept where `deinit` can read it from any context.
  let ledger = Locked(EndOfTestLedger<Action>())
  var waiters: [Waiter] = []
  /// The effects held while ``effectStarts`` is ``EffectStarts/held``.
  var heldEffects: HeldEffects?
  /// What the activity registry knows this store's held effects by, where `deinit` can read it.
  let heldStarter = Locked<UInt64?>(nil)

  /// Creates a test store. Every failure is passed to `reportFailure`.
  ///
  /// ```swift
  /// let store = TestStore(initialState: 0, reducer: Counter()) { failure in print(failure) }
  /// ```
  ///
  /// Its reducer and effects see each dependency's test value unless `prepareDependencies`
  /// overrides it (on top of any `withDependencies` around the test store's creation); so do
  /// the closures of `send`, `receive` and `assert` (a `@Dependency` read there gets the store's
  /// value). `initialState` is made by the caller, so it may be made with `try` (an emitted
  /// test's `try logValue(…)`); TCA's spelling, `TestStore(initialState:) { … }`, makes it with
  /// the store's dependencies instead:
  ///
  /// ```swift
  /// let store = TestStore(initialState: 0, reducer: Counter(), withDependencies: {
  ///   $0.continuousClock = clock
  /// }) { failure in print(failure) }
  /// ```
  public convenience init<R: Reducer>(
    initialState: State, reducer: R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    reportFailure: @escaping FailureReporter
  ) where R.State == State, R.Action == Action {
    self.init(
      makingInitialState: { initialState }, reducer: reducer,
      withDependencies: prepareDependencies, reportFailure: reportFailure)
  }

  /// A test store whose initial state `makingInitialState` makes with the store's dependencies
  /// in effect (a state whose `init` reads `@Dependency(\.date.now)` gets the test's date), as
  /// TCA's `TestStore(initialState:)` does.
  package init<R: Reducer>(
    makingInitialState initialState: () -> State, reducer: R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void,
    reportFailure: @escaping FailureReporter
  ) where R.State == State, R.Action == Action {
    EffectTracking.install()  // its ready effects are told by their activities
    var dependencies = DependencyValues.current
    dependencies.isTesting = true
    prepareDependencies(&dependencies)
    let initialState = DependencyValues.withCurrent(dependencies) {
      TestContext.$current.withValue(reportFailure) { initialState() }
    }
    self.state = initialState
    self.lastReduced = initialState
    self.report = reportFailure
    self.core = Store(
      initialState: initialState, reduce: ReducerReference(reducer).reduce(into:action:),
      dependencies: dependencies)
    core.executor.reportMisuse = { failure in reportFailure(failure) }
    core.executor.didBecomeIdle = { [weak self] in self?.wakeWaiters() }
    core.executor.tasksDidChange = { [weak self] in self?.updateLedger() }
    observation = core.addObserver { [weak self] action, origin, state in
      guard let self else { return }
      let before = self.lastReduced
      self.lastReduced = state
      if origin == .sent {
        self.sentState = state
      } else {
        self.received.append(ReceivedAction(action: action, before: before, after: state))
        self.wakeWaiters()
      }
    }
  }

  // Not `isolated`: an isolated deinit runs without the releasing task's task-local values, so
  // Swift Testing would not know which test a failure belongs to. This one runs where the last
  // reference goes — at the end of the test — and reads only the lock-protected ledger.
  deinit {
    for failure in ledger.value.failures() { report(failure) }
    if let id = heldStarter.value { ActivityRegistry.shared.removeStarter(id) }
    Task { @MainActor [core] in core.executor.cancelAll() }
  }

  /// Sends `action` and checks the state it produced against `updateExpected` applied to the
  /// previous state. Omit the closure when the state must not change.
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// ```
  ///
  /// Actions that effects sent and that the test has not asserted must be handled first
  /// (`receive(_:assert:)` or ``skipReceivedActions(strict:fileID:filePath:line:column:)``):
  /// if not, the send fails, and they stay to be received later, as in TCA. With
  /// ``Exhaustivity/off`` they are skipped, after effects that are ready to send have sent.
  @discardableResult
  public func send(
    _ action: Action,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert updateExpected: ((inout State) throws -> Void)? = nil
  ) async -> StoreTask {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    // Non-exhaustively, what ready effects send is skipped before this action, as in TCA.
    if exhaustivity == .off { await letReadyEffectsRun() }
    var before = state
    if !received.isEmpty {
      before = lastReduced  // what the received actions, and any send that overtook them, left
      if exhaustivity == .on {
        fail(TestStoreMessages.mustHandle(received.map(\.action)), site)
        // They stay receivable; a later `receive` checks each against the states around it.
        for index in received.indices { received[index].isOvertaken = true }
      } else {
        received.removeAll()
      }
    }
    sentState = nil
    core.executor.origin = site
    let task = TestContext.$current.withValue(report) {
      core.send(action, origin: .sent)
    }
    let actual = sentState ?? core.currentState
    lastSite = site
    // The closure sees `state` as it was before the action, as in TCA.
    check(before: before, actual: actual, updateExpected, site)
    state = actual
    return task
  }

  /// Checks that the next action an effect sent is `expected` (waiting for it up to
  /// ``timeout`` if it has not arrived), and the state it produced like ``send(_:fileID:filePath:line:column:assert:)``.
  ///
  /// ```swift
  /// await store.send(.reload) { $0.isLoading = true }
  /// await store.receive(.loaded(date)) { $0.isLoading = false; $0.date = date }
  /// ```
  ///
  /// With ``Exhaustivity/off``, actions before the first one equal to `expected` are skipped.
  public func receive(
    _ expected: Action,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert updateExpected: ((inout State) throws -> Void)? = nil
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await receive(
      matching: { $0 == expected }, describe: { TestStoreMessages.unexpectedAction(expected, $0) },
      expecting: "\n\n  " + dumpText(expected), updateExpected, site)
  }

  /// Checks that the next action an effect sent satisfies `isMatching`, and the state it
  /// produced.
  ///
  /// ```swift
  /// await store.receive({ if case .loaded = $0 { true } else { false } }) { $0.isLoading = false }
  /// ```
  public func receive(
    _ isMatching: (Action) -> Bool,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert updateExpected: ((inout State) throws -> Void)? = nil
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await receive(
      matching: isMatching,
      describe: { TestStoreMessages.unmatchedAction($0) },
      expecting: "", updateExpected, site)
  }

  func receive(
    matching isMatching: (Action) -> Bool, describe: (Action) -> String, expecting: String,
    _ updateExpected: ((inout State) throws -> Void)?, _ site: CallSite
  ) async {
    lastSite = site
    while true {
      if received.isEmpty { await letReadyEffectsRun() }
      guard await waitForAction() else {
        let running = core.executor.runningCount
        fail(TestStoreMessages.noAction(running: running, waited: timeout) + expecting, site)
        return
      }
      let next = received.removeFirst()
      let matches = isMatching(next.action)
      // The closure sees `state` as it was before the action, as in TCA.
      if matches { check(before: next.before, actual: next.after, updateExpected, site) }
      // A later `send` has moved the state past an action it overtook: it stays there.
      if !next.isOvertaken { state = next.after }
      if matches { return }
      if exhaustivity == .on {
        fail(describe(next.action), site)
        return
      }
      // Non-exhaustive: the action was reduced already; skip it and look at the next.
    }
  }

  /// Checks the current state against `updateExpected` applied to it, without sending anything:
  /// with ``Exhaustivity/off``, to assert on what unasserted actions did.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(.refresh)
  /// await store.skipReceivedActions()
  /// store.assert { $0.isLoading = false }
  /// ```
  public func assert(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ updateExpected: (inout State) throws -> Void
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    var expected = state
    do {
      try withStoreDependencies { try updateExpected(&expected) }
    } catch {
      fail("Threw error: \(error)", site)
      return
    }
    if expected != state { fail(TestStoreMessages.mismatch(expected, state), site) }
  }

  /// Checks `actual`, the state an action produced, against `updateExpected` applied to
  /// `before` (or, non-exhaustively, to `actual`).
  private func check(
    before: State, actual: State, _ updateExpected: ((inout State) throws -> Void)?,
    _ site: CallSite
  ) {
    var expected = exhaustivity == .on ? before : actual
    do {
      try withStoreDependencies { try updateExpected?(&expected) }
    } catch {
      fail("Threw error: \(error)", site)
      return
    }
    if expected != actual {
      fail(
        updateExpected == nil
          ? TestStoreMessages.unexpectedChange(expected, actual)
          : TestStoreMessages.mismatch(expected, actual), site)
    } else if updateExpected != nil, exhaustivity == .on, before == actual {
      fail(TestStoreMessages.noChange, site)
    }
  }

  /// Runs an assertion's closure with the store's dependencies in effect, and its test context,
  /// as TCA does: a `@Dependency` read there is the one the reducer reads.
  private func withStoreDependencies(_ body: () throws -> Void) rethrows {
    try DependencyValues.withCurrent(core.dependencies ?? DependencyValues.current) {
      try TestContext.$current.withValue(report) { try body() }
    }
  }

  func fail(_ message: String, _ site: CallSite) {
    report(site.failure(message))
  }

  /// An action an effect sent, with the state before and after the store reduced it.
  struct ReceivedAction {
    let action: Action
    let before: State
    let after: State
    /// A `send` came after it while it was still unhandled (a failure): `state` is already past.
    var isOvertaken = false
  }
}
