import Features
import Testing

@testable import Console
@testable import UniflowConsole

@Suite("REPL grammar: the dog and weather commands")
struct DogWeatherCommandTests {
  private static let may1 = CalendarDay(year: 2024, month: 5, day: 1)!
  private static let leapDay = CalendarDay(year: 2024, month: 2, day: 29)!

  @Test(
    "dog and adopt become their actions, whatever the case of the command word and breed",
    arguments: [
      ("dog", AppAction.dog(.show(nil))), ("DOG Bella", .dog(.show("Bella"))),
      ("  dog   poodle ", .dog(.show("poodle"))),
      ("adopt bella 2024-05-01 pug", .dog(.adopt(name: "bella", birthday: may1, breed: .pug))),
      ("Adopt Rex 2024-02-29 POODLE", .dog(.adopt(name: "Rex", birthday: leapDay, breed: .poodle))),
    ])
  func dogCommands(line: String, action: AppAction) throws {
    #expect(try UniflowApp().command(line) == .action(action))
  }

  @Test(
    "changeLocation takes the rest of the line as the city, quotes optional",
    arguments: [
      ("changeLocation Seoul", "Seoul"), ("changeLocation New York", "New York"),
      (#"changeLocation "New York""#, "New York"), ("CHANGELOCATION   New \t  York  ", "New York"),
      (#"changeLocation  " New York "  "#, "New York"), ("changeLocation 서울", "서울"),
      ("changeLocation Paris, TX", "Paris, TX"),
      ("changeLocation 's-Hertogenbosch", "'s-Hertogenbosch"),
      ("changeLocation L'Aquila", "L'Aquila"), (#"changeLocation Rio "Grande""#, #"Rio "Grande""#),
    ])
  func changeLocation(line: String, city: String) throws {
    #expect(try UniflowApp().command(line) == .action(.weather(.changeLocation(city))))
  }

  /// Bad lines and what the REPL says about each.
  static let badLines: [(String, String)] = [
    ("dog a b", "unexpected 'b' (column 7) — usage: dog [NAME]"),
    (
      "adopt",
      "adopt needs a name, a birthday (YYYY-MM-DD) and a breed (pug or poodle) (column 7) — "
        + "e.g. adopt bella 2024-05-01 pug"
    ),
    (
      "adopt bella",
      "adopt needs a birthday (YYYY-MM-DD) and a breed (pug or poodle) (column 13) — "
        + "e.g. adopt bella 2024-05-01 pug"
    ),
    (
      "adopt bella 2024-05-01",
      "adopt needs a breed (pug or poodle) (column 24) — e.g. adopt bella 2024-05-01 pug"
    ),
    (
      "adopt bella 2026-02-30 pug",
      "2026-02-30 is not a real date: February 2026 has 28 days (column 13) — "
        + "e.g. adopt bella 2024-05-01 pug"
    ),
    (
      "adopt bella 2026-13-01 pug",
      "2026-13-01 is not a real date: there is no month 13 (column 13) — "
        + "e.g. adopt bella 2024-05-01 pug"
    ),
    (
      "adopt bella  2025-02-29 pug",
      "2025-02-29 is not a real date: February 2025 has 28 days (column 14) — "
        + "e.g. adopt bella 2024-05-01 pug"
    ),
    (
      "adopt bella 1/5/2024 pug",
      "'1/5/2024' is not a date in the form YYYY-MM-DD (column 13) — "
        + "e.g. adopt bella 2024-05-01 pug"
    ),
    (
      "adopt bella 2024-05-01 beagle",
      "unknown breed 'beagle' (column 24) — the breeds are pug and poodle"
    ),
    (
      "adopt bella 2024-05-01 pudle",
      "unknown breed 'pudle' (column 24) — did you mean 'poodle'? the breeds are pug and poodle"
    ),
    (
      "adopt bella 2024-05-01 pug now",
      "unexpected 'now' (column 28) — usage: adopt NAME YYYY-MM-DD pug|poodle"
    ),
    ("adpot bella", "unknown command 'adpot' (column 1) — did you mean 'adopt'?"),
    (
      "changeLocation",
      "changeLocation needs a city name (column 15) — e.g. changeLocation Seoul"
    ),
    (
      #"changeLocation """#,
      "changeLocation needs a city name (column 17) — e.g. changeLocation Seoul"
    ),
    (
      #"changeLocation "New York"#,
      "the quote that opens the city name is not closed (column 16) — close it, or leave the "
        + "quotes out: changeLocation New York"
    ),
    (
      #"changeLocation "New York" now"#,
      "unexpected 'now' after the closing quote (column 27) — usage: changeLocation CITY…"
    ),
    (
      "changeLocation " + String(repeating: "x", count: 101),
      "a city name can be at most 100 characters; this one has 101 (column 16)"
    ),
    (
      "changeLocation Seoul\u{7}",
      "a city name cannot contain control characters (column 16)"
    ),
    (
      "changeLocaton Seoul",
      "unknown command 'changeLocaton' (column 1) — did you mean 'changeLocation'?"
    ),
  ]

  @Test(
    "a bad dog or weather line says what is wrong and points at the word",
    arguments: badLines)
  func errors(line: String, message: String) {
    do {
      let command = try UniflowApp().command(line)
      Issue.record("expected an error, got \(command)")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("help explains the new commands")
  func help() {
    #expect(UniflowApp().helpLines(topic: "adopt").first == "adopt NAME YYYY-MM-DD pug|poodle")
    #expect(
      UniflowApp().helpLines(topic: "CHANGELOCATION").last == "  example: changeLocation Seoul")
    #expect(UniflowApp().helpLines(topic: "dog").first == "dog [NAME]")
  }

  @Test("--no-default-location turns off the weather screen's launch lookup")
  func noDefaultLocationOption() throws {
    #expect(try UniflowArguments.repl([]).showsDefaultLocation)
    #expect(try UniflowArguments.repl(["--no-default-location"]).showsDefaultLocation == false)
    #expect(
      throws: ArgumentError(
        "unknown option '--no-default-locaton'; did you mean --no-default-location?")
    ) {
      try UniflowArguments.repl(["--no-default-locaton"])
    }
  }
}
