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
/// Bound: linear in the log — one pass over its steps (two when the style names shared values),
/// one reduce per action, and per action output proportional to the state it changed
/// (``StateChanges``), plus the naming of shared values (``SharedValueNaming``) when the style
/// asks for it. ``write(log:start:steps:reduce:script:work:to:)`` writes the test a step at a
/// time: given steps read from the log as they go (`replay --emit-test`), its memory holds one
/// step's states and lines and at most ``SharedValueNaming/maxShared`` shared values, however
/// long the log.
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
    var text = ""
    write(
      log: name, start: start, steps: steps, reduce: reduce, script: script, work: &work
    ) { text += $0 + "\n" }
    return text
  }

  /// Writes the test of ``source(log:start:steps:reduce:script:work:)`` to `write` a piece at a
  /// time — the file's head, then each step's lines, then its end; each piece one or more lines
  /// without the last one's newline — iterating `steps` once to write, and once before to find
  /// the values to share when the style names them.
  package func write<Script: SessionTestScript<State, Action>>(
    log name: String, start: State, steps: some Sequence<ReplayStep<Action>>,
    reduce: (inout State, Action) -> Bool, script: Script, work: inout Work,
    to write: (String) -> Void
  ) {
    var script = script
    let marker = "where R.State =="
    if let shared = style.shared {
      work.naming.prepare(
        values: steps.lazy.flatMap { shared($0.action) }.map { (style.literal($0.value), $0.kind) })
    }
    var lines: [String] = []
    // Each piece goes out once written, its shared values named.
    func flush() {
      guard !lines.isEmpty else { return }
      let named = style.shared == nil ? lines : work.naming.name(next: lines, after: marker)
      write(named.joined(separator: "\n"))
      lines.removeAll(keepingCapacity: true)
    }
    let function = EmittedSwift.identifier(name)
    // The log's file name goes into comments: a line break in it must not end one.
    let shownName = TerminalText.escape(name)
    let (throwing, trying) = script.throwing ? (" throws", "try ") : ("", "")
    let imports = Set(["Foundation", "StoreTesting", "Testing"] + imports).sorted()
    lines = ["// swift-format-ignore-file"]
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
    flush()
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
      flush()
    }
    lines += script.end()
    lines += ["  await store.finish()", "}"]
    if !style.helpers.isEmpty { lines += [""] + style.helpers }
    flush()
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
