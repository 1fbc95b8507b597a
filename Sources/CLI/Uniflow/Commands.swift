import Console
import Features
import Store

/// uniflow's REPL commands, as the console's table: each with its arguments, its help, and the
/// action it sends. The console adds its own `:` commands, parses, suggests and explains.
///
/// ```swift
/// try UniflowApp().command("moveDay -1")   // .action(.clock(.moveDay(-1)))
/// ```
extension UniflowApp {
  /// The furthest one `moveDay` may move: 100 years of days.
  package static let maxMoveDays = 36_525

  package var commands: [ActionCommand<AppAction>] {
    [
      ActionCommand(
        "reload", aliases: ["now"], usage: "reload | now",
        summary: "clock: Loading.. then the current time", example: "reload",
        details: "Fetches the current time (the system clock, or --time-url) and shows it. "
          + "A reload still in flight is cancelled."
      ) { _ in .clock(.reload) },
      // snippet: shortcut
      ActionCommand(
        "moveDay", .custom("N", parse: Self.days).described("a number of days"),
        summary: "clock: move the shown date by N days (N within ±36525, 100 years)",
        example: "moveDay -1",
        details: "Moves by calendar days in the clock's time zone, keeping the wall-clock time "
          + "across daylight-saving changes. moveDay N then moveDay -N returns to the same "
          + "instant."
      ) { .clock(.moveDay($0.value("N"))) },
      // snippet: end
      ActionCommand(
        "yesterday", summary: "clock: moveDay -1", example: "yesterday",
        details: "The same as moveDay -1."
      ) { _ in .clock(.moveDay(-1)) },
      ActionCommand(
        "tomorrow", summary: "clock: moveDay 1", example: "tomorrow",
        details: "The same as moveDay 1."
      ) { _ in .clock(.moveDay(1)) },
      ActionCommand(
        "dog", .word("NAME").optional,
        summary: "dog: show the selected dog, or select the one named NAME", example: "dog poodle",
        details: "Prints the dog screen: name · age in whole years to the clock's date · "
          + "adoption fee · picture. NAME ignores case; an unknown NAME is an error."
      ) { .dog(.show($0.optionalText("NAME"))) },
      ActionCommand(
        "adopt", CommandArgument.word("NAME").described("a name"),
        .custom("YYYY-MM-DD", parse: Self.day).described("a birthday (YYYY-MM-DD)"),
        .custom("BREED", parse: Self.breed).described("a breed (pug or poodle)"),
        usage: "adopt NAME YYYY-MM-DD pug|poodle",
        summary: "dog: adopt a dog born on that day, and select it",
        example: "adopt bella 2024-05-01 pug",
        details: "NAME is one word (at most 40 characters) that no other dog has, ignoring case. "
          + "The birthday is a real day no later than the clock's date. Pugs cost 30000원, "
          + "poodles 20000원; the picture is pug.jpeg or poodle.jpeg."
      ) {
        .dog(
          .adopt(name: $0.text("NAME"), birthday: $0.value("YYYY-MM-DD"), breed: $0.value("BREED")))
      },
      ActionCommand(
        "changeLocation", .custom("CITY", rest: true, parse: Self.city),
        summary: "weather: look a city up and show its weather", example: "changeLocation Seoul",
        details: "CITY is the rest of the line, at most 100 characters; double quotes are "
          + "optional (changeLocation \"New York\" is changeLocation New York). Shows Loading..., "
          + "then the first match and its weather, or Not found. A changeLocation still in flight "
          + "is cancelled."
      ) { .weather(.changeLocation($0.value("CITY"))) },
    ]
  }

  /// `moveDay`'s days: a whole number, with a sign if wanted, within 100 years.
  @Sendable
  static func days(_ input: CommandInput) throws(CommandError) -> Int {
    let text = input.text.hasPrefix("+") ? String(input.text.dropFirst()) : input.text
    let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    let isInteger = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    guard isInteger, let value = Int(text) else {
      throw CommandError(
        problem: isInteger
          ? "'\(Word.display(input.text))' is out of range"
          : "'\(Word.display(input.text))' is not a whole number of days",
        column: input.column, hint: "e.g. \(input.example)")
    }
    // `magnitude`, not `abs`: abs(Int.min) traps, and `moveDay -9223372036854775808` is a line
    // anyone can type.
    guard value.magnitude <= maxMoveDays.magnitude else {
      throw CommandError(
        problem: "moveDay \(value) is more than 100 years", column: input.column,
        hint: "use a number from -\(maxMoveDays) to \(maxMoveDays)")
    }
    return value
  }

  @Sendable
  static func day(_ input: CommandInput) throws(CommandError) -> CalendarDay {
    do {
      return try CalendarDay(parsing: input.text)
    } catch {
      let problem =
        switch error {
        case .notInTheForm:
          "'\(Word.display(input.text))' is not a date in the form YYYY-MM-DD"
        case .notReal(let reason): "\(input.text) is not a real date: \(reason)"
        }
      throw CommandError(problem: problem, column: input.column, hint: "e.g. \(input.example)")
    }
  }

  @Sendable
  static func breed(_ input: CommandInput) throws(CommandError) -> Breed {
    if let breed = Breed(rawValue: input.text.lowercased()) { return breed }
    let names = Breed.allCases.map(\.rawValue)
    let nearest = Suggestion.nearest(to: input.text.lowercased(), among: names, within: 2)
    throw CommandError(
      problem: "unknown breed '\(Word.display(input.text))'", column: input.column,
      hint: (nearest.map { "did you mean '\($0)'? " } ?? "")
        + "the breeds are \(names.joined(separator: " and "))")
  }

  /// The rest of the line as one city name: runs of spaces become one, and a pair of double
  /// quotes around it is dropped. Single quotes are kept, as names have them
  /// (`'s-Hertogenbosch`, `L'Aquila`).
  @Sendable
  static func city(_ input: CommandInput) throws(CommandError) -> String {
    let characters = Array(input.text)
    var start = 0
    while start < characters.count, characters[start].isWhitespace { start += 1 }
    var end = characters.count
    var textColumn = input.column + start
    if start < characters.count, characters[start] == "\"" {
      guard let close = characters[(start + 1)...].firstIndex(of: "\"") else {
        throw CommandError(
          problem: "the quote that opens the city name is not closed",
          column: input.column + start,
          hint: "close it, or leave the quotes out: changeLocation New York")
      }
      if let after = characters[(close + 1)...].firstIndex(where: { !$0.isWhitespace }) {
        throw CommandError(
          problem: "unexpected '\(Word.display(String(characters[after...])))' after the "
            + "closing quote", column: input.column + after, hint: "usage: \(input.usage)")
      }
      textColumn += 1
      start += 1
      end = close
    }
    let city = Word.split(String(characters[min(start, end)..<end])).map(\.text)
      .joined(separator: " ")
    guard !city.isEmpty else {
      throw CommandError(
        problem: "changeLocation needs a city name", column: textColumn,
        hint: "e.g. \(input.example)")
    }
    if let problem = WeatherReducer.rejection(ofChangingLocationTo: city) {
      throw CommandError(problem: problem, column: textColumn, hint: nil)
    }
    return city
  }
}
