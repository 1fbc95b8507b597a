import ActionLog
import Store

/// An app's command table with the console's `:` commands: parses a typed line and writes
/// `:help`.
///
/// A line's arguments are checked in this order: too few words for the required ones (`adopt
/// needs a birthday (YYYY-MM-DD) and a breed (pug or poodle)`), then too many (`unexpected
/// 'now'`), then each value from the left, so that a line with a word missing is told what is
/// missing rather than that a later word is of the wrong kind.
///
/// Bounds: parsing a line of L characters is O(L + C·W) for C commands of W words; an unknown
/// word adds the did-you-mean search, O(C·W·64²) (words are compared on their first 64
/// characters). `:help` is O(C).
package struct CommandGrammar<Action: Equatable & Sendable>: Sendable {
  /// The app's commands.
  package let appCommands: [ActionCommand<Action>]
  /// Reads an action typed as Swift (a line starting with `.`), when the app's can be.
  package let typing: (@Sendable (String) throws(ValueSyntaxError) -> Action)?

  /// The app's `commands` followed by the console's `:` commands; `typing` reads an action
  /// typed as Swift.
  package init(
    _ commands: [ActionCommand<Action>],
    typing: (@Sendable (String) throws(ValueSyntaxError) -> Action)? = nil
  ) {
    self.appCommands = commands
    self.typing = typing
  }

  /// The app's commands followed by the console's `:` commands, made when asked for: a line
  /// that names one of the app's commands is parsed without them (building them, with their
  /// help texts, was most of the cost of parsing a line).
  package var commands: [ActionCommand<Action>] {
    appCommands + ColonCommands.all(examples: appCommands)
  }

  /// The command whose words include `word`, ignoring case: the first of ``commands``.
  package func command(named word: String) -> ActionCommand<Action>? {
    let lowered = word.lowercased()
    let named = { (command: ActionCommand<Action>) in
      command.words.contains { $0.lowercased() == lowered }
    }
    if let command = appCommands.first(where: named) { return command }
    return ColonCommands.all(examples: appCommands).first(where: named)
  }

  /// The command word nearest to `word`, if it is near enough to be a likely typo.
  package func suggestion(for word: String) -> String? {
    let lowered = word.lowercased()
    let words = commands.flatMap(\.words)
    return Suggestion.likely(lowered, among: words.map { $0.lowercased() }).flatMap { found in
      words.first { $0.lowercased() == found }
    }
  }

  /// `line` as a console command; a blank line or a `#` comment is `.nothing`.
  package func parse(_ line: String) throws(CommandError) -> ConsoleCommand<Action> {
    let words = Word.split(line)
    guard let first = words.first, !first.text.hasPrefix("#") else { return .nothing }
    if first.text.hasPrefix(".") { return .action(try typed(line)) }
    guard let command = command(named: first.text) else {
      throw CommandError(
        problem: "unknown command '\(Word.display(first.text))'", column: first.column,
        hint: suggestion(for: first.text).map { "did you mean '\($0)'?" }
          ?? "type :help for the list of commands")
    }
    let arguments = try parseArguments(words, of: command, line: line)
    if command.name == ":help", let topic = words.dropFirst().first,
      self.command(named: topic.text) == nil, self.command(named: ":" + topic.text) == nil
    {
      throw CommandError(
        problem: "no command '\(Word.display(topic.text))' to explain", column: topic.column,
        hint: suggestion(for: topic.text).map { "did you mean '\($0)'?" })
    }
    return command.build(arguments)
  }

  /// The action `line` spells as Swift (``ValueSyntax``), or an error at its column saying what
  /// was expected there.
  private func typed(_ line: String) throws(CommandError) -> Action {
    guard let typing else {
      throw CommandError(
        problem: "this app's actions cannot be typed as Swift (its Action is not Decodable)",
        column: (line.firstIndex { !$0.isWhitespace }.map {
          line.distance(from: line.startIndex, to: $0)
        } ?? 0) + 1,
        hint: "type :help for the list of commands")
    }
    do {
      return try typing(line)
    } catch {
      let column = String(decoding: Array(line.utf8).prefix(error.offset), as: UTF8.self).count + 1
      let hint = [
        error.expected.map { "expected \($0)" }, error.suggestion.map { "did you mean '\($0)'?" },
      ]
      .compactMap { $0 }.joined(separator: "; ")
      throw CommandError(problem: error.message, column: column, hint: hint.isEmpty ? nil : hint)
    }
  }

  /// The arguments of `command`, typed as `words` after its word (`words[0]`).
  private func parseArguments(_ words: [Word], of command: ActionCommand<Action>, line: String)
    throws(CommandError) -> ParsedArguments
  {
    let given = words.dropFirst()
    let rest = command.arguments.last.flatMap { $0.isRest ? $0 : nil }
    let fixed = rest == nil ? command.arguments[...] : command.arguments.dropLast()
    let required = fixed.filter { !$0.isOptional }
    let commandEnd = words[0].column + words[0].text.count
    let usage = "usage: \(command.usage)"
    // Too few words: everything missing from the first one not typed, at the end of the line.
    var missing = Array(required.dropFirst(given.count))
    if let rest, !rest.isOptional, case .rest = rest.kind, given.count <= fixed.count {
      missing.append(rest)
    }
    if !missing.isEmpty {
      let end = given.last.map { $0.column + $0.text.count } ?? commandEnd
      throw CommandError(
        problem:
          "\(command.name) needs \(ColonCommands.list(missing.map { $0.description ?? $0.name }))",
        column: end + 1, hint: "e.g. \(command.example)")
    }
    if rest == nil, given.count > fixed.count {
      let extra = given[given.startIndex + fixed.count]
      throw CommandError(
        problem: "unexpected '\(Word.display(extra.text))'", column: extra.column, hint: usage)
    }
    var parsed = ParsedArguments()
    for (argument, word) in zip(fixed, given) {
      parsed.values[argument.name] = try value(of: argument, word, line: line, command: command)
    }
    if let rest {
      let characters = Array(line)
      if case .custom(_, let parse) = rest.kind {
        // From just after the word before it, leading whitespace and all.
        let start = given.prefix(fixed.count).last.map { $0.column + $0.text.count } ?? commandEnd
        let text = String(characters[min(start - 1, characters.count)...])
        let input = CommandInput(
          text: text, column: start, line: line, usage: command.usage, example: command.example)
        parsed.values[rest.name] = .custom(try parse(input))
      } else if given.count > fixed.count {
        let word = given[given.startIndex + fixed.count]
        parsed.values[rest.name] = .text(
          String(characters[(word.column - 1)...]).trimmingTrailingWhitespace())
      }
    }
    return parsed
  }

  /// The value of `word` typed for `argument`.
  private func value(
    of argument: CommandArgument, _ word: Word, line: String, command: ActionCommand<Action>
  ) throws(CommandError) -> ParsedArguments.Value {
    switch argument.kind {
    case .rest:
      preconditionFailure("a rest argument is read apart")
    case .word:
      return .text(word.text)
    case .integer(let range):
      return .integer(try Self.integer(word, in: range, hint: "usage: \(command.usage)"))
    case .choice(let choices):
      guard let choice = choices.first(where: { $0.lowercased() == word.text.lowercased() })
      else {
        throw CommandError(
          problem: "'\(Word.display(word.text))' is not one of "
            + choices.joined(separator: ", "), column: word.column,
          hint: "usage: \(command.usage)")
      }
      return .text(choice)
    case .custom(_, let parse):
      let input = CommandInput(
        text: word.text, column: word.column, line: line, usage: command.usage,
        example: command.example)
      return .custom(try parse(input))
    }
  }

  private static func integer(_ word: Word, in range: ClosedRange<Int>, hint: String)
    throws(CommandError) -> Int
  {
    // A sign only where the range has numbers that need one.
    let signs: [Character] = range.lowerBound < 0 ? ["+", "-"] : []
    let text =
      word.text.first == "+" && signs.contains("+") ? String(word.text.dropFirst()) : word.text
    let digits = text.first == "-" && signs.contains("-") ? text.dropFirst() : Substring(text)
    let isInteger = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    if isInteger, let value = Int(text), range.contains(value) { return value }
    if isInteger, Int(text) == nil {
      throw CommandError(
        problem: "'\(Word.display(word.text))' is out of range", column: word.column, hint: hint)
    }
    let bounds =
      switch (range.lowerBound, range.upperBound) {
      case (Int.min, Int.max): ""
      case (let low, Int.max): " from \(low)"
      case (Int.min, let high): " up to \(high)"
      case (let low, let high): " from \(low) to \(high)"
      }
    throw CommandError(
      problem: "'\(Word.display(word.text))' is not a whole number\(bounds)", column: word.column,
      hint: hint)
  }
}
