import Effects
import Foundation
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

@Suite("TZ read as the C library reads it")
struct SystemTimeZoneTests {
  /// TZ values the clock honours: POSIX fixed offsets (west of Greenwich is positive), zone
  /// names, the empty string (UTC).
  static let honoured = [
    "UTC+3", "UTC-3", "JST-9", "EST5", "<+0530>-5:30", "<-03>3", "XYZ3:30", "ABC-14:45", "UTC0",
    "GMT+12", "UTC", "Asia/Seoul", ":Asia/Seoul", "America/New_York", "EST5EDT", "",
  ]

  /// Instants in northern winter and summer, and before any daylight saving.
  static let instants = [1_795_923_912, 1_784_000_000, -500_000_000]

  @Test("every honoured TZ gives the offset the C library gives (date +%z in a child process)")
  func matchesTheCLibrary() async throws {
    var script = ""
    for tz in Self.honoured {
      for instant in Self.instants { script += "TZ='\(tz)' date -d @\(instant) +%z\n" }
    }
    let result = try await ShellCommand.run(script, in: URL(fileURLWithPath: "/"))
    #expect(result.status == 0)
    let printed = result.output.split(separator: "\n").map(String.init)
    try #require(printed.count == Self.honoured.count * Self.instants.count)
    var index = 0
    for tz in Self.honoured {
      let zone = try SystemTimeZone.zone(fromTZ: tz)
      for instant in Self.instants {
        let seconds = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))
        let sign = seconds < 0 ? "-" : "+"
        let hhmm = String(
          format: "%@%02d%02d", sign, seconds.magnitude / 3600, seconds.magnitude / 60 % 60)
        #expect(hhmm == printed[index], "TZ='\(tz)' at \(instant)")
        index += 1
      }
    }
  }

  @Test("UTC+3 is three hours behind UTC, the POSIX sign, not Foundation's")
  func posixSign() throws {
    #expect(try SystemTimeZone.zone(fromTZ: "UTC+3").secondsFromGMT() == -10_800)
    #expect(try SystemTimeZone.zone(fromTZ: "UTC-3").secondsFromGMT() == 10_800)
    #expect(try SystemTimeZone.zone(fromTZ: nil) == .current)
    let options = try UniflowArguments.repl([], environment: ["TZ": "UTC+3"])
    #expect(options.timeZone.secondsFromGMT() == -10_800)
    let given = try UniflowArguments.repl(
      ["--time-zone", "Asia/Seoul"], environment: ["TZ": "no zone"])
    #expect(given.timeZone.identifier == "Asia/Seoul")
  }

  @Test("TZ values the clock cannot follow are refused, saying why and what to use")
  func refusals() {
    let cases = [
      (
        "CET-1CEST,M3.5.0,M10.5.0/3",
        "TZ='CET-1CEST,M3.5.0,M10.5.0/3' has daylight-saving rules after its offset, which "
          + "uniflow does not follow; set TZ to a zone name such as Europe/Paris, or pass --time-zone"
      ),
      (
        "ab+3",
        "TZ='ab+3' is neither a time zone name nor POSIX form such as UTC+3 (three hours west of "
          + "UTC); set TZ to a zone name such as Asia/Seoul, or pass --time-zone"
      ),
      (
        "UTC+19",
        "TZ='UTC+19' is 68400 seconds west of UTC; uniflow takes offsets in whole minutes within "
          + "18 hours; pass --time-zone, e.g. --time-zone Asia/Seoul"
      ),
      (
        "UTC+3:00:30",
        "TZ='UTC+3:00:30' is 10830 seconds west of UTC; uniflow takes offsets in whole minutes "
          + "within 18 hours; pass --time-zone, e.g. --time-zone Asia/Seoul"
      ),
      (
        ":Mars/Olympus",
        "TZ=':Mars/Olympus' names no time zone this system knows; set TZ to a zone name such as "
          + "Asia/Seoul, or pass --time-zone"
      ),
    ]
    for (tz, message) in cases {
      #expect(throws: TimeZoneError(message), "TZ='\(tz)'") { try SystemTimeZone.zone(fromTZ: tz) }
    }
  }

  @Test("a TZ 100 times as long as a usual one is refused with one message")
  func hundredfoldTZ() {
    let long = String(repeating: "<+0530>-5:30", count: 100)
    #expect(throws: TimeZoneError.self) { try SystemTimeZone.zone(fromTZ: long) }
    let longName = "<" + String(repeating: "A", count: 1_000) + ">-9"
    #expect((try? SystemTimeZone.zone(fromTZ: longName))?.secondsFromGMT() == 32_400)
  }

  @Test("uniflow with TZ=UTC+3 shows the clock 3 hours behind UTC")
  func binaryHonoursPOSIXTZ() async throws {
    let result = try await UniflowBinary.run(
      ["--offline", "--no-default-location"], input: "",
      environment: fixedNow.merging(["TZ": "UTC+3"]) { $1 })
    #expect(result.status == 0)
    #expect(result.lines(of: "clock") == ["clock: 2026년 11월 29일 00시 45분"])
  }
}

