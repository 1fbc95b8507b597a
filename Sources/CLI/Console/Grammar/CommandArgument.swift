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
  }

  /// The name the command's closure reads it by, and usage shows (`ID`, `TITLE`).
  ///
  /// ```swift
  /// CommandArgument.word("NAME").name   // "NAME"
  /// ```
  public let name: String
  package let kind: Kind
  package private(set) var isOptional = false

  /// A whole number within `range` (an optional `+` or `-`, then ASCII digits).
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

  /// How usage shows it: `ID`, `TITLE…`, `pug|poodle`, `[SEQ]`.
  package var usage: String {
    let shown =
      switch kind {
      case .integer, .word: name
      case .rest: name + "…"
      case .choice(let choices): choices.joined(separator: "|")
      }
    return isOptional ? "[\(shown)]" : shown
  }
}

/// The arguments of a typed command, checked, by name: what a table's closure reads.
///
/// ```swift
/// ActionCommand("remove", .integer("ID"), summary: "remove a todo", example: "remove 1") {
///   .removeTapped($0.integer("ID"))
/// }
/// ```
public struct ParsedArguments: Sendable {
  package enum Value: Equatable, Sendable {
    case integer(Int)
    case text(String)
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
    switch values[name] {
    case .text(let text): text
    case .integer(let value): String(value)
    case nil: ""
    }
  }
}
