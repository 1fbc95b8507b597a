import Foundation
import Store

/// One run of a ``ReducerProperty``: the initial state, the actions sent, and why it failed.
///
/// ```swift
/// let result = property.check(reportFailure: { _ in })
/// result.counterexample?.actions     // [.moveDay(1), .reload]
/// result.counterexample?.ruleNames   // ["moveDay", "reload"]
/// ```
public struct ReducerRun<State, Action> {
  /// The state the run started from.
  ///
  /// ```swift
  /// print(run.initialState)
  /// ```
  public let initialState: State
  /// The actions, in the order they were sent.
  ///
  /// ```swift
  /// #expect(run.actions == [.increment, .increment, .increment])
  /// ```
  public internal(set) var actions: [Action] = []
  /// The name of the rule that made each action.
  ///
  /// ```swift
  /// #expect(run.ruleNames == ["request", "request", "answer"])
  /// ```
  public internal(set) var ruleNames: [String] = []
  /// Why the run failed: the invariant or law broken and the step; nil when it passed.
  ///
  /// ```swift
  /// print(run.failure ?? "passed")
  /// ```
  public internal(set) var failure: String?

  init(initialState: State) {
    self.initialState = initialState
  }

  /// The run as Swift statements that replay it: the initial state, the actions in a loop, and a
  /// comment saying what fails. `reducer` is the reducer's own source when it has one;
  /// `initialState`, the state's as the property's `.code(initialState:)` gave it.
  package func swiftCode(reducer: String?, reducerType: String, initialState code: String? = nil)
    -> String
  {
    var lines: [String] = []
    let stateSource: String
    if let code {
      stateSource = code
    } else if let source = swiftSource(initialState) {
      stateSource = source
      if let hint = Self.memberwiseHint(source) { lines.append(hint) }
    } else {
      stateSource = "<\(dumpText(initialState))>"
    }
    if let reducer {
      lines.append("let reducer = \(reducer)")
    } else {
      lines.append("// `reducer` is the \(reducerType) under test (it holds closures).")
    }
    lines.append("var state = \(stateSource)")
    if actions.isEmpty {
      lines.append("// no action: the initial state already fails")
    } else {
      lines.append("for action: \(sourceTypeName(Action.self)) in [")
      for action in actions {
        lines.append("  \(swiftSource(action) ?? "<\(dumpText(action))>"),")
      }
      lines.append("] {")
      lines.append("  _ = reducer.reduce(into: &state, action: action)")
      lines.append("}")
    }
    if let failure {
      lines.append("// \(failure.split(separator: "\n").first ?? "")")
    }
    return lines.joined(separator: "\n")
  }
}

extension ReducerRun {
  /// What to do when the state's memberwise Swift, `source`, does not compile where the test is
  /// pasted — its type declares an initializer, so Swift wrote no memberwise one, or lives in
  /// another module, where that one is internal; nil when `source` calls no memberwise
  /// initializer with arguments.
  static func memberwiseHint(_ source: String) -> String? {
    let type = sourceTypeName(State.self)
    guard source.hasPrefix(type + "("), !source.hasPrefix(type + "()") else { return nil }
    return "// If \(type)(…) does not compile in your test (a type with an init of its own has "
      + "no memberwise one), give the state's Swift: .code(initialState: \"…\") on the property."
  }
}

