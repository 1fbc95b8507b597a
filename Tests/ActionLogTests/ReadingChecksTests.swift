import Foundation
import Store
import TestSupport
import Testing

@testable import ActionLog

/// What every replay checks, whatever its mode: numbers that fit, finite instants, well-formed
/// fingerprints, and states that decode and are valid (``LogValidatable``).
@Suite("Action log: what every replay checks")
struct ReadingChecksTests {
  let header =
    #"{"format":"uniflow-action-log","version":1,"state":{"total":0,"notes":[]}}"#
  let add1 = #"{"seq":1,"src":"sent","action":"add","amount":1}"#

  /// Replays a log of `lines` with Tally, verifying or not; the error's description, LOG for
  /// the path, or nil.
  func replay(_ lines: [String], verify: Bool) throws -> String? {
    let file = TemporaryFile()
    defer { file.remove() }
    try file.write(lines.map { $0 + "\n" }.joined())
    do {
      let replayer = try ActionLogReplayer<Tally.State, Tally.Action>(path: file.path)
      _ = try replayer.run(verify: verify, reduce: Tally().reduce(into:action:))
      return nil
    } catch {
      return error.description.replacingOccurrences(of: file.path, with: "LOG")
    }
  }

  @Test(
    "a number too large for a double is out of range, not infinity, in every mode",
    arguments: [
      (
        #"{"seq":1,"src":"sent","action":"stamp","at":1e999}"#,
        #"LOG:2:45: "at" is out of range for a number: 1e999"#
      ),
      (
        #"{"seq":1,"src":"sent","action":"stamp","at":-1e999}"#,
        #"LOG:2:45: "at" is out of range for a number: -1e999"#
      ),
      (
        #"{"seq":1,"src":"sent","action":"stamp","at":"Infinity"}"#,
        #"LOG:2:45: "at" should be a date such as "2026-11-29T03:45:12Z", not a string ("Infinity")"#
      ),
    ])
  func numbersThatDoNotFit(line: String, message: String) throws {
    for verify in [false, true] {
      #expect(try replay([header, line], verify: verify) == message)
    }
  }

  @Test("a malformed fingerprint is refused by a plain replay as by a verifying one")
  func malformedFingerprint() throws {
    let line = #"{"seq":1,"src":"sent","action":"add","amount":1,"fp":"not-a-fingerprint"}"#
    for verify in [false, true] {
      #expect(
        try replay([header, line], verify: verify)
          == #"LOG:2:55: "fp" should be a state's fingerprint, 16 lowercase hexadecimal digits, "#
          + #"not "not-a-fingerprint""#)
    }
  }

  @Test("a state's instant of NaN or infinity is refused, in the header as in a snapshot")
  func nonFiniteStateInstants() throws {
    let nan =
      #"{"format":"uniflow-action-log","version":1,"state":{"total":0,"notes":[],"stamped":"NaN"}}"#
    #expect(
      try replay([nan], verify: false)
        == "LOG:1: the header's state is invalid: stamped: nan is not a finite number of seconds")
    let snapshot = #"{"snapshot":1,"state":{"total":1,"notes":[],"stamped":"-Infinity"}}"#
    #expect(
      try replay([header, add1, snapshot], verify: false)
        == "LOG:3: the snapshot's state is invalid: stamped: -inf is not a finite number of seconds"
    )
  }

  /// A state that says when it could not have been recorded: a negative total.
  struct Counter: Codable, Equatable, LogValidatable {
    var total: Int
    var logProblem: String? { total < 0 ? "total is \(total), less than none" : nil }
  }

  @Test("a LogValidatable state is checked in the header, snapshots and the checkpoint")
  func validatedStates() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let head = #"{"format":"uniflow-action-log","version":1,"state":{"total":0}}"#
    let cases = [
      (
        [#"{"format":"uniflow-action-log","version":1,"state":{"total":-3}}"#],
        "LOG:1: the header's state is invalid: total is -3, less than none"
      ),
      (
        [head, add1, #"{"snapshot":1,"state":{"total":-1}}"#],
        "LOG:3: the snapshot's state is invalid: total is -1, less than none"
      ),
      (
        [head, add1, #"{"checkpoint":1,"state":{"total":-1}}"#],
        "LOG:3: the checkpoint's state is invalid: total is -1, less than none"
      ),
    ]
    for (lines, message) in cases {
      try file.write(lines.map { $0 + "\n" }.joined())
      for verify in [false, true] {
        do {
          let replayer = try ActionLogReplayer<Counter, Tally.Action>(path: file.path)
          _ = try replayer.run(verify: verify) { state, action in
            if case .add(let amount) = action { state.total &+= amount }
            return .none
          }
          Issue.record("\(lines.last ?? "") was accepted")
        } catch {
          #expect(error.description.replacingOccurrences(of: file.path, with: "LOG") == message)
        }
      }
    }
  }
}
