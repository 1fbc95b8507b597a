import Console
import Features

/// The arguments of the dog and weather commands: `adopt NAME YYYY-MM-DD pug|poodle` and
/// `changeLocation CITY…`. Errors point at the word at fault.
///
/// ```swift
/// try CommandParser.parse("adopt bella 2024-05-01 pug")
/// // .action(.dog(.adopt(name: "bella", birthday: 2024-05-01, breed: .pug)))
/// try CommandParser.parse(#"changeLocation "New York""#)
/// // .action(.weather(.changeLocation("New York")))
/// ```
extension CommandParser {
  /// What `adopt` needs, in order.
  private static let adoptionParts = [
    "a name", "a birthday (YYYY-MM-DD)", "a breed (pug or poodle)",
  ]

  static func adoption(_ arguments: [Word], after command: Word, _ spec: CommandSpec)
    throws(CommandError) -> DogAction
  {
    guard arguments.count >= adoptionParts.count else {
      let missing = adoptionParts.dropFirst(arguments.count)
      let list =
        missing.count == 1
        ? missing[missing.startIndex]
        : missing.dropLast().joined(separator: ", ") + " and " + missing[missing.endIndex - 1]
      let last = arguments.last ?? command
      throw CommandError(
        problem: "adopt needs \(list)", column: last.column + last.text.count + 1,
        hint: "e.g. \(spec.example)")
    }
    if arguments.count > adoptionParts.count { throw extra(arguments[3], spec) }
    let birthday = try day(arguments[1], spec)
    return .adopt(name: arguments[0].text, birthday: birthday, breed: try breed(arguments[2]))
  }

  private static func day(_ word: Word, _ spec: CommandSpec) throws(CommandError) -> CalendarDay {
    do {
      return try CalendarDay(parsing: word.text)
    } catch {
      let problem =
        switch error {
        case .notInTheForm:
          "'\(Word.display(word.text))' is not a date in the form YYYY-MM-DD"
        case .notReal(let reason): "\(word.text) is not a real date: \(reason)"
        }
      throw CommandError(problem: problem, column: word.column, hint: "e.g. \(spec.example)")
    }
  }

  private static func breed(_ word: Word) throws(CommandError) -> Breed {
    if let breed = Breed(rawValue: word.text.lowercased()) { return breed }
    let names = Breed.allCases.map(\.rawValue)
    let nearest = CommandCatalog.nearest(to: word.text.lowercased(), among: names, within: 2)
    throw CommandError(
      problem: "unknown breed '\(Word.display(word.text))'", column: word.column,
      hint: (nearest.map { "did you mean '\($0)'? " } ?? "")
        + "the breeds are \(names.joined(separator: " and "))")
  }

  /// The rest of `line` after the command word, as one city name: runs of spaces become one, and
  /// a pair of double quotes around it is dropped. Single quotes are kept, as names have them
  /// (`'s-Hertogenbosch`, `L'Aquila`).
  static func city(in line: String, after command: Word, _ spec: CommandSpec)
    throws(CommandError) -> String
  {
    let characters = Array(line)
    var start = command.column - 1 + command.text.count
    while start < characters.count, characters[start].isWhitespace { start += 1 }
    var end = characters.count
    var textColumn = start + 1
    if start < characters.count, characters[start] == "\"" {
      guard let close = characters[(start + 1)...].firstIndex(of: "\"") else {
        throw CommandError(
          problem: "the quote that opens the city name is not closed", column: start + 1,
          hint: "close it, or leave the quotes out: changeLocation New York")
      }
      if let after = characters[(close + 1)...].firstIndex(where: { !$0.isWhitespace }) {
        let rest = String(characters[after...])
        throw CommandError(
          problem: "unexpected '\(Word.display(rest))' after the closing quote",
          column: after + 1, hint: "usage: \(spec.usage)")
      }
      textColumn = start + 2
      start += 1
      end = close
    }
    let city = Word.split(String(characters[min(start, end)..<end])).map(\.text)
      .joined(separator: " ")
    guard !city.isEmpty else {
      throw CommandError(
        problem: "changeLocation needs a city name", column: textColumn,
        hint: "e.g. \(spec.example)")
    }
    if let problem = WeatherReducer.rejection(ofChangingLocationTo: city) {
      throw CommandError(problem: problem, column: textColumn, hint: nil)
    }
    return city
  }
}
