import Foundation
import Store

/// A law every step (or the whole run) of a reducer must obey, switched on for a
/// ``ReducerProperty`` with ``ReducerProperty/laws(_:)``.
///
/// Built in: ``deterministic``, ``codableRoundTrip`` and, for actions that can be logged — by
/// a `LoggableAction` codec, or as the Swift their `Codable` gives — `replayMatchesLive`. Others — such as "sending the same action twice changes nothing more
/// than sending it once" — are made with ``init(_:afterStep:afterRun:)``: an `afterStep` check
/// for each step, an `afterRun` check for the whole run.
///
/// ```swift
/// ReducerProperty(AppReducer(), initialState: state)
///   .action("moveDay") { _ in Gen.int(in: -9...9).map { .clock(.moveDay($0)) } }
///   .laws(.deterministic, .codableRoundTrip)
/// ```
public struct ReducerLaw<State, Action> {
  /// Applies an action to a state with the reducer under test, ignoring its effects.
  ///
  /// ```swift
  /// let twice: ReducerLaw<Int, Int>.Reduce = { state, action in state += action }
  /// ```
  public typealias Reduce = (inout State, Action) -> Void

  /// The law's name, shown when it breaks.
  ///
  /// ```swift
  /// ReducerLaw<Int, Int>.deterministic.name   // "deterministic"
  /// ```
  public let name: String
  /// Checks one step: the reducer, the state before, the action, the state after. Returns why the
  /// law is broken, or nil.
  let afterStep: ((Reduce, State, Action, State) -> String?)?
  /// Checks the whole run: the reducer, the initial state, the actions, the final state.
  let afterRun: ((Reduce, State, [Action], State) -> String?)?

  /// A law with a check after every step, after the whole run, or both; each returns why the law
  /// is broken, or nil when it holds.
  ///
  /// ```swift
  /// let idempotent = ReducerLaw<Counter.State, Counter.Action>("reset twice is reset once",
  ///   afterStep: { reduce, _, action, after in
  ///     guard action == .reset else { return nil }
  ///     var again = after
  ///     reduce(&again, action)
  ///     return again == after ? nil : "a second reset changed the state"
  ///   })
  /// ```
  public init(
    _ name: String,
    afterStep: ((_ reduce: Reduce, _ before: State, _ action: Action, _ after: State) -> String?)? =
      nil,
    afterRun: (
      (_ reduce: Reduce, _ initial: State, _ actions: [Action], _ final: State) -> String?
    )? = nil
  ) {
    self.name = name
    self.afterStep = afterStep
    self.afterRun = afterRun
  }
}

extension ReducerLaw where State: Equatable {
  /// The same state and action give the same next state, every time: reduces each step's state
  /// and action a second time and compares.
  ///
  /// ```swift
  /// property.laws(.deterministic)
  /// ```
  public static var deterministic: ReducerLaw {
    ReducerLaw("deterministic") { reduce, before, action, after in
      var again = before
      reduce(&again, action)
      guard again != after else { return nil }
      return "reducing the same state and action a second time gave a different state:\n"
        + lineDiff(expected: dumpLines(after), actual: dumpLines(again))
        + "\n(first time: \u{2212}, second time: +)"
    }
  }
}

extension ReducerLaw where State: Codable & Equatable {
  /// The state after every step survives a JSON round trip: encoding it and decoding the result
  /// gives an equal state, so a saved or logged state restores exactly.
  ///
  /// ```swift
  /// property.laws(.deterministic, .codableRoundTrip)
  /// ```
  public static var codableRoundTrip: ReducerLaw {
    ReducerLaw("Codable round trip") { _, _, _, after in
      do {
        let data = try JSONEncoder().encode(after)
        let decoded = try JSONDecoder().decode(State.self, from: data)
        guard decoded != after else { return nil }
        return "the state decoded from its JSON differs from the state encoded:\n"
          + lineDiff(expected: dumpLines(after), actual: dumpLines(decoded))
          + "\n(encoded: \u{2212}, decoded: +)"
      } catch {
        return "the state does not survive JSON: \(error)"
      }
    }
  }
}
