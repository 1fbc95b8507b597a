import Foundation

/// `:find`'s argument: a path and, after `=`, a value.
struct FindQuery: Sendable {
  let path: String
  let value: String?
}

/// The console's own `:` commands, as table rows: every app's REPL has them.
enum ColonCommands {
  /// The rows, their help written for the app of the current ``HelpContext``; `examples` are
  /// the app's own commands, the first taking an argument being `:help`'s example.
  static func all<Action>(examples: [ActionCommand<Action>] = []) -> [ActionCommand<Action>] {
    let context = HelpContext.current
    let program = context?.program ?? "the app"
    let state = context?.stateName ?? "state"
    let screens =
      (context?.screens).flatMap { $0.isEmpty ? nil : $0 }
      .map { "the \(list($0)) screens as they are now" } ?? "every screen as it is now"
    let explained = examples.first { !$0.arguments.isEmpty } ?? examples.first
    let count = CommandArgument.integer("N", in: 1...Int.max).optional
    return [
      row(
        [":help"], [.word("COMMAND").optional], "list the commands, or explain one",
        ":help \(explained?.name ?? ":state")",
        "With no argument, lists every command with an example."
      ) { .help($0.optionalText("COMMAND")) },
      row(
        [":state"], [], "print the whole \(state) as JSON", ":state",
        "Prints \(state) as pretty-printed JSON with sorted keys."
      ) { _ in .state },
      row(
        [":view"], [], "print every screen, changed or not", ":view", "Prints \(screens)."
      ) { _ in .view },
      row(
        [":history"], [.custom("FILTER", rest: true, parse: historyFilter).optional],
        "list the actions handled so far (seq, source, cause, action)", ":history",
        "One line an action, in the order the store handled it: its sequence number, where it "
          + "came from (launch, typed, effect or travel), its cause (line N: the line typed; "
          + "of N: sent by an effect of action N; :why tells more) and the action. The line "
          + "of the state the screens show is marked with >. FILTER: --only PATTERN lists only the "
          + "actions whose names match, --hide PATTERN leaves them out (both may repeat): a "
          + "name is the action's case path, episodes.element.progress, and a pattern may "
          + "have * for one segment and ** for any number.",
        usage: ":history [FILTER…]"
      ) { arguments in
        arguments.optionalText("FILTER") == nil
          ? .history : .filteredHistory(arguments.value("FILTER", as: ActionFilter.self))
      },
      row(
        [":why"],
        [
          .integer("SEQ", in: 1...Int.max)
            .described("the seq of an action (:history lists them)")
        ], "say why action SEQ happened, back to the line typed", ":why 2",
        "Prints action SEQ and its cause, then the action whose effect sent it and its cause, "
          + "and so on back to a typed line (line N), a send from the app, or travel. An "
          + "effect's cause names its number and where it was written (file:line)."
      ) { .why($0.integer("SEQ")) },
      row(
        [":find"], [.custom("PATH", rest: true, parse: findQuery)],
        "list the actions after which PATH had a value (or VALUE)", ":find count=3",
        "PATH is written as the screens write it: episodes[id: 1].download. With =VALUE, only "
          + "the actions after which the value, written as the screens write it, is VALUE.",
        usage: ":find PATH[=VALUE]"
      ) { arguments in
        let query = arguments.value("PATH", as: FindQuery.self)
        return .find(path: query.path, value: query.value)
      },
      row(
        [":changed"], [.rest("PATH")], "list every action that changed PATH, old -> new",
        ":changed count",
        "PATH is written as the screens write it: episodes[id: 1].download. One line an action "
          + "that changed the value there: its seq, the action, and the value before and after."
      ) { .changed($0.text("PATH")) },
      row(
        [":open"], [.rest("LOG")], "replay LOG with effects off and go on from its end",
        ":open session.log",
        "Replays the action log LOG from its start state, effects off, and lands at its end "
          + "with its whole history for :back, :goto, :why, :find and :changed; actions typed "
          + "then go on from there. LOG is read once and never written to."
      ) { .open($0.text("LOG")) },
      row(
        [":undo"], [], "step back over the last typed command and everything its effects did",
        ":undo",
        "Travels to the state before the last command typed (see :back): effects in flight are "
          + "cancelled and the screens go back. Repeat to go further back; :forward redoes. "
          + "Answers that arrive after a later command was typed are undone with that command."
      ) { _ in .undo },
      row(
        [":back"], [count], "travel N states back through the session (default 1), effects off",
        ":back 3",
        "Cancels effects in flight and shows the screens as they were N actions ago, re-applying "
          + "the session's actions with effects off. Typing a command there continues from that "
          + "state, and the states after it are dropped."
      ) { .back($0.optionalInteger("N") ?? 1) },
      row(
        [":forward"], [count], "travel N states forward again (default 1)", ":forward",
        "Undoes :back, up to the last state the session reached."
      ) { .forward($0.optionalInteger("N") ?? 1) },
      row(
        [":goto"],
        [
          .integer("SEQ", in: 0...Int.max)
            .described("the seq of an action (:history lists them)")
        ], "travel to the state right after action SEQ (:history lists them)", ":goto 2",
        "SEQ 0 is the state before the first action. Effects in flight are cancelled."
      ) { .goto($0.integer("SEQ")) },
      row(
        [":diff"], [.integer("SEQ", in: 1...Int.max).optional],
        "show what action SEQ changed in the state, as -/+ lines", ":diff 2",
        "Without SEQ, the action that led to the screens now. Lines only before the action are "
          + "marked -, lines only after it +."
      ) { .diff($0.optionalInteger("SEQ")) },
      row(
        [":wait"], [], "wait until no effect is running", ":wait",
        "Returns once every effect in flight has finished (script mode does this after every "
          + "line anyway)."
      ) { _ in .wait },
      row(
        [":record"], [.custom("FILE", rest: true, parse: recordRequest)],
        "record every action from now on to FILE, an action log", ":record session.log",
        "Writes the state now, then each action as it is handled, to FILE (JSON Lines; see "
          + "docs/action-log.md). An existing FILE is kept unless --force is given. "
          + "\(program) replay FILE shows the same screens again.",
        usage: ":record FILE [--force]"
      ) { .record($0.value("FILE", as: RecordRequest.self)) },
      row(
        [":stop"], [], "stop recording and close the log", ":stop",
        "Writes the final state as the log's checkpoint and closes it. Leaving \(program) does "
          + "the same."
      ) { _ in .stop },
      row(
        [":html"], [.custom("FILE", rest: true, parse: htmlRequest)],
        "write the session so far as a page to FILE, to open in a browser", ":html session.html",
        "Writes one HTML file, with nothing to download: the actions with their causes, a filter "
          + "and search, the state after each as a tree, its diff, and the effects over time "
          + "(docs/inspect.md). An existing FILE is kept unless --force is given.",
        usage: ":html FILE [--force]"
      ) { .html($0.value("FILE", as: RecordRequest.self)) },
      row(
        [":quit", ":q", ":exit"], [], "leave (Ctrl-D does too)", ":quit",
        "Cancels effects still running and exits."
      ) { _ in .quit },
    ]
  }

