extension ConsoleApp {
  /// No action commands: the REPL knows only the console's `:` commands, unless the app writes
  /// `command(_:)` itself.
  ///
  /// ```swift
  /// app.commands   // []
  /// ```
  public var commands: [ActionCommand<Action>] { [] }

  /// Parses `line` with ``commands`` and the console's `:` commands: an unknown word is
  /// reported with the nearest command, a bad or missing argument with its column and the
  /// command's usage.
  ///
  /// ```swift
  /// try app.command("remove x")
  /// // throws "'x' is not a whole number from 1 (column 8) — usage: remove ID"
  /// ```
  public func command(_ line: String) throws(CommandError) -> ConsoleCommand<Action> {
    try CommandGrammar(commands, typing: actionLogCoding.typing).parse(line)
  }

  /// `:help` from ``commands``: every command's usage, summary and example, aligned; with a
  /// topic, that command's usage, summary, details and example.
  ///
  /// ```swift
  /// app.helpLines(topic: "add")   // ["add TITLE…", "  add a todo", "  example: add Buy milk"]
  /// ```
  public func helpLines(topic: String?) -> [String] {
    let context = HelpContext(
      program: name, stateName: "\(State.self)", screens: HelpContext.screens)
    return HelpContext.$current.withValue(context) {
      CommandGrammar(commands, typing: actionLogCoding.typing).helpLines(topic: topic)
    }
  }
}

extension CommandGrammar {
  /// What `:help` prints, or `:help TOPIC` (with or without its colon). O(C) for C commands.
  package func helpLines(topic: String?) -> [String] {
    let commands = self.commands
    guard let topic else {
      let width = commands.map(\.usage.count).max() ?? 0
      var lines = ["Commands (command words are case-insensitive):"]
      for command in commands {
        let padding = String(repeating: " ", count: width - command.usage.count)
        lines.append(
          "  \(command.usage)\(padding)  \(command.summary)  (e.g. \(command.example))")
      }
      lines.append("Lines starting with # are comments. :help COMMAND explains one command.")
      if typing != nil {
        lines.append(
          "An action can also be typed as Swift, .case(label: value, …): Tab completes its cases "
            + "and labels.")
      }
      return lines
    }
    guard let command = command(named: topic) ?? command(named: ":" + topic) else {
      return ["no command '\(Word.display(topic))' to explain; type :help for the list"]
    }
    var lines = [command.usage, "  " + command.summary]
    if !command.details.isEmpty { lines.append("  " + command.details) }
    lines.append("  example: \(command.example)")
    return lines
  }
}

extension ConsoleApp {
  /// What Tab offers for `text`, the line up to the cursor: the command words that start with
  /// it, or the cases and labels of an action typed as Swift (``Completion``).
  package func completion(of text: String) -> Completion? {
    Completion.of(
      text, action: actionLogCoding.typedType,
      words: CommandGrammar(commands).commands.flatMap(\.words))
  }
}
