import ActionLog
import Foundation
import PropertyTesting
import Store

/// `APP replay LOG --emit-test`: a recorded session as a Swift Testing test that runs it
/// through a `TestStore`, exhaustively — `send` for each action the session sent and `receive`
/// for each an effect sent, each with the state change it made — its effects made to happen
/// again as a ``SessionTestScript`` says. A changed reducer fails the test at the action where
/// its state, or what its effects do, part from the recording's.
///
/// ```swift
/// let source = SessionTestEmitter<Todos.State, Todos.Action>(
///   program: "todos", imports: ["Todos"], reducer: "Todos()", style: EmissionStyle())
///   .source(log: "s.log", start: start, steps: steps, reduce: reduce, script: script)
/// ```
///
/// Bound: linear in the log — one pass over its steps, one reduce per action, and per action
/// output proportional to the state it changed (``StateChanges``), plus the naming of shared
/// values (``SharedValueNaming``) when the style asks for it.
package struct SessionTestEmitter<State, Action> {
  /// The program whose `replay --emit-test` writes the test, as its comment names it.
  package let program: String
  /// The modules the test imports besides Foundation, StoreTesting and Testing.
  package let imports: [String]
  /// Swift that makes the reducer under test.
  package let reducer: String
  /// How values, actions and the start state are written.
  package let style: EmissionStyle<State, Action>

  package init(
    program: String, imports: [String], reducer: String, style: EmissionStyle<State, Action>
  ) {
    self.program = program
    self.imports = imports
    self.reducer = reducer
    self.style = style
  }

  /// What writing a test cost, in the units its bounds are stated in.
  ///
  /// ```swift
  /// var work = emitter.work()
  /// _ = emitter.source(log: "s.log", start: start, steps: steps, reduce: reduce, script: script,
  ///   work: &work)
  /// work.changes.reflected   // parts walked with Mirror to find the state changes
  /// ```
  package struct Work {
    /// The state changes found, and what finding them cost.
    package var changes: StateChanges
    /// The naming of shared values, and its look-ups.
    package var naming = SharedValueNaming()
  }

  /// A count of nothing done yet, for ``source(log:start:steps:reduce:script:work:)``.
  package func work() -> Work {
    Work(changes: StateChanges(literal: style.literal, isWhole: style.isWhole))
  }

  /// What the log holds beside its actions: each action's time and the calls answered before it.
  package struct Extras {
    /// The time of each action on the app's clock, by seq.
    package var clocks: [Int: Duration] = [:]
    /// The calls answered after action `seq` (0: before the first), in the log's order.
    package var calls: [Int: [LoggedCall]] = [:]
    /// Whether the log's actions carry their times (its header has ``LogRecords/clock``).
    package var timed = false

    package init() {}
  }

  /// The test of the session of the log named `log`, replayed from `start` through `steps`,
  /// each reduced with `reduce`, which says whether the action started an effect.
  package func source(
    log name: String, start: State, steps: [ReplayStep<Action>],
    reduce: (inout State, Action) -> Bool, script: some SessionTestScript<State, Action>
  ) -> String {
    var work = work()
    return source(
      log: name, start: start, steps: steps, reduce: reduce, script: script, work: &work)
  }

  /// ``source(log:start:steps:reduce:script:)``, adding what it cost to `work`.
  package func source<Script: SessionTestScript<State, Action>>(
    log name: String, start: State, steps: [ReplayStep<Action>],
    reduce: (inout State, Action) -> Bool, script: Script, work: inout Work
  ) -> String {
    var script = script
    let function = EmittedSwift.identifier(name)
    // The log's file name goes into comments: a line break in it must not end one.
    let shownName = TerminalText.escape(name)
    let (throwing, trying) = script.throwing ? (" throws", "try ") : ("", "")
    let imports = Set(["Foundation", "StoreTesting", "Testing"] + imports).sorted()
    var lines = ["// swift-format-ignore-file"]
    lines += script.generatedBy(program: program, log: shownName)
    lines.append("")
    // An entry `@testable Module` is imported @testable.
    lines += imports.map {
      $0.hasPrefix("@testable ") ? "@testable import \($0.dropFirst(10))" : "import \($0)"
    }
    lines += [
      "",
      "@MainActor",
      "@Test(\(EmittedSwift.literal("\(name) replays through TestStore, action by action")))",
      "func \(function)() async\(throwing) {",
      "  \(trying)await \(function)(\(reducer))",
      "}",
      "",
      "/// The session of \(shownName), checked against `reducer`, \(script.checks).",
      "@MainActor",
      "func \(function)<R: Reducer>(_ reducer: R) async\(throwing)",
      "where R.State == \(sourceTypeName(State.self)), R.Action == \(sourceTypeName(Action.self)) {",
    ]
    lines += script.declarations()
    lines += [
      "  let store = TestStore(",
      "    initialState: \(style.initialState?(start, &work.changes) ?? style.literal(start)),",
      "    reducer: \(script.reducer("reducer"))",
      "  ) {",
    ]
    let dependencies = script.dependencies()
    if dependencies.isEmpty {
      lines[lines.count - 1] = "  )"
    } else {
      lines += dependencies
      lines.append("  }")
    }
    lines += script.start()
    var state = start
    for step in steps {
      let before = state
      let startedEffect = reduce(&state, step.action)
      lines.append("")
      lines.append("  // #\(step.seq) \(step.origin.rawValue) \(TerminalText.escape(step.summary))")
      let (prelude, verb) = script.before(step, from: before, to: state)
      lines += prelude
      let action = style.action(step.action, before, &work.changes)
      let changes = work.changes.assignments(from: before, to: state, path: "$0")
      lines += EmittedSwift.step(verb, action, changes: changes)
      lines += script.after(step, from: before, to: state, startedEffect: startedEffect)
    }
    lines += script.end()
    lines += ["  await store.finish()", "}"]
    if !style.helpers.isEmpty { lines += [""] + style.helpers }
    if let shared = style.shared {
      let values = steps.flatMap { shared($0.action) }.map { (style.literal($0.value), $0.kind) }
      lines = work.naming.name(in: lines, values: values, after: "where R.State ==")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Reads the times and calls of the log at `path`; `app` names the program in what it reports.
  package static func extras(ofLogAt path: String, app: String) throws(ActionLogError) -> Extras {
    var line = LogLine()
    var cursor = try LogCursor(path: path, app: app, line: &line)
    var extras = Extras()
    extras.timed = cursor.header.records.contains(.clock)
    var lastSeq = 0
    while let kind = try cursor.next(&line) {
      switch kind {
      case .action(let seq, _, _, let clock):
        cursor.accept(seq: seq)
        lastSeq = seq
        if let clock { extras.clocks[seq] = clock }
      case .call(let call):
        extras.calls[lastSeq, default: []].append(call)
      case .snapshot, .checkpoint:
        break
      }
    }
    return extras
  }
}

/// How an emitted test writes values, actions and its start state, and the values it names
/// once. The default writes plain values as Swift and any other as `try logValue(#"…"#)`, its
/// JSON, which needs no initialiser of the app's.
///
/// ```swift
/// var style = EmissionStyle<AppState, AppAction>()
/// style.literal = { EmittedSwift.memberwise($0, custom: custom) }
/// ```
package struct EmissionStyle<State, Action> {
  /// A value as Swift.
  package var literal: (Any) -> String = { EmittedSwift.value($0) }
  /// Whether a value is assigned whole rather than field by field.
  package var isWhole: (Any) -> Bool = EmittedSwift.isLeaf
  /// The Swift of an action, given the state before it (and the state changes it may write
  /// with): `.case(payload)` by default.
  package var action: (Action, State, inout StateChanges) -> String = { action, _, _ in
    EmittedSwift.action(action)
  }
  /// The Swift of the start state, when not ``literal``'s.
  package var initialState: ((State, inout StateChanges) -> String)?
  /// The values of an action worth a `let` of their own, each with the kind it is named by.
  package var shared: ((Action) -> [(value: Any, kind: String)])?
  /// Lines after the session's function (a helper it calls).
  package var helpers: [String] = []

  package init() {}
}