@Suite("--time-zone: a zone name or an ISO 8601 offset, never an ambiguous UTC+3")
struct TimeZoneOptionTests {
  @Test(
    "an offset alone is east of UTC, as ISO 8601 writes it",
    arguments: [
      ("+09:00", 32_400), ("-05:30", -19_800), ("+0930", 34_200), ("+3", 10_800), ("-3", -10_800),
      ("+00:00", 0), ("+18:00", 64_800), ("-18:00", -64_800),
    ])
  func isoOffset(id: String, seconds: Int) throws {
    #expect(try SystemTimeZone.zone(fromOption: id).secondsFromGMT() == seconds)
    #expect(try UniflowArguments.repl(["--time-zone", id]).timeZone.secondsFromGMT() == seconds)
  }

  @Test(
    "UTC+3 and GMT+3, which TZ reads as west and Foundation as east, are refused with both forms",
    arguments: ["UTC+3", "GMT+3", "utc+3", "UTC+03:00", "GMT+0300"])
  func ambiguousOffsetIsRefused(id: String) {
    #expect(
      throws: TimeZoneError(
        "--time-zone '\(id)' is ambiguous: POSIX (as in TZ=\(id)) puts it 3 hours west of UTC, "
          + "Foundation 3 hours east; write the offset alone, east of UTC positive as in "
          + "ISO 8601: +03:00 (3 hours east) or -03:00 (3 hours west), or a zone name such as "
          + "Europe/Moscow")
    ) {
      try SystemTimeZone.zone(fromOption: id)
    }
  }

  @Test("a west offset with minutes says so in words")
  func westWithMinutes() {
    #expect(
      throws: TimeZoneError(
        "--time-zone 'GMT-5:30' is ambiguous: POSIX (as in TZ=GMT-5:30) puts it 5 hours 30 "
          + "minutes west of UTC, Foundation 5 hours 30 minutes east; write the offset alone, east "
          + "of UTC positive as in ISO 8601: +05:30 (5 hours 30 minutes east) or -05:30 (5 hours 30 "
          + "minutes west), or a zone name such as Europe/Moscow")
    ) {
      try SystemTimeZone.zone(fromOption: "GMT-5:30")
    }
  }

  @Test(
    "zone names are taken as they are; offsets beyond 18 hours and other text are refused",
    arguments: ["UTC", "GMT", "Asia/Seoul", "Etc/GMT+3"])
  func zoneNames(id: String) throws {
    #expect(try SystemTimeZone.zone(fromOption: id) == TimeZone(identifier: id))
  }

  @Test("offsets beyond 18 hours and text that is no zone are refused, saying what to write")
  func refused() {
    #expect(
      throws: TimeZoneError(
        "--time-zone '+19:00' is more than 18 hours from UTC; use an offset within ±18:00 or a "
          + "zone name such as Asia/Seoul")
    ) { try SystemTimeZone.zone(fromOption: "+19:00") }
    for id in ["+", "+1:5", "+123", "+03:60", "UTC+", "UTC+x", "Nowhere"] {
      #expect(throws: TimeZoneError.self) { try SystemTimeZone.zone(fromOption: id) }
    }
  }

  @Test("the same offset given as TZ and as --time-zone +hh:mm shows the same clock")
  func tzAndOptionAgree() throws {
    let fromTZ = try SystemTimeZone.zone(fromTZ: "UTC+3")
    let fromOption = try SystemTimeZone.zone(fromOption: "-03:00")
    #expect(fromTZ.secondsFromGMT() == fromOption.secondsFromGMT())
  }
}
