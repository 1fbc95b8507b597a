import ActionLog
import Foundation
import PropertyTesting
import Store

/// `APP replay LOG --diff`, `--skip SEQ,…` and `--emit-test [FILE]`: what the replay read,
/// presented otherwise — every action with the state change it made, the session as if some
/// actions never happened, or the session as a `TestStore` test.
///
/// `uniflow replay session.log --skip 2 --diff` prints the final screens without action 2, then
/// how that final state differs from the full replay's (−: full, +: without).
@MainActor
package struct ReplayVariants<App: ConsoleApp> {
  package let app: App

  package init(_ app: App) {
    self.app = app
  }

  /// Why `request` cannot be presented from a replay that ended on `full` — `--skip` names an
  /// action the replay did not read — or nil.
  package func problem(_ request: ReplayRequest, full: ActionLogReplayResult<App.State>)
    -> String?
  {
    let missing = request.skip.filter { $0 > full.lastSeq }.sorted()
    guard !missing.isEmpty else { return nil }
    let seqs = missing.map(String.init).joined(separator: ", ")
    let actions =
      full.lastSeq == 0 ? "the log has no actions" : "the log's actions are seq 1…\(full.lastSeq)"
    return "\(request.path): --skip \(seqs): \(actions)"
      + (request.until != nil ? " (up to --until)" : "")
  }

  /// Presents the `steps` a replay from `start` read, ending on `full`, as `request` asks (once
  /// ``problem(_:full:)`` has found nothing); the exit status. `steps` are read from `input` as
  /// they are presented: memory holds the states before and after one action (and, with
  /// `--skip`, the full replay's final state), however long the log.
  package func present(
    _ request: ReplayRequest, from start: App.State, steps: ReplaySteps<App.Action>,
    full: ActionLogReplayResult<App.State>, input: LogInput, console: any Console
  ) -> Int32 {
    if let file = request.html {
      return writePage(
        request, to: file, from: start, steps: steps, events: full.effects, input: input,
        console: console)
    }
    if let file = request.emitTest {
      return emitTest(request, to: file, from: start, steps: steps, input: input, console: console)
    }
    let reducer = app.reducer
    let eachChange = request.diff && request.skip.isEmpty
    var state = start
    var shown = ShownScreens(app, start)
    // With --diff, the dump of the state before each action is the one made after the action
    // before it: each state is dumped once, walking only the parts the action changed, and the
    // diff looks only at the lines between those the two dumps share at their start and end.
    var dumper = StateDumper()
    for step in steps {
      if request.skip.contains(step.seq) {
        if request.trace { console.output("#\(step.seq) skipped") }
        continue
      }
      let before = state
      reducer.reduceDroppingEffects(into: &state, action: step.action)
      // `--only`/`--hide` choose what is printed; every action is still applied (and dumped).
      let shows = request.filter.shows(name: ActionFilter.name(ofText: step.summary))
      if shows, eachChange || request.trace {
        let cause = step.cause.map { " " + CauseColumn.text($0) } ?? ""
        console.output("#\(step.seq) \(step.origin.rawValue)\(cause) \(step.summary)")
      }
      if eachChange {
        guard before != state else {
          if shows { console.output("(no change)") }
          continue
        }
        // Found unequal just above: the dump does not compare the whole states again.
        let change = dumper.changes(from: before, to: state, changed: true)
        guard shows else { continue }
        for line in change.split(separator: "\n", omittingEmptySubsequences: false) {
          console.output(TerminalText(String(line)))
        }
      } else if request.trace {
        let changed = shown.changes(to: state)
        if shows { for line in changed { console.screen(line) } }
      }
    }
    if let failure = steps.failure {
      console.error("\(app.name): \(failure)")
      return 2
    }
    for line in app.displayedScreens(of: state) { console.screen(line) }
    if request.diff, !request.skip.isEmpty {
      let skipped = request.skip.sorted().map(String.init).joined(separator: ",")
      if full.state == state {
        console.output("without seq \(skipped), the final state is the full replay's")
      } else {
        console.output("without seq \(skipped), the final state differs from the full replay's:")
        for line in stateChange(from: full.state, to: state) { console.output(TerminalText(line)) }
      }
    }
    return 0
  }

  /// Writes the session as a test to `file` (a new file that replaces it once complete:
  /// ``EmittedTestFile``), or to standard output when `file` is empty, as it is read from the
  /// log; the exit status. The app's own test (``ConsoleApp/testSource(logName:startState:steps:write:)``)
  /// comes first, then one from its ``ConsoleApp/testAnswers``, then one from its
  /// ``ConsoleApp/testEmission``, else one that answers each effect as logged.
  private func emitTest(
    _ request: ReplayRequest, to file: String, from start: App.State,
    steps: ReplaySteps<App.Action>, input: LogInput, console: any Console
  ) -> Int32 {
    let output: EmittedTestFile?
    do {
      output = file.isEmpty ? nil : try EmittedTestFile(file, log: input, program: app.name)
    } catch {
      console.error(TerminalText(error.message))
      return 2
    }
    func fail(_ message: TerminalText) -> Int32 {
      output?.discard()
      console.error(message)
      return 2
    }
    let write: (String) -> Void =
      output.map { output in { output.write($0) } } ?? { text in
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
          console.output(TerminalText(String(line)))
        }
      }
    let name = URL(fileURLWithPath: request.path).lastPathComponent
    if app.testSource(logName: name, startState: start, steps: steps, write: write) {
    } else if app.testSource(logName: name, startState: start, steps: []) != nil,
      let source = app.testSource(logName: name, startState: start, steps: Array(steps))
    {
      // An app that writes its test in memory (the form before the streaming one) is asked
      // with no steps first, so that the log is gathered only for an app that writes one.
      write(source)
    } else {
      do {
        if let answers = app.testAnswers {
          var work = answers.emitter(program: app.name).work()
          answers.write(for: app, log: name, start: start, steps: steps, work: &work, to: write)
        } else if let emission = app.testEmission {
          try emittedTest(emission, log: input, name: name, start: start, steps: steps, to: write)
        } else {
          effectsTest(name: name, start: start, steps: steps, to: write)
        }
      } catch {
        return fail("\(app.name): \(error)")
      }
    }
    if let failure = steps.failure { return fail("\(app.name): \(failure)") }
    if let problem = output?.commit() {
      console.error(TerminalText(problem))
      return 2
    }
    return 0
  }

  /// `before` to `after` as −/+ lines of their dumps, or `(no change)`.
  ///
  /// **Bounds.** O(N + M) to dump the two states (N and M lines) and O((N+M)·D) for the diff of
  /// D changed lines, with D capped (``lineDiff(expected:actual:context:maxChanges:)``). `replay
  /// --diff` dumps each state once with a `StateDumper`, which walks with `Mirror` only the parts
  /// an action changed and diffs only the lines inside them: per action, `==` along the changed
  /// path, O(P) typed work for a changed list of P elements (of the order of the reducer's own
  /// copy of it), and `Mirror` work in proportion to what the action changed (`StateDumper`).
  package static func change(from before: App.State, to after: App.State) -> [String] {
    stateChange(from: before, to: after)
  }
}

