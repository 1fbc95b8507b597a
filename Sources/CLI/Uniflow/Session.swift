import ActionLog
import AppLog
import Commands
import Console
import Features
import Foundation
import Store

/// One run of the REPL: the store, the screens, and the loop that turns lines into actions.
@MainActor
final class Session {
  let store: Store<AppState, AppAction>
  let console: any Console
  private let renderer: ScreenRenderer
  /// Every action handled and the state the screens show, for `:history` and time travel.
  let history: SessionHistory
  /// The app's reducer with effects that are never run: travel re-applies actions with it.
  let replayReducer = AppReducer()
  /// Script mode: effects settle after every line, errors carry line numbers.
  private let isScript: Bool
  /// Whether any line failed; script mode then exits 1.
  private(set) var hadErrors = false
  /// The city the weather screen looks up at launch, unless `--no-default-location`.
  private let defaultLocation: String?
  /// The zone the clock shows, written in the header of recordings.
  private let timeZone: TimeZone
  /// The recording in progress (`--record`, `:record`), if any.
  private(set) var recording: SessionRecording?

  /// A session whose effects reach the world through `dependencies` (see `Wiring`); the
  /// dependencies it does not set are unimplemented.
  init(
    options: Options, dependencies: (inout DependencyValues) -> Void, console: any Console,
    isScript: Bool
  ) {
    let initialState = AppState(timeZone: options.timeZone)
    self.store = Store(
      initialState: initialState, reducer: AppReducer(), withDependencies: dependencies)
    let replayReducer = self.replayReducer
    self.history = SessionHistory(initialState: initialState, horizon: options.history) {
      state, action in
      _ = replayReducer.reduce(into: &state, action: action)
    }
    self.console = console
    self.renderer = ScreenRenderer(console: console)
    self.isScript = isScript
    self.defaultLocation = options.showsDefaultLocation ? WeatherState.defaultLocation : nil
    self.timeZone = options.timeZone
    renderer.attach(to: store)
    history.attach(to: store)
  }

  /// Starts the app at `date`, asks for the default location's weather, and prints every screen
  /// once (in script mode, after the launch's effects have settled).
  func launch(at date: Date) async {
    renderer.isLive = false
    store.send(.launched(at: date))
    if let defaultLocation { store.send(.weather(.changeLocation(defaultLocation))) }
    if isScript { await store.settle() }
    renderer.isLive = true
    renderer.printAll(of: store.state)
  }

  /// Handles one typed line. Returns false when the session should end.
  func handle(_ line: String, number: Int) async -> Bool {
    let command: Command
    do {
      command = try CommandParser.parse(line)
    } catch {
      report(error.description, line: number, column: error.column)
      return true
    }
    switch command {
    case .nothing:
      break
    case .action(let action):
      if let rejection = rejection(of: action) {
        report(rejection, line: number)
        return true
      }
      let before = store.state
      history.beginTypedCommand()
      store.send(action)
      if isScript { await store.settle() }
      if case .dog(.show) = action {
        renderer.printUnlessChanged("dog", from: before, to: store.state)
      }
    case .help(let topic):
      let lines = HelpText.lines(topic: topic)
      console.result("help", lines: lines.map { TerminalText($0) }, json: lines)
    case .state:
      console.result(
        "state", lines: StateJSON.lines(store.state), json: StateJSON.object(store.state))
    case .view:
      renderer.printAll(of: store.state)
    case .history:
      console.resultList(
        "history", lineCount: history.lineCount, line: { TerminalText(history.line($0)) },
        itemCount: history.count - history.firstPosition, item: history.jsonEntry)
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
        report(SessionRecording.message(error), line: number)
      } else {
        console.output("recording to \(request.path)")
      }
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

  /// Starts recording every action to `request.path`; the error if the log cannot be created.
  func startRecording(_ request: RecordRequest) -> ActionLogError? {
    do {
      recording = try SessionRecording(request, store: store, timeZone: timeZone) {
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
  func stopRecording() -> ActionLogError? {
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
  func run(_ lines: AsyncStream<String>, afterEachLine: () -> Void = {}) async {
    var number = 0
    for await line in lines {
      number += 1
      guard await handle(line, number: number) else { break }
      afterEachLine()
    }
    finish()
  }

  /// The session ends: cancels what is still running and closes the recording with its
  /// checkpoint.
  func finish() {
    store.cancelAllEffects()
    if let error = stopRecording() { report(error.description, line: nil) }
  }

  /// Ctrl-C: cancels what is in flight through the features' own cancel actions, so the screens
  /// say so and the log records it. Returns whether anything was in flight.
  func interrupt() -> Bool {
    guard store.runningEffects > 0 else { return false }
    history.beginTypedCommand()
    if store.state.clock.isLoading { store.send(.clock(.cancel)) }
    if store.state.weather.isLoading { store.send(.weather(.cancel)) }
    store.cancelAllEffects()  // anything else still running
    return true
  }

  /// Why the app refuses `action` in the current state, checked before it is sent.
  private func rejection(of action: AppAction) -> String? {
    switch action {
    case .clock(.moveDay(let days)):
      return ClockReducer.rejection(ofMovingBy: days, in: store.state.clock)
    case .dog(let action):
      return DogReducer.rejection(of: action, in: store.state.dog, today: store.state.today)
    case .weather(.changeLocation(let name)):
      return WeatherReducer.rejection(ofChangingLocationTo: name)
    default:
      return nil
    }
  }

  func report(_ message: String, line: Int?, column: Int? = nil) {
    hadErrors = true
    console.problem(Problem(message: message, line: isScript ? line : nil, column: column))
  }
}

/// `:state`: the whole state as pretty JSON with sorted keys and ISO 8601 dates.
enum StateJSON {
  static func pretty(_ state: AppState) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    guard let data = try? encoder.encode(state) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  /// The pretty JSON, line by line, for a terminal: JSON escapes in strings for the characters
  /// JSON itself leaves raw (``TerminalText/init(json:)``), so that it stays valid JSON.
  static func lines(_ state: AppState) -> [TerminalText] {
    pretty(state).split(separator: "\n").map { TerminalText(json: String($0)) }
  }

  /// The state as a JSON object, for `--json`.
  static func object(_ state: AppState) -> Any {
    (try? JSONSerialization.jsonObject(with: Data(pretty(state).utf8))) ?? [:]
  }
}

/// `:help` and `:help COMMAND`, from the command catalog.
enum HelpText {
  static func lines(topic: String?) -> [String] {
    if let topic,
      let spec = CommandCatalog.spec(for: topic) ?? CommandCatalog.spec(for: ":" + topic)
    {
      return [
        spec.usage, "  " + spec.summary, "  " + spec.details, "  example: \(spec.example)",
      ]
    }
    let width = CommandCatalog.all.map(\.usage.count).max() ?? 0
    var lines = ["Commands (command words are case-insensitive):"]
    for spec in CommandCatalog.all {
      let padding = String(repeating: " ", count: width - spec.usage.count)
      lines.append("  \(spec.usage)\(padding)  \(spec.summary)  (e.g. \(spec.example))")
    }
    lines.append("Lines starting with # are comments. :help COMMAND explains one command.")
    return lines
  }
}
