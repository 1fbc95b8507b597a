import Store

/// A stateful property of a reducer: random sequences of actions, each generated from the state it
/// will be sent to, with invariants checked after every step and laws switched on by the test.
/// A failure is shrunk to the shortest sequence of simplest actions, and reported as Swift code to
/// paste into a regression test.
///
/// Shrinking uses what a reducer gives for free: the state is `Equatable`, so actions that change
/// nothing are tried for deletion first, and a stretch of actions that comes back to an earlier
/// state is cut in one step. Effects are not run: model the answers effects would send as actions
/// of their own (with ``References`` to tie an answer to its request).
///
/// ```swift
/// ReducerProperty(ClockReducer(), initialState: ClockState(timeZone: .gmt))
///   .action("reload") { _ in .just(.reload) }
///   .action("moveDay") { _ in Gen.int(in: -400...400).map(ClockAction.moveDay) }
///   .action("answer", when: { $0.isLoading }) { context in
///     Gen.just(.timeResponse(request: context.request, .success(now)))
///   }
///   .invariant("the screen shows Loading.. exactly while loading") { state in
///     (ClockViewModel(state: state).text == "Loading..") == state.isLoading
///   }
///   .laws(.deterministic, .codableRoundTrip)
///   .check()   // StoreTesting: reports to XCTest or Swift Testing
/// ```
///
/// The reducer runs on the calling task, so the dependencies it reads (`@Dependency`) are those in
/// effect there — live ones unless the check runs inside `withDependencies`:
///
/// ```swift
/// withDependencies { $0.time = .constant(now) } operation: { property.check() }
/// ```
public struct ReducerProperty<R: Reducer> where R.State: Equatable {
  /// The state of the reducer under test.
  ///
  /// ```swift
  /// ReducerProperty<Counter>.State.self   // Counter.State
  /// ```
  public typealias State = R.State
  /// The actions of the reducer under test.
  ///
  /// ```swift
  /// ReducerProperty<Counter>.Action.self   // Counter.Action
  /// ```
  public typealias Action = R.Action
  /// What an action's generator sees: the state, and the values in ``References`` pools.
  ///
  /// ```swift
  /// .action("add") { (context: ReducerProperty<Counter>.Context) in Gen.just(.add(context.count)) }
  /// ```
  public typealias Context = StepContext<State>

  /// One kind of action: when it may be sent, and how to make one.
  struct Rule {
    let name: String
    let isEnabled: (Context) -> Bool
    let generate: (Context, Draws) throws -> Action
    let record: (State, inout [String: [Any]]) -> Void
  }

  let reducer: R
  let initialState: Gen<State>
  var rules: [Rule] = []
  var invariants: [(name: String, holds: (State) -> Bool)] = []
  var laws: [ReducerLaw<State, Action>] = []
  var stepRange: ClosedRange<Int> = 1...20
  var reducerCode: String?
  var initialStateCode: String?

  /// A property of `reducer` whose runs start from `initialState`.
  ///
  /// ```swift
  /// ReducerProperty(Counter(), initialState: Counter.State())
  /// ```
  public init(_ reducer: R, initialState: State) where State: Sendable {
    self.init(reducer, initialState: .just(initialState))
  }

  /// A property of `reducer` whose runs start from a generated state (shrunk like the actions).
  ///
  /// ```swift
  /// ReducerProperty(Counter(), initialState: Gen.int(in: 0...9).map { Counter.State(count: $0) })
  /// ```
  public init(_ reducer: R, initialState: Gen<State>) {
    self.reducer = reducer
    self.initialState = initialState
  }

  /// Adds a kind of action, sent only while `isEnabled` holds (always, when nil); `generate` makes
  /// one from the current state. Earlier kinds count as simpler when shrinking.
  ///
  /// ```swift
  /// property.action("add") { context in Gen.int(in: 1...9).map(Counter.Action.add) }
  /// property.action("decrement", when: { $0.count > 0 }) { _ in .just(.decrement) }
  /// ```
  public func action(
    _ name: String, when isEnabled: ((Context) -> Bool)? = nil,
    _ generate: @escaping (Context) -> Gen<Action>
  ) -> Self {
    adding(
      Rule(
        name: name, isEnabled: isEnabled ?? { _ in true },
        generate: { context, draws in try generate(context).generate(draws) },
        record: { _, _ in }))
  }