/// `before` to `after` as −/+ lines of their dumps, or `(no change)` (see
/// ``ReplayVariants/change(from:to:)``).
package func stateChange<State: Equatable>(from before: State, to after: State) -> [String] {
  guard before != after else { return ["(no change)"] }
  return lineDiff(expected: dumpLines(before), actual: dumpLines(after))
    .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

extension ReplayVariants {
  /// Writes to `write` the test of the session in `input` (named `name`), replayed from
  /// `start` through `steps`, as `emission` says: its clock and dependency calls as the
  /// version-2 log has them, read in step with the steps (``LoggedExtras``).
  package func emittedTest(
    _ emission: TestEmission, log input: LogInput, name: String, start: App.State,
    steps: some Sequence<ReplayStep<App.Action>>, to write: (String) -> Void
  ) throws(ActionLogError) {
    let extras = try LoggedExtras(input, app: app.name)
    if !extras.timed, steps.contains(where: { $0.origin == .effect }) {
      // No times or calls to make its effects send what they sent (a log written by `shrink`,
      // or before the app had a testEmission): the effects' actions are given as logged, as for
      // an app that logs no dependency.
      return effectsTest(name: name, start: start, steps: steps, to: write)
    }
    let reducer = app.reducer
    let emitter = SessionTestEmitter<App.State, App.Action>(
      program: app.name, imports: emission.imports, reducer: emission.reducer,
      style: EmissionStyle())
    var work = emitter.work()
    emitter.write(
      log: name, start: start, steps: steps,
      reduce: { !reducer.reduce(into: &$0, action: $1).isNone },
      script: LoggedCallsScript(dependencies: emission.dependencies, extras: extras),
      work: &work, to: write)
    if let failure = extras.failure { throw failure }
  }
}

extension ReplayVariants {
  /// Writes to `write` the test of a session of an app that logs no dependency: its effects'
  /// actions sent as logged (``LoggedEffectsScript``), in a test that imports the reducer's
  /// module `@testable`, so that its internal types and initialisers are there to use.
  package func effectsTest(
    name: String, start: App.State, steps: some Sequence<ReplayStep<App.Action>>,
    to write: (String) -> Void
  ) {
    let reducer = app.reducer
    let module = String(reflecting: App.Body.self).prefix { $0 != "." }
    let emitter = SessionTestEmitter<App.State, App.Action>(
      program: app.name, imports: ["@testable \(module)"],
      reducer: swiftSource(reducer) ?? "\(sourceTypeName(App.Body.self))()", style: EmissionStyle())
    var work = emitter.work()
    emitter.write(
      log: name, start: start, steps: steps,
      reduce: { !reducer.reduce(into: &$0, action: $1).isNone },
      script: LoggedEffectsScript<App.State, App.Action>(), work: &work, to: write)
  }
}
