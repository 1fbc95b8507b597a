import Features
import Foundation
import Store

/// One run of the REPL: the store, the screens, and the loop that turns lines into actions.
@MainActor
final class Session {
  let store: Store<AppState, AppAction>
  private let console: any Console
  private let renderer: ScreenRenderer
  /// Script mode: effects settle after every line, errors carry line numbers.
  private let isScript: Bool
  /// Whether any line failed; script mode then exits 1.
  private(set) var hadErrors = false
  /// The zone the clock shows, written in the header of recordings.
  private let timeZone: TimeZone
  /// The recording in progress (`--record`, `:record`), if any.
  private(set) var recording: SessionRecording?

  init(options: Options, environment: AppEnvironment, console: any Console, isScript: Bool) {
    self.store = Store(
      initialState: AppState(timeZone: options.timeZone),
      reducer: AppReducer(environment: environment))
    self.console = console
    self.renderer = ScreenRenderer(console: console)
    self.isScript = isScript
    self.timeZone = options.timeZone
    renderer.attach(to: store)
  }

  /// Starts the app at `date` and prints every screen once.
  func launch(at date: Date) async {
    renderer.isLive = false
    store.send(.launched(at: date))
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
      report(error.description, line: number)
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
      store.send(action)
      if isScript { await store.settle() }
    case .help(let topic):
      for text in HelpText.lines(topic: topic) { console.output(text) }
    case .state:
      console.output(StateJSON.pretty(store.state))
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
        console.output("stopped recording: \(recording.actions) actions in \(recording.path)")
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
    store.cancelAllEffects()
    if let error = stopRecording() { report(error.description, line: nil) }
  }

  /// Why the app refuses `action` in the current state, checked before it is sent.
  private func rejection(of action: AppAction) -> String? {
    if case .clock(.moveDay(let days)) = action {
      return ClockReducer.rejection(ofMovingBy: days, in: store.state.clock)
    }
    return nil
  }

  private func report(_ message: String, line: Int?) {
    hadErrors = true
    if let line, isScript {
      console.error("line \(line): \(message)")
    } else {
      console.error("error: \(message)")
    }
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
