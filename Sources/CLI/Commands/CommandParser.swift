import Console
import Features

/// Turns a typed line into a ``Command``. Command words are case-insensitive.
///
/// ```swift
/// try CommandParser.parse("moveDay -1")   // .action(.clock(.moveDay(-1)))
/// ```
package enum CommandParser {
  /// The furthest one `moveDay` may move: 100 years of days.
  package static let maxMoveDays = 36_525

  package static func parse(_ line: String) throws(CommandError) -> Command {
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
    case "dog":
      guard arguments.count <= 1 else { throw extra(arguments[1], spec) }
      return .action(.dog(.show(arguments.first?.text)))
    case "adopt":
      return .action(.dog(try adoption(arguments, after: first, spec)))
    case "changeLocation":
      return .action(.weather(.changeLocation(try city(in: line, after: first, spec))))
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
    case ":view":
      try noArguments(arguments, spec)
      return .view
    case ":history":
      try noArguments(arguments, spec)
      return .history
    case ":undo":
      try noArguments(arguments, spec)
      return .undo
    case ":back":
      return .back(try count(arguments, default: 1, from: 1, spec) ?? 1)
    case ":forward":
      return .forward(try count(arguments, default: 1, from: 1, spec) ?? 1)
    case ":goto":
      guard let seq = try count(arguments, default: nil, from: 0, spec) else {
        throw CommandError(
          problem: ":goto needs the seq of an action (:history lists them)",
          column: first.column + first.text.count + 1, hint: "e.g. \(spec.example)")
      }
      return .goto(seq)
    case ":diff":
      return .diff(try count(arguments, default: nil, from: 1, spec))
    case ":wait":
      try noArguments(arguments, spec)
      return .wait
    case ":record":
      return .record(try recordRequest(line, arguments, after: first, spec))
    case ":stop":
      try noArguments(arguments, spec)
      return .stop
    case ":quit":
      try noArguments(arguments, spec)
      return .quit
    default:
      preconditionFailure("CommandParser.parse has no case for the catalog's '\(spec.name)'")
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
    // `magnitude`, not `abs`: abs(Int.min) traps, and `moveDay -9223372036854775808` is a line
    // anyone can type.
    guard value.magnitude <= maxMoveDays.magnitude else {
      throw CommandError(
        problem: "moveDay \(value) is more than 100 years", column: argument.column,
        hint: "use a number from -\(maxMoveDays) to \(maxMoveDays)")
    }
    return value
  }

  /// The optional whole-number argument of `:back`, `:forward`, `:goto` and `:diff`: at least
  /// `minimum`, `fallback` when absent.
  private static func count(
    _ arguments: [Word], default fallback: Int?, from minimum: Int, _ spec: CommandSpec
  ) throws(CommandError) -> Int? {
    guard let argument = arguments.first else { return fallback }
    if arguments.count > 1 { throw extra(arguments[1], spec) }
    let text = argument.text
    let isDigits = !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    guard isDigits, let value = Int(text), value >= minimum else {
      throw CommandError(
        problem: isDigits && Int(text) == nil
          ? "'\(Word.display(text))' is out of range"
          : "'\(Word.display(text))' is not a whole number from \(minimum)",
        column: argument.column, hint: "usage: \(spec.usage)")
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

  static func extra(_ word: Word, _ spec: CommandSpec) -> CommandError {
    CommandError(
      problem: "unexpected '\(Word.display(word.text))'", column: word.column,
      hint: "usage: \(spec.usage)")
  }
}
