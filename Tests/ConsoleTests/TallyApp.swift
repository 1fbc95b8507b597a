import ActionLog
import Store
import TestSupport

@testable import Console

/// The test support's `Tally` as a console app: an app the console knows nothing of.
struct TallyApp: ConsoleApp {
  var name: String { "tally" }
  var version: String { "1.0.0" }
  var reducer: Tally { Tally() }

  func screens(of state: Tally.State) -> [ConsoleScreen] {
    [
      ConsoleScreen("total", "\(state.total)"),
      ConsoleScreen("notes", state.notes.joined(separator: ", ")),
    ]
  }

  /// `add N`, `note TEXT`, `reset`, and `:history`, `:state`, `:diff`, `:back`, `:forward`,
  /// `:goto SEQ`, `:undo`, `:record FILE`, `:stop`, `:quit`.
  func command(_ line: String) throws(CommandError) -> ConsoleCommand<Tally.Action> {
    let words = line.split(separator: " ").map(String.init)
    switch words.first {
    case nil: return .nothing
    case "add":
      guard words.count == 2, let amount = Int(words[1]) else {
        throw CommandError(problem: "add needs a number", column: 5, hint: "e.g. add 2")
      }
      return .action(.add(amount))
    case "note": return .action(.note(words.dropFirst().joined(separator: " ")))
    case "reset": return .action(.reset)
    case ":history": return .history
    case ":state": return .state
    case ":diff": return .diff(nil)
    case ":back": return .back(1)
    case ":forward": return .forward(1)
    case ":undo": return .undo
    case ":goto" where words.count == 2 && Int(words[1]) != nil: return .goto(Int(words[1])!)
    case ":record" where words.count == 2: return .record(RecordRequest(path: words[1]))
    case ":stop": return .stop
    case ":quit": return .quit
    case let word?:
      throw CommandError(problem: "unknown command '\(word)'", column: 1, hint: nil)
    }
  }

  func helpLines(topic: String?) -> [String] { ["add N", "note TEXT", "reset"] }

  /// Refuses to add a negative number.
  func rejection(of action: Tally.Action, in state: Tally.State) -> String? {
    if case .add(let amount) = action, amount < 0 { return "add takes no negative number" }
    return nil
  }
}

/// Keeps what a command prints, output and errors apart.
@MainActor
final class CapturingConsole: Console {
  private(set) var outputs: [String] = []
  private(set) var errors: [String] = []

  func output(_ line: TerminalText) { outputs.append(line.escaped) }
  func error(_ line: TerminalText) { errors.append(line.escaped) }
}

/// Records `actions` on a `Tally` into `file` with a header naming `app`.
@MainActor
func recordTally(_ actions: [Tally.Action], app: String, to file: TemporaryFile) throws {
  let store = Store(initialState: Tally.State(), reducer: Tally())
  let recorder = try ActionLogRecorder<Tally.State, Tally.Action>(
    path: file.path, settings: [LogSetting("app", app)], state: store.state)
  let observation = recorder.attach(to: store) { _ in }
  for action in actions { store.send(action) }
  observation.cancel()
  try recorder.finish(state: store.state)
}
