/// The console's own `:` commands, as table rows: every app's REPL has them.
enum ColonCommands {
  static func all<Action>() -> [ActionCommand<Action>] {
    let count = CommandArgument.integer("N", in: 1...Int.max).optional
    return [
      row([":help"], [.word("COMMAND").optional], "list the commands, or explain one", ":help") {
        .help($0.text("COMMAND").isEmpty ? nil : $0.text("COMMAND"))
      },
      row([":state"], [], "print the whole state", ":state") { _ in .state },
      row([":view"], [], "print every screen, changed or not", ":view") { _ in .view },
      row([":history"], [], "list the actions handled so far", ":history") { _ in .history },
      row([":undo"], [], "step back over the last typed command and its effects", ":undo") { _ in
        .undo
      },
      row([":back"], [count], "travel N states back (default 1), effects off", ":back 2") {
        .back($0.optionalInteger("N") ?? 1)
      },
      row([":forward"], [count], "travel N states forward again (default 1)", ":forward") {
        .forward($0.optionalInteger("N") ?? 1)
      },
      row(
        [":goto"], [.integer("SEQ", in: 0...Int.max)], "travel to the state after action SEQ",
        ":goto 0"
      ) { .goto($0.integer("SEQ")) },
      row(
        [":diff"], [.integer("SEQ", in: 1...Int.max).optional],
        "the state change action SEQ made (default: the last)", ":diff 3"
      ) { .diff($0.optionalInteger("SEQ")) },
      row([":wait"], [], "wait until no effect is running", ":wait") { _ in .wait },
      row(
        [":record"], [.rest("FILE")], "record the session's actions to FILE",
        ":record session.log", usage: ":record FILE [--force]"
      ) { arguments in
        let text = arguments.text("FILE")
        guard text.hasSuffix(" --force") else { return .record(RecordRequest(path: text)) }
        let path = String(text.dropLast(" --force".count)).trimmingTrailingWhitespace()
        return .record(RecordRequest(path: path, force: true))
      },
      row([":stop"], [], "stop recording", ":stop") { _ in .stop },
      row([":quit"], [], "leave the REPL", ":quit") { _ in .quit },
    ]
  }

  private static func row<Action>(
    _ words: [String], _ arguments: [CommandArgument], _ summary: String, _ example: String,
    usage: String? = nil, build: @escaping @Sendable (ParsedArguments) -> ConsoleCommand<Action>
  ) -> ActionCommand<Action> {
    ActionCommand(
      words, arguments, usage: usage, summary: summary, example: example, details: "",
      build: build)
  }
}

extension String {
  /// The string without the whitespace it ends with.
  func trimmingTrailingWhitespace() -> String {
    var text = Substring(self)
    while text.last?.isWhitespace == true { text = text.dropLast() }
    return String(text)
  }
}
