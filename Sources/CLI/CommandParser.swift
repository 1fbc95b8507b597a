import Features

/// One line of REPL input, understood.
enum Command: Equatable, Sendable {
  /// Nothing to do: a blank line or a `#` comment.
  case nothing
  /// An action for the store.
  case action(AppAction)
  /// `:help`, optionally about one command.
  case help(String?)
  /// `:state`.
  case state
  /// `:quit`.
  case quit
  /// `:record FILE [--force]`.
  case record(RecordRequest)
  /// `:stop`.
  case stop
}

/// Why a line could not be understood: what is wrong, the column where it is, and a hint.
///
/// Printed as `unknown command 'reloda' (column 1) — did you mean 'reload'?`.
struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
  let problem: String
  let column: Int
  let hint: String?

  var description: String {
    "\(problem) (column \(column))" + (hint.map { " — \($0)" } ?? "")
  }
}

/// Turns a typed line into a ``Command``. Command words are case-insensitive.
///
/// ```swift
/// try CommandParser.parse("moveDay -1")   // .action(.clock(.moveDay(-1)))
/// ```
enum CommandParser {
  /// The furthest one `moveDay` may move: 100 years of days.
  static let maxMoveDays = 36_525

  static func parse(_ line: String) throws(CommandError) -> Command {
    let words = Word.split(line)
    guard let first = words.first, !first.text.hasPrefix("#") else { return .nothing }
    guard let spec = CommandCatalog.spec(for: first.text) else {
      throw CommandError(
        problem: "unknown command '\(Word.display(first.text))'", column: first.column,
        hint: CommandCatalog.suggestion(for: first.text).map { "did you mean '\($0)'?" }
          ?? "type :help for the list of commands")
    }
    let arguments = Array(words.dropFirst())
    switch spec.name {
    case "reload":
      try noArguments(arguments, spec)
      return .action(.clock(.reload))
    case "yesterday":
      try noArguments(arguments, spec)
      return .action(.clock(.moveDay(-1)))
    case "tomorrow":
      try noArguments(arguments, spec)
      return .action(.clock(.moveDay(1)))
    case "moveDay":
      return .action(.clock(.moveDay(try days(arguments, after: first, spec))))
    case ":help":
      guard arguments.count <= 1 else { throw extra(arguments[1], spec) }
      if let topic = arguments.first, CommandCatalog.spec(for: topic.text) == nil,
        CommandCatalog.spec(for: ":" + topic.text) == nil
      {
        throw CommandError(
          problem: "no command '\(Word.display(topic.text))' to explain", column: topic.column,
          hint: CommandCatalog.suggestion(for: topic.text).map { "did you mean '\($0)'?" })
      }
      return .help(arguments.first?.text)
    case ":state":
      try noArguments(arguments, spec)
      return .state
    case ":record":
      return .record(try recordRequest(line, arguments, after: first, spec))
    case ":stop":
      try noArguments(arguments, spec)
      return .stop
    default:
      try noArguments(arguments, spec)
      return .quit
    }
  }

  private static func days(_ arguments: [Word], after command: Word, _ spec: CommandSpec)
    throws(CommandError) -> Int
  {
    guard let argument = arguments.first else {
      throw CommandError(
        problem: "moveDay needs a number of days",
        column: command.column + command.text.count + 1, hint: "e.g. \(spec.example)")
    }
    if arguments.count > 1 { throw extra(arguments[1], spec) }
    let text = argument.text.hasPrefix("+") ? String(argument.text.dropFirst()) : argument.text
    let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    let isInteger = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    guard isInteger, let value = Int(text) else {
      throw CommandError(
        problem: isInteger
          ? "'\(Word.display(argument.text))' is out of range"
          : "'\(Word.display(argument.text))' is not a whole number of days",
        column: argument.column, hint: "e.g. \(spec.example)")
    }
    guard abs(value) <= maxMoveDays else {
      throw CommandError(
        problem: "moveDay \(value) is more than 100 years", column: argument.column,
        hint: "use a number from -\(maxMoveDays) to \(maxMoveDays)")
    }
    return value
  }

  /// `:record FILE [--force]`: the file is the rest of the line, so it may contain spaces.
  private static func recordRequest(
    _ line: String, _ arguments: [Word], after command: Word, _ spec: CommandSpec
  ) throws(CommandError) -> RecordRequest {
    var words = arguments
    let force = words.last?.text == "--force"
    if force { words.removeLast() }
    guard let first = words.first, let last = words.last else {
      throw CommandError(
        problem: ":record needs a file to record to",
        column: command.column + command.text.count + 1, hint: "e.g. \(spec.example)")
    }
    let characters = Array(line)
    let path = String(characters[(first.column - 1)..<(last.column - 1 + last.text.count)])
    return RecordRequest(path: path, force: force)
  }

  private static func noArguments(_ arguments: [Word], _ spec: CommandSpec) throws(CommandError) {
    if let first = arguments.first { throw extra(first, spec) }
  }

  private static func extra(_ word: Word, _ spec: CommandSpec) -> CommandError {
    CommandError(
      problem: "unexpected '\(Word.display(word.text))'", column: word.column,
      hint: "usage: \(spec.usage)")
  }
}

/// A whitespace-separated word of a line and the column (1-based, in characters) it starts at.
struct Word: Equatable, Sendable {
  let text: String
  let column: Int

  static func split(_ line: String) -> [Word] {
    var words: [Word] = []
    var current = ""
    var start = 0
    for (index, character) in line.enumerated() {
      if character.isWhitespace {
        if !current.isEmpty { words.append(Word(text: current, column: start + 1)) }
        current = ""
      } else {
        if current.isEmpty { start = index }
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(Word(text: current, column: start + 1)) }
    return words
  }

  /// `text` made safe to echo in one line: control characters escaped, long text shortened.
  static func display(_ text: String) -> String {
    var shown = ""
    for scalar in text.unicodeScalars.prefix(40) {
      if scalar.properties.generalCategory == .control || scalar == "\u{FFFD}" {
        shown += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return text.unicodeScalars.count > 40 ? shown + "…" : shown
  }
}
