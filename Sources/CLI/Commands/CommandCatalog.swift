import Console

/// Every REPL command: its words, how to use it, one line on what it does, and an example.
/// Parsing, `:help` and the did-you-mean suggestions all read this one table.
package struct CommandSpec: Sendable {
  package let words: [String]
  package let usage: String
  package let summary: String
  package let example: String
  package let details: String

  package var name: String { words[0] }
}

package enum CommandCatalog {
  package static let all: [CommandSpec] = [
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
      words: ["dog"], usage: "dog [NAME]",
      summary: "dog: show the selected dog, or select the one named NAME", example: "dog poodle",
      details: "Prints the dog screen: name · age in whole years to the clock's date · adoption "
        + "fee · picture. NAME ignores case; an unknown NAME is an error."),
    CommandSpec(
      words: ["adopt"], usage: "adopt NAME YYYY-MM-DD pug|poodle",
      summary: "dog: adopt a dog born on that day, and select it",
      example: "adopt bella 2024-05-01 pug",
      details: "NAME is one word (at most 40 characters) that no other dog has, ignoring case. "
        + "The birthday is a real day no later than the clock's date. Pugs cost 30000원, poodles "
        + "20000원; the picture is pug.jpeg or poodle.jpeg."),
    CommandSpec(
      words: ["changeLocation"], usage: "changeLocation CITY…",
      summary: "weather: look a city up and show its weather", example: "changeLocation Seoul",
      details: "CITY is the rest of the line, at most 100 characters; double quotes are optional "
        + "(changeLocation \"New York\" is changeLocation New York). Shows Loading..., then the "
        + "first match and its weather, or Not found. A changeLocation still in flight is "
        + "cancelled."),
    CommandSpec(
      words: [":help"], usage: ":help [COMMAND]", summary: "list the commands, or explain one",
      example: ":help moveDay", details: "With no argument, lists every command with an example."),
    CommandSpec(
      words: [":state"], usage: ":state", summary: "print the whole AppState as JSON",
      example: ":state", details: "Prints AppState as pretty-printed JSON with sorted keys."),
    CommandSpec(
      words: [":view"], usage: ":view", summary: "print every screen, changed or not",
      example: ":view", details: "Prints the clock, dog and weather screens as they are now."),
    CommandSpec(
      words: [":history"], usage: ":history",
      summary: "list the actions handled so far (seq, source, action)", example: ":history",
      details: "One line an action, in the order the store handled it: its sequence number, where "
        + "it came from (launch, typed, effect or travel) and the action. The line of the state "
        + "the screens show is marked with >."),
    CommandSpec(
      words: [":undo"], usage: ":undo",
      summary: "step back over the last typed command and everything its effects did",
      example: ":undo",
      details: "Travels to the state before the last command typed (see :back): effects in flight "
        + "are cancelled and the screens go back. Repeat to go further back; :forward redoes. "
        + "Answers that arrive after a later command was typed are undone with that command."),
    CommandSpec(
      words: [":back"], usage: ":back [N]",
      summary: "travel N states back through the session (default 1), effects off",
      example: ":back 3",
      details: "Cancels effects in flight and shows the screens as they were N actions ago, "
        + "re-applying the session's actions with effects off. Typing a command there continues "
        + "from that state, and the states after it are dropped."),
    CommandSpec(
      words: [":forward"], usage: ":forward [N]",
      summary: "travel N states forward again (default 1)", example: ":forward",
      details: "Undoes :back, up to the last state the session reached."),
    CommandSpec(
      words: [":goto"], usage: ":goto SEQ",
      summary: "travel to the state right after action SEQ (:history lists them)",
      example: ":goto 2",
      details: "SEQ 0 is the state before the first action. Effects in flight are cancelled."),
    CommandSpec(
      words: [":diff"], usage: ":diff [SEQ]",
      summary: "show what action SEQ changed in the state, as -/+ lines",
      example: ":diff 2",
      details: "Without SEQ, the action that led to the screens now. Lines only before the action "
        + "are marked -, lines only after it +."),
    CommandSpec(
      words: [":wait"], usage: ":wait", summary: "wait until no effect is running",
      example: ":wait",
      details: "Returns once every effect in flight has finished (script mode does this after "
        + "every line anyway)."),
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
  package static func spec(for word: String) -> CommandSpec? {
    let lowered = word.lowercased()
    return all.first { $0.words.contains { $0.lowercased() == lowered } }
  }

  /// The command word nearest to `word`, if one is near enough to be a likely typo.
  package static func suggestion(for word: String) -> String? {
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

  /// The first of `names` nearest to `word` (``Suggestion/nearest(to:among:within:)``).
  package static func nearest(to word: String, among names: [String], within limit: Int)
    -> String?
  {
    Suggestion.nearest(to: word, among: names, within: limit)
  }

  /// Levenshtein distance, with a swap of two neighbours counting as one edit
  /// (``Suggestion/editDistance(_:_:)``).
  package static func editDistance(_ a: String, _ b: String) -> Int {
    Suggestion.editDistance(a, b)
  }
}
