/// One typed argument of a command in an app's table: its name as usage shows it and what it
/// accepts. The console checks it and reports a bad one with its column.
///
/// ```swift
/// let id = CommandArgument.integer("ID", in: 1...Int.max)   // usage "ID"
/// ```
public struct CommandArgument: Sendable {
  package enum Kind: Sendable {
    case integer(ClosedRange<Int>)
    case word
    case rest
    case choice([String])
    /// Read by the app's own closure: one word, or (`rest`) the rest of the line.
    case custom(rest: Bool, parse: @Sendable (CommandInput) throws(CommandError) -> any Sendable)
  }

  /// The name the command's closure reads it by, and usage shows (`ID`, `TITLE`).
  ///
  /// ```swift
  /// CommandArgument.word("NAME").name   // "NAME"
  /// ```
  public let name: String
  package let kind: Kind
  package private(set) var isOptional = false
  /// What a missing argument is called in `moveDay needs a number of days`; the name if nil.
  package private(set) var description: String?

  /// A whole number within `range`: ASCII digits, after a `+` or `-` when `range` goes below 0.
  ///
  /// ```swift
  /// let days = CommandArgument.integer("N", in: -36_525...36_525)
  /// ```
  public static func integer(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max)
    -> CommandArgument
  { CommandArgument(name: name, kind: .integer(range)) }

  /// One word: any text without whitespace.
  ///
  /// ```swift
  /// let name = CommandArgument.word("NAME")
  /// ```
  public static func word(_ name: String) -> CommandArgument {
    CommandArgument(name: name, kind: .word)
  }

  /// The rest of the line as typed, spaces included; it must be the last argument.
  ///
  /// ```swift
  /// let title = CommandArgument.rest("TITLE")   // usage "TITLE…"
  /// ```
  public static func rest(_ name: String) -> CommandArgument {
    CommandArgument(name: name, kind: .rest)
  }

  /// One of `choices`, matched ignoring case and read as the choice is spelled.
  ///
  /// ```swift
  /// let breed = CommandArgument.choice("BREED", ["pug", "poodle"])   // usage "pug|poodle"
  /// ```
  public static func choice(_ name: String, _ choices: [String]) -> CommandArgument {
    CommandArgument(name: name, kind: .choice(choices))
  }

  /// An argument the app reads itself: `parse` gets the word typed (or, with `rest`, the rest of
  /// the line and where it starts) and returns its value, which the command's closure reads
  /// with ``ParsedArguments/value(_:as:)``, or throws a ``CommandError`` at the column at fault.
  ///
  /// ```swift
  /// let day = CommandArgument.custom("DAY") { input throws(CommandError) in
  ///   guard let day = CalendarDay(input.text) else {
  ///     throw CommandError(problem: "'\(input.text)' is not a date", column: input.column,
  ///       hint: "e.g. \(input.example)")
  ///   }
  ///   return day
  /// }
  /// ```
  public static func custom(
    _ name: String, rest: Bool = false,
    parse: @escaping @Sendable (CommandInput) throws(CommandError) -> any Sendable
  ) -> CommandArgument {
    CommandArgument(name: name, kind: .custom(rest: rest, parse: parse))
  }

  /// The same argument, which may be left out; only trailing arguments may be.
  ///
  /// ```swift
  /// let seq = CommandArgument.integer("SEQ", in: 1...Int.max).optional   // usage "[SEQ]"
  /// ```
  public var optional: CommandArgument {
    var copy = self
    copy.isOptional = true
    return copy
  }

  /// The same argument, called `description` when it is missing: `moveDay needs a number of
  /// days` rather than `moveDay needs N`.
  ///
  /// ```swift
  /// let days = CommandArgument.integer("N").described("a number of days")
  /// ```
  public func described(_ description: String) -> CommandArgument {
    var copy = self
    copy.description = description
    return copy
  }

  /// Whether it takes the rest of the line.
  package var isRest: Bool {
    switch kind {
    case .rest, .custom(rest: true, _): true
    default: false
    }
  }

