/// One line of REPL input, understood: an action for the store, or one of the console's own
/// `:` commands.
///
/// ```swift
/// let command: ConsoleCommand<CounterAction> = .action(.increment)
/// ```
public enum ConsoleCommand<Action: Equatable & Sendable>: Equatable, Sendable {
  /// Nothing to do: a blank line or a `#` comment.
  ///
  /// ```swift
  /// try app.command("# a comment")      // .nothing
  /// ```
  case nothing
  /// An action for the store.
  ///
  /// ```swift
  /// try app.command("add 2")            // .action(.add(2))
  /// ```
  case action(Action)
  /// `:help`, optionally about one command.
  ///
  /// ```swift
  /// try app.command(":help add")        // .help("add")
  /// ```
  case help(String?)
  /// `:state`.
  ///
  /// ```swift
  /// try app.command(":state")           // .state
  /// ```
  case state
  /// `:view`: every screen, changed or not.
  ///
  /// ```swift
  /// try app.command(":view")            // .view
  /// ```
  case view
  /// `:history`: the actions handled so far.
  ///
  /// ```swift
  /// try app.command(":history")         // .history
  /// ```
  case history
  /// `:undo`: step back over the last typed command and what its effects did.
  ///
  /// ```swift
  /// try app.command(":undo")            // .undo
  /// ```
  case undo
  /// `:back [N]`: travel N states back through the session (effects off).
  ///
  /// ```swift
  /// try app.command(":back 2")          // .back(2)
  /// ```
  case back(Int)
  /// `:forward [N]`: travel N states forward again.
  ///
  /// ```swift
  /// try app.command(":forward")         // .forward(1)
  /// ```
  case forward(Int)
  /// `:goto SEQ`: travel to the state after action SEQ (0: before the first action).
  ///
  /// ```swift
  /// try app.command(":goto 0")          // .goto(0)
  /// ```
  case goto(Int)
  /// `:diff [SEQ]`: the state change action SEQ made; nil: the action that led to the screens.
  ///
  /// ```swift
  /// try app.command(":diff 3")          // .diff(3)
  /// ```
  case diff(Int?)
  /// `:wait`: wait until no effect is running.
  ///
  /// ```swift
  /// try app.command(":wait")            // .wait
  /// ```
  case wait
  /// `:quit`.
  ///
  /// ```swift
  /// try app.command(":quit")            // .quit
  /// ```
  case quit
  /// `:record FILE [--force]`.
  ///
  /// ```swift
  /// try app.command(":record s.log")    // .record(RecordRequest(path: "s.log"))
  /// ```
  case record(RecordRequest)
  /// `:stop`.
  ///
  /// ```swift
  /// try app.command(":stop")            // .stop
  /// ```
  case stop
  /// `:html FILE [--force]`: the session so far as a page (docs/inspect.md).
  ///
  /// ```swift
  /// try app.command(":html s.html")     // .html(RecordRequest(path: "s.html"))
  /// ```
  case html(RecordRequest)
  /// `:history --only PATTERN --hide PATTERN`: the actions handled so far whose names the
  /// filter shows.
  ///
  /// ```swift
  /// try app.command(":history --hide tick")   // .filteredHistory(ActionFilter(only: [], hide: ["tick"]))
  /// ```
  case filteredHistory(ActionFilter)
  /// `:why SEQ`: why action SEQ happened, back to the line typed.
  ///
  /// ```swift
  /// try app.command(":why 5")           // .why(5)
  /// ```
  case why(Int)
  /// `:find PATH[=VALUE]`: the actions after which the state had a value at PATH (that value).
  ///
  /// ```swift
  /// try app.command(":find count=3")    // .find(path: "count", value: "3")
  /// ```
  case find(path: String, value: String?)
  /// `:changed PATH`: every action that changed the value at PATH, old → new.
  ///
  /// ```swift
  /// try app.command(":changed count")   // .changed("count")
  /// ```
  case changed(String)
  /// `:open LOG`: replay a log with effects off and go on from its end.
  ///
  /// ```swift
  /// try app.command(":open bug.log")    // .open("bug.log")
  /// ```
  case open(String)
}

/// `--record FILE [--force]` or `:record FILE [--force]`: where to record the session's actions.
///
/// ```swift
/// let request = RecordRequest(path: "session.log", force: true)
/// ```
public struct RecordRequest: Equatable, Sendable {
  /// The log's path.
  ///
  /// ```swift
  /// RecordRequest(path: "s.log").path   // "s.log"
  /// ```
  public var path: String
  /// Overwrite `path` if it exists (without it, an existing file is an error).
  ///
  /// ```swift
  /// RecordRequest(path: "s.log").force   // false
  /// ```
  public var force = false

  /// A recording to `path`, overwriting it only when `force` is true.
  ///
  /// ```swift
  /// RecordRequest(path: "s.log")
  /// ```
  public init(path: String, force: Bool = false) {
    self.path = path
    self.force = force
  }
}

/// Why a line could not be understood: what is wrong, the column where it is, and a hint.
///
/// Printed as `unknown command 'reloda' (column 1) — did you mean 'reload'?`.
///
/// ```swift
/// throw CommandError(problem: "unknown command 'reloda'", column: 1, hint: "did you mean 'reload'?")
/// ```
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong.
  ///
  /// ```swift
  /// error.problem   // "unknown command 'reloda'"
  /// ```
  public let problem: String
  /// The column (from 1, in characters) where it is.
  ///
  /// ```swift
  /// error.column   // 1
  /// ```
  public let column: Int
  /// How to fix it, if there is a guess.
  ///
  /// ```swift
  /// error.hint   // "did you mean 'reload'?"
  /// ```
  public let hint: String?

  /// The error `problem` at `column`, with an optional `hint`.
  ///
  /// ```swift
  /// CommandError(problem: "moveDay needs a number", column: 8, hint: nil)
  /// ```
  public init(problem: String, column: Int, hint: String?) {
    self.problem = problem
    self.column = column
    self.hint = hint
  }

  /// `problem (column N) — hint`.
  ///
  /// ```swift
  /// CommandError(problem: "x", column: 2, hint: nil).description   // "x (column 2)"
  /// ```
  public var description: String {
    "\(problem) (column \(column))" + (hint.map { " — \($0)" } ?? "")
  }
}
