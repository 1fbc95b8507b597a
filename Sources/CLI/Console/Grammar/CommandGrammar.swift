/// An app's command table with the console's `:` commands: parses a typed line and writes
/// `:help`.
///
/// Bounds: parsing a line of L characters is O(L + C·W) for C commands of W words; an unknown
/// word adds the did-you-mean search, O(C·W·64²) (words are compared on their first 64
/// characters). `:help` is O(C).
package struct CommandGrammar<Action: Equatable & Sendable>: Sendable {
  package let commands: [ActionCommand<Action>]

  /// The app's `commands` followed by the console's `:` commands.
  package init(_ commands: [ActionCommand<Action>]) {
    self.commands = commands + ColonCommands.all()
  }

  /// The command whose words include `word`, ignoring case.
  package func command(named word: String) -> ActionCommand<Action>? {
    let lowered = word.lowercased()
    return commands.first { $0.words.contains { $0.lowercased() == lowered } }
  }

  /// The command word nearest to `word`, if it is near enough to be a likely typo.
  package func suggestion(for word: String) -> String? {
    let lowered = word.lowercased()
    var best: (word: String, distance: Int)?
    for command in commands {
      for candidate in command.words {
        let distance = Suggestion.editDistance(lowered, candidate.lowercased())
        if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
      }
    }
    guard let best else { return nil }
    return best.distance <= max(1, min(3, best.word.count / 3)) ? best.word : nil
  }

  /// `line` as a console command; a blank line or a `#` comment is `.nothing`.
  package func parse(_ line: String) throws(CommandError) -> ConsoleCommand<Action> {
    let words = Word.split(line)
    guard let first = words.first, !first.text.hasPrefix("#") else { return .nothing }
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

  /// The arguments of `command`, typed as `words` after its word (`words[0]`).
  private func parseArguments(_ words: [Word], of command: ActionCommand<Action>, line: String)
    throws(CommandError) -> ParsedArguments
  {
    var parsed = ParsedArguments()
    var end = words[0].column + words[0].text.count
    var index = 1
    let usage = "usage: \(command.usage)"
    for argument in command.arguments {
      guard index < words.count else {
        if argument.isOptional { break }
        throw CommandError(
          problem: "\(command.name) needs \(argument.name)", column: end + 1, hint: usage)
      }
      let word = words[index]
      switch argument.kind {
      case .rest:
        let characters = Array(line)
        let text = String(characters[(word.column - 1)...]).trimmingTrailingWhitespace()
        parsed.values[argument.name] = .text(text)
        return parsed
      case .word:
        parsed.values[argument.name] = .text(word.text)
      case .integer(let range):
        parsed.values[argument.name] = .integer(
          try Self.integer(word, in: range, hint: usage))
      case .choice(let choices):
        guard let choice = choices.first(where: { $0.lowercased() == word.text.lowercased() })
        else {
          throw CommandError(
            problem: "'\(Word.display(word.text))' is not one of "
              + choices.joined(separator: ", "), column: word.column, hint: usage)
        }
        parsed.values[argument.name] = .text(choice)
      }
      end = word.column + word.text.count
      index += 1
    }
    if index < words.count {
      throw CommandError(
        problem: "unexpected '\(Word.display(words[index].text))'", column: words[index].column,
        hint: usage)
    }
    return parsed
  }

  private static func integer(_ word: Word, in range: ClosedRange<Int>, hint: String)
    throws(CommandError) -> Int
  {
    let text = word.text.hasPrefix("+") ? String(word.text.dropFirst()) : word.text
    let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    let isInteger = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    if isInteger, let value = Int(text), range.contains(value) { return value }
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