  /// How usage shows it: `ID`, `TITLE…`, `pug|poodle`, `[SEQ]`.
  package var usage: String {
    let shown =
      switch kind {
      case .integer, .word, .custom(rest: false, _): name
      case .rest, .custom(rest: true, _): name + "…"
      case .choice(let choices): choices.joined(separator: "|")
      }
    return isOptional ? "[\(shown)]" : shown
  }
}

/// What a ``CommandArgument/custom(_:rest:parse:)`` argument reads: the text typed for it, where
/// it starts, the whole line, and the command's usage and example for its messages.
///
/// ```swift
/// throw CommandError(problem: "'\(input.text)' is not a date", column: input.column,
///   hint: "e.g. \(input.example)")
/// ```
public struct CommandInput: Sendable {
  /// The word typed; for a rest argument, the line after the command word, from its first
  /// character that is not whitespace (empty when there is none).
  ///
  /// ```swift
  /// input.text   // "2024-05-01"
  /// ```
  public let text: String
  /// The column (from 1, in characters) where ``text`` starts.
  ///
  /// ```swift
  /// input.column   // 13
  /// ```
  public let column: Int
  /// The whole line as typed.
  ///
  /// ```swift
  /// input.line   // "adopt bella 2024-05-01 pug"
  /// ```
  public let line: String
  /// The command's usage, e.g. `adopt NAME DAY BREED`, for a message's `usage:` hint.
  ///
  /// ```swift
  /// hint: "usage: \(input.usage)"
  /// ```
  public let usage: String
  /// The command's example, for a message's `e.g.` hint.
  ///
  /// ```swift
  /// hint: "e.g. \(input.example)"
  /// ```
  public let example: String
}

/// The arguments of a typed command, checked, by name: what a table's closure reads.
///
/// ```swift
/// ActionCommand("remove", .integer("ID"), summary: "remove a todo", example: "remove 1") {
///   .removeTapped($0.integer("ID"))
/// }
/// ```
public struct ParsedArguments: Sendable {
  package enum Value: Sendable {
    case integer(Int)
    case text(String)
    case custom(any Sendable)
  }

  package var values: [String: Value] = [:]

  package init() {}

  /// The whole number `name` holds; a left-out optional one, or one the command does not
  /// declare as an integer, is a programming error.
  ///
  /// ```swift
  /// .removeTapped(arguments.integer("ID"))
  /// ```
  public func integer(_ name: String) -> Int {
    guard case .integer(let value) = values[name] else {
      preconditionFailure(
        "ParsedArguments.integer: no integer '\(name)' was parsed; declare it with "
          + ".integer(\"\(name)\") (read an optional one with optionalInteger)")
    }
    return value
  }

  /// The whole number `name` holds, or nil when the optional argument was left out.
  ///
  /// ```swift
  /// .diff(arguments.optionalInteger("SEQ"))
  /// ```
  public func optionalInteger(_ name: String) -> Int? {
    if case .integer(let value) = values[name] { return value }
    return nil
  }

  /// The text `name` holds (a word, the rest of the line, or a choice); empty when an optional
  /// argument was left out.
  ///
  /// ```swift
  /// .addTapped(arguments.text("TITLE"))
  /// ```
  public func text(_ name: String) -> String {
    optionalText(name) ?? ""
  }

  /// The text `name` holds, or nil when the optional argument was left out.
  ///
  /// ```swift
  /// .dog(.show(arguments.optionalText("NAME")))
  /// ```
  public func optionalText(_ name: String) -> String? {
    switch values[name] {
    case .text(let text): text
    case .integer(let value): String(value)
    case .custom(let value): "\(value)"
    case nil: nil
    }
  }

  /// The value a ``CommandArgument/custom(_:rest:parse:)`` argument's closure made; one of
  /// another type, or left out, is a programming error.
  ///
  /// ```swift
  /// .adopt(name: $0.text("NAME"), birthday: $0.value("DAY", as: CalendarDay.self))
  /// ```
  public func value<Value>(_ name: String, as _: Value.Type = Value.self) -> Value {
    switch values[name] {
    case .custom(let value as Value), .integer(let value as Value), .text(let value as Value):
      return value
    default:
      preconditionFailure(
        "ParsedArguments.value: no \(Value.self) '\(name)' was parsed; declare it with "
          + ".custom(\"\(name)\") returning one")
    }
  }
}
