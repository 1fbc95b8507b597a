/// The wording of TestStore's failures: what happened, then how to fix it. Tests lock it.
enum TestStoreMessages {
  static func mismatch<State>(_ expected: State, _ actual: State) -> String {
    "A state change does not match expectation:\n\n" + diff(expected, actual)
      + "\n\n(Expected: \u{2212}, Actual: +)"
  }

  static func unexpectedChange<State>(_ expected: State, _ actual: State) -> String {
    "State was not expected to change, but a change occurred:\n\n" + diff(expected, actual)
      + "\n\n(Expected: \u{2212}, Actual: +)\n\nTo fix, describe the change in a trailing "
      + "closure: `{ $0.field = newValue }`."
  }

  static let noChange =
    "Expected state to change, but no change occurred.\n\nThe trailing closure made no "
    + "observable modifications to state. If no change to state is expected, omit the "
    + "trailing closure."

  static func unexpectedAction<Action>(_ expected: Action, _ received: Action) -> String {
    "Received unexpected action:\n\n" + actionDiff(expected, received)
      + "\n\n(Expected: \u{2212}, Received: +)"
  }

  static func unmatchedAction<Action>(_ received: Action) -> String {
    "Received unexpected action:\n\n  " + dumpText(received)
      + "\n\nIt does not match the predicate. To fix, receive this action first, or check which "
      + "action the effect sends."
  }

  /// A diff of two actions as TCA shows one: the cases both are in, outermost first, as shared
  /// lines around the diff of where they part (`.delegate(` / `− .success(43)` /
  /// `+ .success(42)` / `)`), rather than the two actions whole, each on one line. Bound: one
  /// `Mirror` a level shared, then one ``lineDiff(expected:actual:context:maxChanges:)``.
  static func actionDiff(_ expected: Any, _ received: Any) -> String {
    var shared: [String] = []
    var (left, right) = (expected, received)
    while let (name, leftPayload) = enumCase(left), let (otherName, rightPayload) = enumCase(right),
      name == otherName, enumCase(leftPayload) != nil, enumCase(rightPayload) != nil
    {
      shared.append(name)
      (left, right) = (leftPayload, rightPayload)
    }
    guard !shared.isEmpty else { return diff(expected, received) }
    let indent = String(repeating: "  ", count: shared.count)
    let inner = lineDiff(
      expected: dumpLines(left).map { indent + $0 }, actual: dumpLines(right).map { indent + $0 })
    let opening = shared.indices.map {
      "  " + String(repeating: "  ", count: $0) + ".\(shared[$0])("
    }
    let closing = shared.indices.reversed().map { "  " + String(repeating: "  ", count: $0) + ")" }
    return (opening + [inner] + closing).joined(separator: "\n")
  }

  /// The case and payload of an enum value with one payload (a case with several values has a
  /// tuple for payload); nil for any other value.
  private static func enumCase(_ value: Any) -> (name: String, payload: Any)? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, mirror.children.count == 1,
      let child = mirror.children.first, let name = child.label
    else { return nil }
    return (name, child.value)
  }

  static func mustHandle<Action>(_ actions: [Action]) -> String {
    "Must handle \(count(actions, "received")) before sending an action:\n\nUnhandled actions:"
      + list(actions) + "\n\nTo fix, assert \(actions.count == 1 ? "it" : "them") with "
      + "`receive` before this `send`, or call `skipReceivedActions()` if "
      + "\(actions.count == 1 ? "it does" : "they do") not matter."
  }

  static func unhandledActions<Action>(_ actions: [Action]) -> String {
    "The store received \(count(actions, "unexpected")) after this one:\n\nUnhandled actions:"
      + list(actions) + "\n\nTo fix, assert \(actions.count == 1 ? "it" : "them") with "
      + "`receive`, or call `skipReceivedActions()` if "
      + "\(actions.count == 1 ? "it does" : "they do") not matter."
  }

  /// Reported at the effect's own line (`site`), naming it and the action that started it, when
  /// the test ends: a `send` does not wait for effects, so one that would finish on its own may
  /// not have yet (TCA's `send` yields for it; a TCA test ending in a `send` meets this).
  static func stillRunning(at site: CallSite?, startedBy origin: CallSite?) -> String {
    "An effect returned for this action is still running. It must complete before the end of "
      + "the test." + where_(site, origin) + "\n\n" + stillRunningAdvice + " If it finishes on "
      + "its own, end the test with `await store.finish()`, which waits for it."
  }

  /// Reported at the effect's own line when the test ends with it still held.
  static func stillHeld(at site: CallSite?, startedBy origin: CallSite?) -> String {
    "An effect returned for this action was held and never started (`effectStarts` is `.held`). "
      + "It must run before the end of the test." + where_(site, origin) + "\n\nTo fix, let it "
      + "run: call `finish()`, `receive` what it sends, or `runFirst` it. If it is not meant to "
      + "run, call `skipInFlightEffects()`."
  }

  /// Reported at the effect's own line by `finish()`.
  static func stillRunningAtFinish(
    at site: CallSite?, startedBy origin: CallSite?, finish: CallSite, waited: Duration
  ) -> String {
    "Expected effects to finish, but this one is still running after `finish()` at "
      + "\(finish.description) waited \(waited)." + where_(site, origin) + "\n\n"
      + stillRunningAdvice
  }

  /// " (The effect is the `.run` at …; the action was sent at ….)"
  private static func where_(_ site: CallSite?, _ origin: CallSite?) -> String {
    let parts =
      [
        site.map { "The effect is \($0.effectDescription)" },
        origin.map { "the action was sent at \($0.description)" },
      ]
      .compactMap { $0 }
    return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ".)"
  }

  static let stillRunningAdvice =
    "To fix, make the effect finish: complete what it waits for (a dependency, a test clock: "
    + "advance it), or send an action that cancels it. If it is meant to outlive the test, call "
    + "`skipInFlightEffects()`."

  static func noAction(running: Int, waited: Duration) -> String {
    "Expected to receive an action, but received none. "
      + (running > 0
        ? "\(running) effect\(running == 1 ? " is" : "s are") still running (waited \(waited))."
        : "No effect is running, so none will arrive.")
  }

  private static func diff<Value>(_ expected: Value, _ actual: Value) -> String {
    lineDiff(expected: dumpLines(expected), actual: dumpLines(actual))
  }

  /// "1 received action", "2 unexpected actions".
  private static func count<Action>(_ actions: [Action], _ adjective: String) -> String {
    "\(actions.count) \(adjective) \(actions.count == 1 ? "action" : "actions")"
  }

  private static func list<Action>(_ actions: [Action]) -> String {
    actions.map { "\n  " + dumpLines($0).joined(separator: "\n  ") }.joined()
  }
}