  /// `:record FILE [--force]`: the file is the rest of the line, spaces and all, without a last
  /// word `--force`.
  @Sendable
  private static func recordRequest(_ input: CommandInput) throws(CommandError) -> RecordRequest {
    try fileRequest(input, command: ":record")
  }

  /// `:html FILE [--force]`, read as `:record`'s.
  @Sendable
  private static func htmlRequest(_ input: CommandInput) throws(CommandError) -> RecordRequest {
    try fileRequest(input, command: ":html")
  }

  /// `COMMAND FILE [--force]` (`:record`, `:html`): the file is the rest of the line, spaces and
  /// all, without a last word `--force`.
  private static func fileRequest(_ input: CommandInput, command: String) throws(CommandError)
    -> RecordRequest
  {
    var words = Word.split(input.text)
    let force = words.last?.text == "--force"
    if force { words.removeLast() }
    guard let first = words.first, let last = words.last else {
      throw CommandError(
        problem: command == ":html"
          ? ":html needs a file to write the page to" : ":record needs a file to record to",
        column: input.column + 1,
        hint: command == ":html" ? "e.g. :html session.html" : "e.g. :record session.log")
    }
    let characters = Array(input.text)
    let path = String(characters[(first.column - 1)..<(last.column - 1 + last.text.count)])
    return RecordRequest(path: path, force: force)
  }

  /// `--only PATTERN` and `--hide PATTERN`, each any number of times.
  @Sendable
  private static func historyFilter(_ input: CommandInput) throws(CommandError) -> ActionFilter {
    var filter = ActionFilter(only: [], hide: [])
    var words = Word.split(input.text)[...]
    while let flag = words.popFirst() {
      let column = input.column + flag.column - 1
      guard flag.text == "--only" || flag.text == "--hide" else {
        throw CommandError(
          problem: "unexpected '\(flag.text)'", column: column,
          hint: "e.g. :history --only 'episodes.*.progress' --hide tick")
      }
      guard let pattern = words.popFirst() else {
        throw CommandError(
          problem: "\(flag.text) needs a pattern", column: column,
          hint: "e.g. \(flag.text) 'episodes.*.progress'")
      }
      var text = Substring(pattern.text)
      if text.count >= 2, let first = text.first, first == "'" || first == "\"",
        text.last == first
      {
        text = text.dropFirst().dropLast()
      }
      if flag.text == "--only" {
        filter.only.append(String(text))
      } else {
        filter.hide.append(String(text))
      }
    }
    return filter
  }

  /// `PATH` or `PATH=VALUE`: the path is checked here, so that a bad one is reported with its
  /// column.
  @Sendable
  private static func findQuery(_ input: CommandInput) throws(CommandError) -> FindQuery {
    let text = input.text.trimmingCharacters(in: .whitespaces)
    let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0]).trimmingCharacters(in: .whitespaces)
    do {
      _ = try StatePath(path)
    } catch {
      throw CommandError(
        problem: error.message, column: input.column + error.column - 1,
        hint: "e.g. :find episodes[id: 1].download")
    }
    let value = parts.count == 2 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : nil
    return FindQuery(path: path, value: value)
  }

  private static func row<Action>(
    _ words: [String], _ arguments: [CommandArgument], _ summary: String, _ example: String,
    _ details: String, usage: String? = nil,
    build: @escaping @Sendable (ParsedArguments) -> ConsoleCommand<Action>
  ) -> ActionCommand<Action> {
    ActionCommand(
      words, arguments, usage: usage, summary: summary, example: example, details: details,
      build: build)
  }

  /// `a`, `a and b`, `a, b and c`.
  static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
  }
}

/// What the console's own commands' help says of the app: its name, its state's type and its
/// screens, set around a call of ``ConsoleApp/helpLines(topic:)``.
package struct HelpContext: Sendable {
  package var program: String
  package var stateName: String
  package var screens: [String]

  /// The app whose help is being written, while it is.
  @TaskLocal package static var current: HelpContext?
  /// The names of the app's screens, which the session knows and sets.
  @TaskLocal package static var screens: [String] = []
}

extension String {
  /// The string without the whitespace it ends with.
  func trimmingTrailingWhitespace() -> String {
    var text = Substring(self)
    while text.last?.isWhitespace == true { text = text.dropLast() }
    return String(text)
  }
}
