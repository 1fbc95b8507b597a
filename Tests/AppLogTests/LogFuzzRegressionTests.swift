import AppLog
import Foundation
import Testing

/// Logs that once crashed a replay, or were read wrong, kept as files in
/// Tests/Fuzz/regressions/logs: every one replays in every mode to its screens or to the one-line
/// error below, and every line that reads survives writing and reading again. A crash the log
/// fuzzer (scripts/fuzz-log.sh) finds goes into that folder, with its outcome here.
@Suite("Log fuzzing regressions")
struct LogFuzzRegressionTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/regressions/logs")

  /// How a plain replay of each file ends.
  static let outcomes = [
    "counters-at-int-max-then-reload.log": "plain: 3 actions, 3 screens",
    "day-offset-int-min.log":
      "plain: the header's state is invalid: clock.dayOffset is -9223372036854775808, more than "
      + "365250 days from the loaded time",
    "dog-born-in-year-int-min-plus-one.log":
      "plain: the header's state is invalid: dog.dogs[0].birthday is in the year "
      + "-9223372036854775807, outside the years -9999…9999",
    "launched-at-1e999.log": #"plain: "at" is out of range for a number: 1e999"#,
    "malformed-fingerprint.log":
      #"plain: "fp" should be a state's fingerprint, 16 lowercase hexadecimal digits, not "XYZ""#,
    "malformed-snapshot.log":
      "plain: the snapshot's state does not fit this uniflow's state (clock.timeZone is "
      + "missing); was the log written by another version?",
    "restored-anchor-out-of-range.log":
      #"plain: "state" is an invalid state: clock.anchor is after the year 9999"#,
    "state-nested-5000-deep.log":
      "plain: the header's state does not fit this uniflow's state (the state: The given data "
      + "was not valid JSON.); was the log written by another version?",
    "temperature-nan.log": #"plain: "report.temperatureF" is nan, not a finite number"#,
    "time-answer-1e300.log": #"plain: "ok" is after the year 9999"#,
  ]

  @Test("each regression log replays in every mode as it should, and its lines round-trip")
  func regressions() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
      .filter { $0.hasSuffix(".log") }.sorted()
    #expect(Set(names) == Set(Self.outcomes.keys), "every regression log has its outcome here")
    for name in names {
      let path = Self.directory.appendingPathComponent(name).path
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      for line in bytes.split(separator: 0x0A) {
        #expect(AppLogSelfCheck.roundTrip(line: Array(line)) == nil, "\(name)")
      }
      let outcomes = AppLogSelfCheck.replay(path: path)
      #expect(outcomes.count == AppLogSelfCheck.ReplayMode.each.count)
      #expect(outcomes.first == Self.outcomes[name], "\(name)")
    }
  }
}
