import ActionLog
import Foundation
import Store

/// One run of the REPL: the store, the screens, and the loop that turns lines into actions.
///
/// **Specialised in the app's module.** The session is made where the app is a concrete type
/// (uniflow's `main`, a test): its `init`, its per-line path for an action and the history's
/// per-action path are `@inlinable`, so they are compiled there for the app's own state and
/// actions, and the line loops here (``run(_:afterEachLine:)``, the interactive REPL) call
/// that copy through ``lineHandler``. Run generic across the module boundary, the store, the
/// history and its action table paid for metadata lookups and value-witness copies on every
/// action (+14% instructions for uniflow's 20,000-command session; docs/performance.md).
@MainActor
@usableFromInline
package final class ConsoleSession<App: ConsoleApp> {
  @usableFromInline package typealias State = App.State
  @usableFromInline package typealias Action = App.Action
  @usableFromInline package let app: App
  @usableFromInline package let store: Store<State, Action>
  @usableFromInline package let console: any Console
  @usableFromInline let renderer: ScreenPrinter<App>
  /// Every action handled and the state the screens show, for `:history` and time travel.
  @usableFromInline package let history: ActionHistory<State, Action>
  /// The app's reducer with effects that are never run: travel re-applies actions with it.
  @usableFromInline package let replayReducer: App.Body
  /// Script mode: effects settle after every line, errors carry line numbers.
  @usableFromInline let isScript: Bool
  /// How long a script line's effects run before the console says what it is waiting for; nil
  /// (the default) says nothing. The REPL sets it when standard error is a terminal.
  package var scriptWait: ScriptWait?
  /// Whether any line failed; script mode then exits 1.
  package private(set) var hadErrors = false
  /// The recording in progress (`--record`, `:record`), if any.
  package private(set) var recording: ConsoleRecording<App>?
  /// The app's logged dependencies and clock, for recordings (with a ``TestEmission``).
  @usableFromInline let calls: CallRecording?
  /// Why each action happened and when each effect ran (`:why`, the history's cause column,
  /// recordings' causes).
  @usableFromInline package let causes: SessionCauses?

  /// ``handle(_:number:)`` as compiled where the session was made (specialised for the app),
  /// for the loops in this module, which would otherwise run their own generic copy.
  @usableFromInline var lineHandler: ((String, Int) async -> Bool)?

  /// A session of `app` from `initialState` whose effects reach the world through
  /// `dependencies`; the dependencies it does not set are unimplemented. The history keeps
  /// the last `horizon` actions for travel.
  @inlinable
  package init(
    _ app: App, initialState: State, horizon: Int,
    dependencies: (inout DependencyValues) -> Void, console: any Console, isScript: Bool
  ) {
    self.app = app
    let calls = app.testEmission.map { CallRecording($0.dependencies) }
    self.calls = calls
    self.store = Store(initialState: initialState, reducer: app.reducer) {
      dependencies(&$0)
      calls?.install(in: &$0)
    }
    let replayReducer = app.reducer
    self.replayReducer = replayReducer
    self.history = ActionHistory(initialState: initialState, horizon: horizon) {
      state, action in
      replayReducer.reduceDroppingEffects(into: &state, action: action)
    }
    let causes = SessionCauses(ledger: store.trackCauses())
    self.causes = causes
    history.causes = causes
    if let calls { causes.keepCalls(from: calls) }
    history.restoring = { app.restoring($0) }
    history.cancellations = { app.cancellations(in: $0) }
    self.console = console
    self.renderer = ScreenPrinter(app, console: console)
    self.isScript = isScript
    renderer.attach(to: store)
    history.attach(to: store)
    lineHandler = { [unowned self] line, number in await self.handle(line, number: number) }
  }

  /// Prints the screens' changes only after the actions `filter` shows (the REPL's `--only`
  /// and `--hide`); what is recorded and kept stays the same.
  package func filterScreens(_ filter: ActionFilter) {
    renderer.setFilter(filter, on: store)
  }

  /// Starts the app by sending `actions` (uniflow: `launched(at:)` and the default location),
  /// and prints every screen once (in script mode, after the launch's effects have settled).
  package func launch(_ actions: [Action]) async {
    renderer.isLive = false
    for action in actions { store.send(action) }
    if isScript { await store.settle() }
    renderer.isLive = true
    renderer.printAll(of: store.state)
  }

  /// Handles one typed line. Returns false when the session should end.
  @inlinable
  package func handle(_ line: String, number: Int) async -> Bool {
    let command: ConsoleCommand<Action>
    do {
      command = try app.command(line)
    } catch {
      report(error.description, line: number, column: error.column)
      return true
    }
    guard case .action(let action) = command else { return await perform(command, line: number) }
    await send(typed: action, line: number)
    return true
  }

  /// Sends the action of a typed line, unless the app refuses it; in script mode, waits until
  /// its effects have settled.
  @inlinable
  func send(typed action: Action, line number: Int) async {
    if let rejection = rejection(of: action) {
      report(rejection, line: number)
      return
    }
    let before = store.state
    history.beginTypedCommand()
    causes?.typedLine = number
    store.send(action)
    causes?.typedLine = nil
    if isScript { await settleSaying(line: number) }
    if let screen = app.screenShown(by: action) {
      renderer.printUnlessChanged(screen, from: before, to: store.state)
    }
  }

  /// Carries out `command` typed on line `number`: the console's own commands (an action goes
  /// through ``send(typed:line:)``). Returns false when the session should end.
  @usableFromInline
  func perform(_ command: ConsoleCommand<Action>, line number: Int) async -> Bool {
    switch command {
    case .nothing:
      break
    case .action(let action):
      await send(typed: action, line: number)
    case .help(let topic):
      let screens = app.screens(of: store.state).map(\.name)
      let lines = HelpContext.$screens.withValue(screens) { app.helpLines(topic: topic) }
      console.result("help", lines: lines.map { TerminalText($0) }, json: lines)
    case .state:
      console.result(
        "state", lines: StateJSON.lines(store.state), json: StateJSON.object(store.state))
    case .view:
      renderer.printAll(of: store.state)
    case .history:
      let descriptions = ActionHistory<App.State, App.Action>.DescriptionCache()
      console.resultList(
        "history", lineCount: history.lineCount, line: { TerminalText(history.line($0)) },
        itemCount: history.count - history.firstPosition,
        item: { history.jsonEntry($0, descriptions: descriptions) })
    case .filteredHistory(let filter):
      filteredHistory(filter)
    case .why(let seq):
      why(seq, line: number)
    case .find(let path, let value):
      find(path, value: value, line: number)
    case .changed(let path):
      changed(path, line: number)
    case .open(let path):
      open(path, line: number)
    case .undo:
      undo(line: number)
    case .back(let steps):
      travel(by: -steps, line: number)
    case .forward(let steps):
      travel(by: steps, line: number)
    case .goto(let seq):
      travel(toSeq: seq, line: number)
    case .diff(let seq):
      diff(seq, line: number)
    case .wait:
      await store.settle()
    case .quit:
      return false
    case .record(let request):
      if let recording {
        report("already recording to \(recording.path); :stop first", line: number)
      } else if let error = startRecording(request) {
        report(ConsoleRecording<App>.message(error), line: number)
      } else {
        console.output("recording to \(request.path)")
      }
    case .html(let request):
      writePage(request, line: number)
    case .stop:
      guard let recording else {
        report("not recording; :record FILE starts a recording", line: number)
        return true
      }
      if let error = stopRecording() {
        report(error.description, line: number)
      } else {
        console.output(
          "stopped recording: \(counted(recording.actions, "action")) in \(recording.path)")
      }
    }
    return true
  }

  /// Starts recording every action to `request.path` — from `state` (the store's by default),
  /// refusing to write to `inputs` as well as standard input; the error if the log cannot be
  /// created.
  package func startRecording(
    _ request: RecordRequest, from state: State? = nil, refusing inputs: [FileIdentity] = []
  ) -> ActionLogError? {
    do {
      recording = try ConsoleRecording(
        app, request, store: store, from: state, refusing: inputs, calls: calls, causes: causes
      ) {
        [weak self] error in
        guard let self else { return }
        self.recording?.abandon()
        self.recording = nil
        self.report("recording stopped: \(error)", line: nil)
      }
      return nil
    } catch {
      return error
    }
  }

  /// Writes the checkpoint and closes the recording, if there is one.
  @discardableResult
  package func stopRecording() -> ActionLogError? {
    guard let recording else { return nil }
    self.recording = nil
    do {
      try recording.stop(state: store.state)
      return nil
    } catch {
      return error
    }
  }

  /// Reads lines until the input ends or `:quit`, then cancels what is still running.
  package func run(_ lines: AsyncStream<String>, afterEachLine: () -> Void = {}) async {
    var number = 0
    for await line in lines {
      number += 1
      guard await lineHandler!(line, number) else { break }
      afterEachLine()
    }
    finish()
  }

  /// The session ends: cancels what is still running and closes the recording with its
  /// checkpoint.
  package func finish() {
    store.cancelAllEffects()
    if let error = stopRecording() { report(error.description, line: nil) }
  }

  /// Ctrl-C: cancels what is in flight through the features' own cancel actions, so the screens
  /// say so and the log records it. Returns whether anything was in flight.
  package func interrupt() -> Bool {
    guard store.runningEffects > 0 else { return false }
    history.beginTypedCommand()
    for action in app.cancellations(in: store.state) { store.send(action) }
    store.cancelAllEffects()  // anything else still running
    return true
  }

  /// Why the app refuses `action` in the current state, checked before it is sent.
  @inlinable
  func rejection(of action: Action) -> String? {
    app.rejection(of: action, in: store.state)
  }

  @usableFromInline
  package func report(_ message: String, line: Int?, column: Int? = nil) {
    hadErrors = true
    console.problem(Problem(message: message, line: isScript ? line : nil, column: column))
  }
}

/// `:state`: the whole state as pretty JSON with sorted keys and ISO 8601 dates.
package enum StateJSON {
  package static func pretty(_ state: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    guard let data = try? encoder.encode(state) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  /// The pretty JSON, line by line, for a terminal: JSON escapes in strings for the characters
  /// JSON itself leaves raw (``TerminalText/init(json:)``), so that it stays valid JSON.
  package static func lines(_ state: some Encodable) -> [TerminalText] {
    pretty(state).split(separator: "\n").map { TerminalText(json: String($0)) }
  }

  /// The state as a JSON object, for `--json`.
  package static func object(_ state: some Encodable) -> Any {
    (try? JSONSerialization.jsonObject(with: Data(pretty(state).utf8))) ?? [:]
  }
}
