import Features

/// One line of REPL input, understood.
package enum Command: Equatable, Sendable {
  /// Nothing to do: a blank line or a `#` comment.
  case nothing
  /// An action for the store.
  case action(AppAction)
  /// `:help`, optionally about one command.
  case help(String?)
  /// `:state`.
  case state
  /// `:view`: every screen, changed or not.
  case view
  /// `:history`: the actions handled so far.
  case history
  /// `:undo`: step back over the last typed command and what its effects did.
  case undo
  /// `:back [N]`: travel N states back through the session (effects off).
  case back(Int)
  /// `:forward [N]`: travel N states forward again.
  case forward(Int)
  /// `:goto SEQ`: travel to the state after action SEQ (0: before the first action).
  case goto(Int)
  /// `:diff [SEQ]`: the state change action SEQ made; nil: the action that led to the screens.
  case diff(Int?)
  /// `:wait`: wait until no effect is running.
  case wait
  /// `:quit`.
  case quit
  /// `:record FILE [--force]`.
  case record(RecordRequest)
  /// `:stop`.
  case stop
}

/// `--record FILE [--force]` or `:record FILE [--force]`: where to record the session's actions.
package struct RecordRequest: Equatable, Sendable {
  /// The log's path.
  package var path: String
  /// Overwrite `path` if it exists (without it, an existing file is an error).
  package var force = false

  package init(path: String, force: Bool = false) {
    self.path = path
    self.force = force
  }
}

/// Why a line could not be understood: what is wrong, the column where it is, and a hint.
///
/// Printed as `unknown command 'reloda' (column 1) — did you mean 'reload'?`.
package struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
  package let problem: String
  package let column: Int
  package let hint: String?

  package init(problem: String, column: Int, hint: String?) {
    self.problem = problem
    self.column = column
    self.hint = hint
  }

  package var description: String {
    "\(problem) (column \(column))" + (hint.map { " — \($0)" } ?? "")
  }
}
