import Store

/// The words after a subcommand (`replay`, `shrink`), read one at a time: an option that takes a
/// value may have it in the next word (`--until 12`) or after an equals sign (`--until=12`).
///
/// ```swift
/// var words = ArgumentList(["--until=12", "s.log"], valued: ["--until"])
/// words.next()          // ("--until", "12")
/// words.next()          // ("s.log", nil)
/// ```
package struct ArgumentList {
  private var remaining: ArraySlice<String>
  /// The options that take a value: only these are split at `=`.
  private let valued: Set<String>

  package init(_ arguments: [String], valued: Set<String>) {
    remaining = arguments[...]
    self.valued = valued
  }

  /// The next word, split into an option and its value when it is `--name=value` for an option
  /// that takes one.
  package mutating func next() -> (word: String, inlineValue: String?)? {
    guard let word = remaining.popFirst() else { return nil }
    if let equals = word.firstIndex(of: "="), valued.contains(String(word[..<equals])) {
      return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
    return (word, nil)
  }

  /// The value of the option just read: `inlineValue`, or else the next word unless it is
  /// another option; nil when there is none.
  package mutating func value(_ inlineValue: String?) -> String? {
    if let inlineValue { return inlineValue }
    guard let next = remaining.first, !next.hasPrefix("--") else { return nil }
    remaining.removeFirst()
    return next
  }

  /// The next word if `accepts` says it is the option's optional value (it is then used up).
  package mutating func optionalValue(where accepts: (String) -> Bool) -> String? {
    guard let next = remaining.first, accepts(next) else { return nil }
    remaining.removeFirst()
    return next
  }
}

/// A command line the console cannot run: the message, printed as `PROGRAM: message` with a
/// pointer to `PROGRAM --help`; exit status 2.
///
/// ```swift
/// throw ArgumentError("replay needs the log to replay: tally replay FILE")
/// ```
package struct ArgumentError: Error, Equatable {
  package let message: String

  package init(_ message: String) {
    self.message = message
  }

  /// `unknown option '--vrify' for replay; did you mean --verify?`
  package static func unknownOption(_ option: String, for command: String, among names: [String])
    -> ArgumentError
  {
    let hint =
      Suggestion.nearest(to: option, among: names, within: 3).map { "; did you mean \($0)?" } ?? ""
    return ArgumentError("unknown option '\(option)' for \(command)\(hint)")
  }

  /// The two lines as they go to stderr, the message escaped: it may quote any argument.
  package func rendered(program: String) -> TerminalText {
    "\(program): \(message)\nRun '\(program) --help' for usage.\n"
  }
}