extension ReducerProperty {
  /// Generates and runs one sequence of actions, stopping at the first broken invariant or law.
  func generateRun(_ draws: Draws) throws -> ReducerRun<State, Action> {
    let initial = try draws.span(.initialState) { try initialState.generate(draws) }
    var run = ReducerRun<State, Action>(initialState: initial)
    var state = initial
    var states = [initial]
    var stepRanges: [Range<Int>] = []
    var pools: [String: [Any]] = [:]
    let reduce: ReducerLaw<State, Action>.Reduce = { state, action in
      _ = reducer.reduce(into: &state, action: action)
    }
    defer {
      draws.rank = run.actions.count
      draws.hints = { [states, stepRanges] in loops(in: states, steps: stepRanges) }
    }
    if let broken = invariants.first(where: { !$0.holds(initial) }) {
      run.failure = "invariant \"\(broken.name)\" does not hold for the initial state"
      return run
    }
    // At full size a run is as long as the middle of the range on average, whatever its width.
    let width = stepRange.upperBound - stepRange.lowerBound
    let more = continueChance(
      average: Swift.max(1, Double(width) / 2 * Double(draws.size) / 100), limit: width)
    while run.actions.count < stepRange.upperBound {
      let start = draws.choices.count
      guard
        try draws.beginMore(
          .step, count: run.actions.count, minimum: stepRange.lowerBound, chance: more)
      else { break }
      let context = StepContext(state: state, pools: pools)
      let enabled = rules.map { $0.isEnabled(context) }
      guard enabled.contains(true) else {
        draws.end()
        break
      }
      let rule = rules[try draws.drawEnabled(rules.count) { enabled[$0] }]
      let action = try rule.generate(context, draws)
      draws.end()
      stepRanges.append(start..<draws.choices.count)
      let before = state
      reduce(&state, action)
      run.actions.append(action)
      run.ruleNames.append(rule.name)
      states.append(state)
      rule.record(state, &pools)
      if let failure = stepFailure(reduce, before, action, state, step: run.actions.count) {
        run.failure = failure
        return run
      }
    }
    for law in laws {
      if let broken = law.afterRun?(reduce, initial, run.actions, state) {
        run.failure = "law \"\(law.name)\" does not hold for the run: \(broken)"
        return run
      }
    }
    return run
  }

  private func stepFailure(
    _ reduce: ReducerLaw<State, Action>.Reduce, _ before: State, _ action: Action, _ after: State,
    step: Int
  ) -> String? {
    // Written out only for a failure message: most steps pass.
    let sent = { swiftSource(action) ?? dumpText(action) }
    for law in laws {
      if let broken = law.afterStep?(reduce, before, action, after) {
        return "law \"\(law.name)\" does not hold at action \(step) (\(sent())): \(broken)"
      }
    }
    if let broken = invariants.first(where: { !$0.holds(after) }) {
      return "invariant \"\(broken.name)\" does not hold after action \(step) (\(sent()))"
    }
    return nil
  }
}

/// The stretches of a run worth deleting first: single actions that left the state as it was,
/// then longer stretches that came back to an earlier state, longest first. `states[k]` is the
/// state after `k` actions; `steps[k]` holds the choices of action `k`.
func loops<State: Equatable>(in states: [State], steps: [Range<Int>]) -> [Range<Int>] {
  var unchanged: [Range<Int>] = []
  var returning: [Range<Int>] = []
  let count = Swift.min(states.count - 1, steps.count)
  for first in 0..<Swift.max(0, count) {
    for last in first + 1...count where states[first] == states[last] {
      let range = steps[first].lowerBound..<steps[last - 1].upperBound
      if last == first + 1 { unchanged.append(range) } else { returning.append(range) }
    }
  }
  return unchanged + returning.sorted { $0.count > $1.count }
}

/// The chance of drawing one more item, after the minimum, that makes the number of extra items
/// average `average` when at most `limit` may be drawn: the `p` with `p(1 − pᴸ)/(1 − p) = average`
/// for a geometric count cut at `L`, found by bisection. 0 when there is no room.
///
/// ```swift
/// continueChance(average: 50, limit: 100)   // ≈ 0.98
/// ```
@usableFromInline
func continueChance(average: Double, limit: Int) -> Double {
  guard limit > 0, average > 0 else { return 0 }
  let target = Swift.min(average, Double(limit) * 0.98)
  let expected = { (p: Double) in p * (1 - pow(p, Double(limit))) / (1 - p) }
  var low = 0.0
  var high = 1.0
  for _ in 0..<60 {
    let middle = (low + high) / 2
    if expected(middle) < target { low = middle } else { high = middle }
  }
  return low
}
