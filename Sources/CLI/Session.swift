import Commands
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
  /// The city the weather screen looks up at launch, unless `--no-default-location`.
  private let defaultLocation: String?

  init(options: Options, environment: AppEnvironment, console: any Console, isScript: Bool) {
    self.store = Store(
      initialState: AppState(timeZone: options.timeZone),
      reducer: AppReducer(environment: environment))
    self.console = console
    self.renderer = ScreenRenderer(console: console)
    self.isScript = isScript
    self.defaultLocation = options.showsDefaultLocation ? WeatherState.defaultLocation : nil
    renderer.attach(to: store)
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
      let before = store.state
      store.send(action)
      if isScript { await store.settle() }
      if case .dog(.show) = action {
        renderer.printUnlessChanged("dog", from: before, to: store.state)
      }
    case .help(let topic):
      for text in HelpText.lines(topic: topic) { console.output(text) }
    case .state:
      console.output(StateJSON.pretty(store.state))
    case .quit:
      return false
    }
    return true
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
  }

  /// Ctrl-C: cancels what is in flight through the features' own cancel actions, so the screens
  /// say so and the log records it. Returns whether anything was in flight.
  func interrupt() -> Bool {
    guard store.runningEffects > 0 else { return false }
    if store.state.clock.isLoading { store.send(.clock(.cancel)) }
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

  private func report(_ message: String, line: Int) {
    hadErrors = true
    console.error(isScript ? "line \(line): \(message)" : "error: \(message)")
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
