/// Every REPL command: its words, how to use it, one line on what it does, and an example.
/// Parsing, `:help` and the did-you-mean suggestions all read this one table.
struct CommandSpec: Sendable {
  let words: [String]
  let usage: String
  let summary: String
  let example: String
  let details: String

  var name: String { words[0] }
}

enum CommandCatalog {
  static let all: [CommandSpec] = [
    CommandSpec(
      words: ["reload", "now"], usage: "reload | now",
      summary: "clock: Loading.. then the current time",
      example: "reload",
      details: "Fetches the current time (the system clock, or --time-url) and shows it. "
        + "A reload still in flight is cancelled."),
    CommandSpec(
      words: ["moveDay"], usage: "moveDay N",
      summary: "clock: move the shown date by N days (N within ±36525, 100 years)",
      example: "moveDay -1",
      details: "Moves by calendar days in the clock's time zone, keeping the wall-clock time "
        + "across daylight-saving changes. moveDay N then moveDay -N returns to the same instant."),
    CommandSpec(
      words: ["yesterday"], usage: "yesterday", summary: "clock: moveDay -1", example: "yesterday",
      details: "The same as moveDay -1."),
    CommandSpec(
      words: ["tomorrow"], usage: "tomorrow", summary: "clock: moveDay 1", example: "tomorrow",
      details: "The same as moveDay 1."),
    CommandSpec(
      words: [":help"], usage: ":help [COMMAND]", summary: "list the commands, or explain one",
      example: ":help moveDay", details: "With no argument, lists every command with an example."),
    CommandSpec(
      words: [":state"], usage: ":state", summary: "print the whole AppState as JSON",
      example: ":state", details: "Prints AppState as pretty-printed JSON with sorted keys."),
    CommandSpec(
      words: [":record"], usage: ":record FILE [--force]",
      summary: "record every action from now on to FILE, an action log",
      example: ":record session.log",
      details: "Writes the state now, then each action as it is handled, to FILE (JSON Lines; see "
        + "docs/action-log.md). An existing FILE is kept unless --force is given. "
        + "uniflow replay FILE shows the same screens again."),
    CommandSpec(
      words: [":stop"], usage: ":stop", summary: "stop recording and close the log",
      example: ":stop",
      details: "Writes the final state as the log's checkpoint and closes it. Leaving uniflow "
        + "does the same."),
    CommandSpec(
      words: [":quit", ":q", ":exit"], usage: ":quit", summary: "leave (Ctrl-D does too)",
      example: ":quit", details: "Cancels effects still running and exits."),
  ]

  /// The spec whose words include `word`, ignoring case.
  static func spec(for word: String) -> CommandSpec? {
    let lowered = word.lowercased()
    return all.first { $0.words.contains { $0.lowercased() == lowered } }
  }

  /// The command word nearest to `word`, if one is near enough to be a likely typo.
  static func suggestion(for word: String) -> String? {
    let lowered = word.lowercased()
    var best: (word: String, distance: Int)?
    for spec in all {
      for candidate in spec.words {
        let distance = editDistance(lowered, candidate.lowercased())
        if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
      }
    }
    guard let best else { return nil }
    let allowed = max(1, min(3, best.word.count / 3))
    return best.distance <= allowed ? best.word : nil
  }

  /// Levenshtein distance, with a swap of two neighbours counting as one edit.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.prefix(64))
    let b = Array(b.prefix(64))
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, table[i - 2][j - 2] + 1)
        }
        table[i][j] = value
      }
    }
    return table[a.count][b.count]
  }
}
