/// One command of an app's REPL, as data: its word, its typed arguments, what `:help` says of
/// it, and the action it sends. An app lists them in ``ConsoleApp/commands``; the console parses
/// lines with them, suggests the nearest word for a typo, and reports a bad argument with its
/// column and the usage line.
///
/// ```swift
/// ActionCommand("add", .rest("TITLE"), summary: "add a todo", example: "add Buy milk") {
///   .addTapped($0.text("TITLE"))
/// }
/// ```
public struct ActionCommand<Action: Equatable & Sendable>: Sendable {
  /// The command's words: its name first, then its aliases.
  ///
  /// ```swift
  /// command.words   // ["reload", "now"]
  /// ```
  public let words: [String]
  /// Its arguments, in order.
  ///
  /// ```swift
  /// command.arguments.map(\.name)   // ["ID"]
  /// ```
  public let arguments: [CommandArgument]
  /// One line on what it does.
  ///
  /// ```swift
  /// command.summary   // "remove a todo"
  /// ```
  public let summary: String
  /// A line that uses it.
  ///
  /// ```swift
  /// command.example   // "remove 1"
  /// ```
  public let example: String
  /// What `:help NAME` adds to the summary; may be empty.
  ///
  /// ```swift
  /// command.details   // "The todo's id is the number its row starts with."
  /// ```
  public let details: String
  private let usageOverride: String?
  package let build: @Sendable (ParsedArguments) -> ConsoleCommand<Action>

  /// The command `word` (or one of `aliases`, ignoring case) taking `arguments`, which sends
  /// what `action` makes of them. `usage` replaces the usage line made from the word and the
  /// arguments (`reload | now` for a command with an alias).
  ///
  /// ```swift
  /// ActionCommand("remove", .integer("ID"), summary: "remove a todo", example: "remove 1") {
  ///   .removeTapped($0.integer("ID"))
  /// }
  /// ```
  public init(
    _ word: String, _ arguments: CommandArgument..., aliases: [String] = [],
    usage: String? = nil, summary: String, example: String, details: String = "",
    action: @escaping @Sendable (ParsedArguments) -> Action
  ) {
    self.init(
      [word] + aliases, arguments, usage: usage, summary: summary, example: example,
      details: details
    ) { .action(action($0)) }
  }

  /// A command that makes any console command (the console's own `:` commands).
  package init(
    _ words: [String], _ arguments: [CommandArgument], usage: String?, summary: String,
    example: String, details: String,
    build: @escaping @Sendable (ParsedArguments) -> ConsoleCommand<Action>
  ) {
    self.words = words
    self.arguments = arguments
    self.usageOverride = usage
    self.summary = summary
    self.example = example
    self.details = details
    self.build = build
  }

  /// The command's name: its first word.
  ///
  /// ```swift
  /// command.name   // "remove"
  /// ```
  public var name: String { words[0] }

  /// How to type it: `remove ID`, `add TITLE…`, `:diff [SEQ]`.
  ///
  /// ```swift
  /// command.usage   // "remove ID"
  /// ```
  public var usage: String {
    usageOverride ?? ([name] + arguments.map(\.usage)).joined(separator: " ")
  }
}
