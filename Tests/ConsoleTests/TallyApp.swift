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

  /// `add N`, `note TEXT…`, `reset`, and the console's `:` commands.
  var commands: [ActionCommand<Tally.Action>] {
    [
      ActionCommand(
        "add", .integer("N", in: -1_000...1_000), summary: "add N to the total",
        example: "add 2", details: "N is a whole number from -1000 to 1000."
      ) { .add($0.integer("N")) },
      ActionCommand("note", .rest("TEXT"), summary: "add a note", example: "note hello") {
        .note($0.text("TEXT"))
      },
      ActionCommand("reset", aliases: ["clear"], summary: "start again", example: "reset") { _ in
        .reset
      },
    ]
  }

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
