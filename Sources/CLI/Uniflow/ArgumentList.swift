import Console

/// The words after a subcommand (`replay`, `shrink`), read one at a time: an option that takes a
/// value may have it in the next word (`--until 12`) or after an equals sign (`--until=12`).
///
/// ```swift
/// var words = ArgumentList(["--until=12", "s.log"], valued: ["--until"])
/// words.next()          // ("--until", "12")
/// words.next()          // ("s.log", nil)
/// ```
struct ArgumentList {
  private var remaining: ArraySlice<String>
  /// The options that take a value: only these are split at `=`.
  private let valued: Set<String>

  init(_ arguments: [String], valued: Set<String>) {
    remaining = arguments[...]
    self.valued = valued
  }

  /// The next word, split into an option and its value when it is `--name=value` for an option
  /// that takes one.
  mutating func next() -> (word: String, inlineValue: String?)? {
    guard let word = remaining.popFirst() else { return nil }
    if let equals = word.firstIndex(of: "="), valued.contains(String(word[..<equals])) {
      return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
    return (word, nil)
  }

  /// The value of the option just read: `inlineValue`, or else the next word unless it is
  /// another option; nil when there is none.
  mutating func value(_ inlineValue: String?) -> String? {
    if let inlineValue { return inlineValue }
    guard let next = remaining.first, !next.hasPrefix("--") else { return nil }
    remaining.removeFirst()
    return next
  }

  /// The next word if `accepts` says it is the option's optional value (it is then used up).
  mutating func optionalValue(where accepts: (String) -> Bool) -> String? {
    guard let next = remaining.first, accepts(next) else { return nil }
    remaining.removeFirst()
    return next
  }
}

extension UsageError {
  /// `unknown option '--vrify' for replay; did you mean --verify?`
  static func unknownOption(_ option: String, for command: String, among names: [String])
    -> UsageError
  {
    let hint = Options.suggestion(for: option, among: names).map { "; did you mean \($0)?" } ?? ""
    return UsageError("unknown option '\(option)' for \(command)\(hint)")
  }
}
