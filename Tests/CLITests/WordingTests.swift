import ActionLog
import AppLog
import Features
import Foundation
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

/// Messages that say exactly what happened: counts, numbers too large, a log that contradicts
/// itself, a byte order mark, a field a state does not have.
@MainActor
@Suite("What the messages say")
struct WordingTests {
  private static let clockLog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("EmittedTests/Logs/clock.log")

  private func replay(_ arguments: [String]) throws -> (Int32, RecordingConsole) {
    guard let request = try UniflowArguments.replay(arguments) else {
      throw ArgumentError("not a replay")
    }
    let console = RecordingConsole()
    return (ConsoleReplay(UniflowApp()).run(request, console: console), console)
  }

  /// The clock fixture with `edit` applied to its text, in a temporary file.
  private func editedClockLog(_ edit: (String) -> String) throws -> TemporaryFile {
    let log = TemporaryFile("edited.log")
    try log.write(edit(try String(contentsOf: Self.clockLog, encoding: .utf8)))
    return log
  }

  @Test("a count of one is singular: 1 action, 2 actions")
  func counts() {
    #expect(counted(1, "action") == "1 action")
    #expect(counted(0, "action") == "0 actions")
    #expect(counted(2, "snapshot") == "2 snapshots")
  }

  @Test("a seq too large for any log says it is too large, not that it must be 1 or more")
  func seqTooLarge() {
    #expect(
      throws: ArgumentError(
        "--skip 9223372036854775808: the seq is too large (the largest is 9223372036854775807); "
          + "a log's seqs count its actions from 1")
    ) { try UniflowArguments.replay(["s.log", "--skip", "3,9223372036854775808"]) }
    #expect(
      throws: ArgumentError(
        "--until 99999999999999999999: the seq is too large (the largest is "
          + "9223372036854775807); a log's seqs count its actions from 1")
    ) { try UniflowArguments.replay(["s.log", "--until", "99999999999999999999"]) }
    #expect(
      throws: ArgumentError(
        "--skip needs seqs of 1 or more separated by commas (e.g. --skip 3,7), got '0'")
    ) { try UniflowArguments.replay(["s.log", "--skip", "0"]) }
  }

  @Test("--verify calls a log whose own checkpoint disagrees with its fingerprints inconsistent")
  func inconsistentLog() throws {
    // Every action's fingerprint is the replay's; only the checkpoint line was edited.
    let log = try editedClockLog { text in
      var lines = text.split(separator: "\n").map(String.init)
      lines[lines.count - 1] = lines[lines.count - 1].replacingOccurrences(
        of: #""dayOffset":-4"#, with: #""dayOffset":7"#)
      return lines.joined(separator: "\n") + "\n"
    }
    defer { log.remove() }
    let lines = try String(contentsOfFile: log.path, encoding: .utf8).split(separator: "\n")
    let (status, console) = try replay([log.path, "--verify"])
    #expect(status == 1)
    #expect(
      console.errors == [
        "uniflow: \(log.path):\(lines.count): the log contradicts itself at seq "
          + "\(lines.count - 2): its checkpoint says clock.dayOffset is 7, but the replay, which "
          + "reproduces the fingerprint of every action up to seq \(lines.count - 2), has -4; "
          + "no action parted them: the checkpoint line was edited or damaged (record the "
          + "session again, or delete that line)"
      ])
  }

  @Test("--verify names the span, not the next action, when the parting action has no fp")
  func partingActionWithoutFingerprint() throws {
    // Action 5 moves the clock by -2, not -3, and carries no fingerprint; action 6 has one.
    let log = try editedClockLog { text in
      var lines = text.split(separator: "\n").map(String.init)
      lines[5] = #"{"seq":5,"src":"sent","action":"clock.moveDay","days":-2}"#
      lines.removeLast()  // no checkpoint: only the fingerprints show it
      return lines.joined(separator: "\n") + "\n"
    }
    defer { log.remove() }
    let (status, console) = try replay([log.path, "--verify"])
    #expect(status == 1)
    #expect(console.errors.count == 1)
    let message = console.errors.first ?? ""
    #expect(
      message.hasPrefix(
        "uniflow: \(log.path):7: the replay differs from the log after action seq 6: "))
    #expect(
      message.hasSuffix(
        "in the log; the states agreed at seq 4, so one of the actions seq 5…6 parted them "
          + "(seq 5 carries no fingerprint), and no snapshot or checkpoint after it shows which "
          + "field differs"))
  }

  @Test("a log that begins with a byte order mark is refused naming it")
  func byteOrderMark() throws {
    let log = try editedClockLog { "\u{FEFF}" + $0 }
    defer { log.remove() }
    let (status, console) = try replay([log.path])
    #expect(status != 0)
    #expect(
      console.errors == [
        "uniflow: \(log.path):1:1: the file begins with a byte order mark (U+FEFF, the bytes EF "
          + "BB BF), which a uniflow action log never has (an editor added it?); remove it, "
          + #"e.g. with sed -i '1s/^\xEF\xBB\xBF//' "# + log.path
      ])
  }

  @Test("a field a state does not have is refused at its line and column, not read as nil")
  func unknownStateField() throws {
    // In the header's state…
    let header = try editedClockLog {
      $0.replacingOccurrences(
        of: #""weather":{"request":0"#, with: #""weather":{"querry":"x","request":0"#)
    }
    defer { header.remove() }
    let headerLine = try String(contentsOfFile: header.path, encoding: .utf8)
      .prefix { $0 != "\n" }
    let column =
      headerLine.distance(
        from: headerLine.startIndex, to: try #require(headerLine.range(of: #""querry""#)).lowerBound
      )
      + 1
    let (status, console) = try replay([header.path])
    #expect(status != 0)
    #expect(
      console.errors == [
        "uniflow: \(header.path):1:\(column): the header's state has a field this uniflow's "
          + "state does not have: weather.querry (misspelt, or written by a newer version); "
          + "correct or remove it"
      ])
    // …and in the checkpoint's, with or without --verify.
    let checkpoint = try editedClockLog { text in
      var lines = text.split(separator: "\n").map(String.init)
      lines[lines.count - 1] = lines[lines.count - 1].replacingOccurrences(
        of: #""dayOffset":"#, with: #""dayOfset":0,"dayOffset":"#)
      return lines.joined(separator: "\n") + "\n"
    }
    defer { checkpoint.remove() }
    let last =
      try String(contentsOfFile: checkpoint.path, encoding: .utf8)
      .split(separator: "\n").last ?? ""
    let at =
      last.distance(
        from: last.startIndex, to: try #require(last.range(of: #""dayOfset""#)).lowerBound) + 1
    let lineCount = try String(contentsOfFile: checkpoint.path, encoding: .utf8)
      .split(separator: "\n").count
    for extra in [[], ["--verify"]] {
      let (status, console) = try replay([checkpoint.path] + extra)
      #expect(status != 0)
      #expect(
        console.errors == [
          "uniflow: \(checkpoint.path):\(lineCount):\(at): the checkpoint's state has a field "
            + "this uniflow's state does not have: clock.dayOfset (misspelt, or written by a "
            + "newer version); correct or remove it"
        ], "\(extra)")
    }
  }

  @Test(":undo says why there is nothing to undo: at the first state, or no typed command")
  func undoWording() async throws {
    let result = try await UniflowBinary.run(
      ["--offline", "--no-default-location"], input: ":undo\n:goto 0\n:undo\n",
      environment: fixedNow)
    #expect(
      result.errorLines == [
        "line 1: nothing to undo: none of the actions up to seq 1 came from a typed command "
          + "(:history lists them)",
        "line 3: nothing to undo: already at the first state (seq 0)",
      ])
  }
}