  /// Adds a kind of action that creates something later actions can refer to: after each such
  /// action, `value` reads it from the new state into `references` (nil adds nothing).
  ///
  /// ```swift
  /// property.action("request", adding: requests, value: \.request) { _ in .just(.reload) }
  /// ```
  public func action<T>(
    _ name: String, adding references: References<T>, value: @escaping (State) -> T?,
    when isEnabled: ((Context) -> Bool)? = nil, _ generate: @escaping (Context) -> Gen<Action>
  ) -> Self {
    adding(
      Rule(
        name: name, isEnabled: isEnabled ?? { _ in true },
        generate: { context, draws in try generate(context).generate(draws) },
        record: { state, pools in
          if let created = value(state) { pools[references.key, default: []].append(created) }
        }))
  }

  /// Adds a kind of action that refers to a value an earlier action put into `references`; it is
  /// offered only when the pool has one, and picks older values as simpler.
  ///
  /// ```swift
  /// property.action("answer", using: requests) { _, request in
  ///   Gen.just(.timeResponse(request: request, .success(now)))
  /// }
  /// ```
  public func action<T>(
    _ name: String, using references: References<T>, when isEnabled: ((Context) -> Bool)? = nil,
    _ generate: @escaping (Context, T) -> Gen<Action>
  ) -> Self {
    adding(
      Rule(
        name: name,
        isEnabled: { context in
          !context[references].isEmpty && (isEnabled?(context) ?? true)
        },
        generate: { context, draws in
          let pool = context[references]
          let value = pool[try draws.drawReference(pool.count)]
          return try generate(context, value).generate(draws)
        },
        record: { _, _ in }))
  }

  /// Adds a condition every state of every run must satisfy, the initial one included.
  ///
  /// ```swift
  /// property.invariant("count is never negative") { $0.count >= 0 }
  /// ```
  public func invariant(_ name: String, _ holds: @escaping (State) -> Bool) -> Self {
    var copy = self
    copy.invariants.append((name, holds))
    return copy
  }

  /// The Swift code that makes the reducer and the initial state in the printed regression
  /// test, for values that cannot be written from what they hold: a reducer holding a closure,
  /// a state whose type declares its own initializer (Swift then writes no memberwise one) or
  /// lives in another module (where its memberwise one is internal).
  ///
  /// ```swift
  /// property.code(initialState: "Cart.State()")
  /// ```
  public func code(reducer: String? = nil, initialState: String? = nil) -> Self {
    var copy = self
    copy.reducerCode = reducer ?? reducerCode
    copy.initialStateCode = initialState ?? initialStateCode
    return copy
  }

  /// Switches on reducer laws, such as ``ReducerLaw/deterministic`` and
  /// ``ReducerLaw/codableRoundTrip``.
  ///
  /// ```swift
  /// property.laws(.deterministic, .codableRoundTrip)
  /// ```
  public func laws(_ laws: ReducerLaw<State, Action>...) -> Self {
    var copy = self
    copy.laws += laws
    return copy
  }

  /// How many actions a run has; default 1...20. Longer runs come later in a check, as its size
  /// grows.
  ///
  /// ```swift
  /// property.steps(0...100)   // runs of 50 actions on average at full size
  /// ```
  public func steps(_ range: ClosedRange<Int>) -> Self {
    var copy = self
    copy.stepRange = Swift.max(0, range.lowerBound)...Swift.max(0, range.upperBound)
    return copy
  }

  private func adding(_ rule: Rule) -> Self {
    var copy = self
    copy.rules.append(rule)
    return copy
  }

  /// Runs the check and reports a failure — the shortest failing sequence as Swift code, the
  /// seed, and a replay token — to `reportFailure`. The `StoreTesting` module has a version that
  /// reports to XCTest or Swift Testing.
  ///
  /// ```swift
  /// property.check(.seed(7), reportFailure: { failure in print(failure.message) })
  /// ```
  @discardableResult
  public func check(
    _ settings: PropertySettings = PropertySettings(), fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    function: String = #function, reportFailure: FailureReporter
  ) -> PropertyResult<ReducerRun<State, Action>> {
    precondition(!rules.isEmpty, "a ReducerProperty needs at least one action")
    let reducerSource = reducerCode ?? swiftSource(reducer)
    let result = PropertyEngine(generate: generateRun) { run in run.failure }
      .check(
        settings, site: "\(fileID) \(function)",
        noun: "sequence of actions, as code for a regression test"
      ) { [initialStateCode] run in
        run.swiftCode(
          reducer: reducerSource, reducerType: sourceTypeName(R.self),
          initialState: initialStateCode)
      }
    if let message = result.message {
      reportFailure(
        TestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return result
  }
}
