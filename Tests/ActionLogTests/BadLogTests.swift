import Foundation
import TestSupport
import Testing

@testable import ActionLog

/// Every way a log can be wrong, each a one-line error naming the file and line.
@Suite("Action log: bad logs")
struct BadLogTests {
  /// Reads `text` as a log to the end; the error, if any.
  func problem(with text: String) throws -> String? {
    let file = TemporaryFile()
    defer { file.remove() }
    try file.write(text)
    do {
      let reader = try ActionLogReader<Tally.Action>(path: file.path)
      while try reader.next() != nil {}
      return nil
    } catch {
      return error.description.replacingOccurrences(of: file.path, with: "LOG")
    }
  }

  let add1 = #"{"seq":1,"src":"sent","action":"add","amount":1}"#

  @Test("a missing file")
  func missingFile() {
    #expect(
      throws: ActionLogError(
        .cannotOpen, file: "/nonexistent/x.log",
        "no such file; give the path of a log written by --record or :record")
    ) {
      _ = try ActionLogReader<Tally.Action>(path: "/nonexistent/x.log")
    }
  }

  @Test(
    "a file that is not a log, or not one this version reads",
    arguments: [
      ("", "LOG: the file is empty; it is not a uniflow action log"),
      (
        "hello\n",
        #"LOG:1: not a uniflow action log: its first line should be a header such as "#
          + #"{"format":"uniflow-action-log","version":1,…}"#
      ),
      (
        #"{"format":"something-else","version":1}"# + "\n",
        #"LOG:1: not a uniflow action log: its first line should be a header such as "#
          + #"{"format":"uniflow-action-log","version":1,…}"#
      ),
      (
        #"{"format":"uniflow-action-log","version":3,"state":{}}"# + "\n",
        "LOG:1: log format version 3 is not supported; this program reads versions 1 and 2"
      ),
      (
        #"{"format":"uniflow-action-log","version":2,"state":{}}"# + "\n",
        #"LOG:1: a version-2 header says in "records" what the log holds, e.g. "clock,calls""#
      ),
      (
        #"{"format":"uniflow-action-log","version":2,"records":"clock,tea","state":{}}"# + "\n",
        #"LOG:1:54: "records" should name what the log holds from clock, calls, causes, not 'clock,tea'"#
      ),
      (
        #"{"format":"uniflow-action-log","version":1}"# + "\n",
        #"LOG:1: the header has no "state" (the state the recording started from)"#
      ),
      (
        #"{"format":"uniflow-action-log","version":1,"state":{"#,
        "LOG:1: the header is cut off: the recording ended before it began; there is nothing "
          + "to replay"
      ),
    ])
  func notALog(text: String, message: String) throws {
    let found = try problem(with: text)
    #expect(found == message)
  }

  @Test(
    "a line that is wrong names the line and column",
    arguments: [
      (
        #"{"seq":1,"src":"sent","action":"add","amount":1"#,
        "LOG:2:48: the line ends inside the object: expected ',' or '}'"
      ),
      (
        #"{"seq":1,"src":"sent","action":"bogus"}"#,
        #"LOG:2:32: unknown action "bogus"; this program knows add, note, stamp, reset"#
      ),
      (
        #"{"seq":1,"src":"typed","action":"reset"}"#,
        #"LOG:2:16: "src" should be "sent" or "effect", not "typed""#
      ),
      (
        #"{"seq":1,"src":"sent","action":"add"}"#,
        #"LOG:2: the field "amount" is missing (in "add")"#
      ),
      (
        #"{"seq":1,"src":"sent","action":"add","amount":1,"extra":true}"#,
        #"LOG:2:49: unexpected field "extra" (in "add"); remove it"#
      ),
      (
        #"{"seq":3,"src":"sent","action":"reset"}"#,
        "LOG:2:8: the first action has seq 3; a log's actions start at seq 1"
      ),
      (
        #"{"hello":1}"#,
        #"LOG:2: not an action ("seq"), a snapshot or a checkpoint: every line after the "#
          + "header is one"
      ),
      ("", "LOG:2:1: expected '{': each line of a log is one JSON object"),
      (
        #"{"seq":1,"src":"sent","action":"reset","fp":"12ab"}"#,
        #"LOG:2:46: "fp" should be a state's fingerprint, 16 lowercase hexadecimal digits, "#
          + #"not "12ab""#
      ),
    ])
  func badLine(line: String, message: String) throws {
    let found = try problem(with: tallyHeader + "\n" + line + "\n")
    #expect(found == message)
  }

  @Test("a gap or disorder in seq")
  func sequenceProblems() throws {
    let reset = { (seq: Int) in #"{"seq":\#(seq),"src":"effect","action":"reset"}"# }
    let gap = try problem(
      with: [tallyHeader, reset(1), reset(2), reset(5)].joined(separator: "\n"))
    #expect(gap == "LOG:4:8: seq 5 follows seq 2: seq 3 to 4 are missing (a gap)")
    #expect(
      try problem(with: [tallyHeader, reset(1), reset(3), ""].joined(separator: "\n"))
        == "LOG:3:8: seq 3 follows seq 1: seq 2 is missing (a gap)")
    #expect(
      try problem(with: [tallyHeader, reset(1), reset(2), reset(2), ""].joined(separator: "\n"))
        == "LOG:4:8: seq 2 follows seq 2: out of order (each action's seq is one more than the "
        + "last one's)")
  }

  @Test("snapshots and checkpoints must follow the action they describe, and end the log")
  func checkpointProblems() throws {
    let lines = [tallyHeader, add1, #"{"checkpoint":2,"state":{"notes":[],"total":1}}"#, ""]
    #expect(
      try problem(with: lines.joined(separator: "\n"))
        == "LOG:3:15: a checkpoint of seq 2, but the last action was seq 1")
    let after = [
      tallyHeader, add1, #"{"checkpoint":1,"state":{"notes":[],"total":1}}"#, add1, "",
    ]
    #expect(
      try problem(with: after.joined(separator: "\n"))
        == "LOG:4: a line after the checkpoint, which ends a log; remove it")
  }

  @Test("a torn last line ends the log quietly; the reader says which line it was")
  func tornLastLine() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    try file.write(tallyHeader + "\n" + add1 + "\n" + #"{"seq":2,"src":"se"#)
    let reader = try ActionLogReader<Tally.Action>(path: file.path)
    var count = 0
    while try reader.next() != nil { count += 1 }
    #expect(count == 1)
    #expect(reader.tornLine == 3)
    #expect(reader.lastSeq == 1)
  }

  @Test("a complete last line without its newline (a hand-edited file) is read as usual")
  func lastLineWithoutNewline() throws {
    #expect(try problem(with: tallyHeader + "\n" + add1) == nil)
  }

  @Test(
    "replay stops at the first bad line, past the first batch, though later lines are bad too",
    arguments: [nil] + ReplayTestMode.allCases)
  func replayStopsAtTheFirstBadLine(mode: ReplayTestMode?) throws {
    let file = TemporaryFile()
    defer { file.remove() }
    // 1,500 good actions (the reader hands over 1,024 at a time), a payload of the wrong type
    // on line 1,502, then a seq gap the reading thread finds first, since it checks lines but
    // leaves payloads to the thread that applies them.
    var lines = [tallyHeader]
    for seq in 1...1_500 {
      lines.append(#"{"seq":\#(seq),"src":"sent","action":"add","amount":1}"#)
    }
    lines.append(#"{"seq":1501,"src":"sent","action":"add","amount":"one"}"#)
    lines.append(#"{"seq":1503,"src":"sent","action":"add","amount":1}"#)
    try file.write(lines.joined(separator: "\n") + "\n")
    let replayer = try ActionLogReplayer<Tally.State, Tally.Action>(path: file.path)
    replayer.testMode = mode
    var applied = 0
    #expect(
      throws: ActionLogError(
        .badLog, file: file.path, line: 1_502, column: 50,
        #""amount" should be a whole number, not a string ("one")"#)
    ) {
      _ = try replayer.run(reduce: Tally().reduce(into:action:)) { _ in applied += 1 }
    }
    #expect(applied == 1_500)
  }

  @Test("a bad state in a snapshot is reported, verifying or not", arguments: [true, false])
  func badSnapshotState(verify: Bool) throws {
    let file = TemporaryFile()
    defer { file.remove() }
    try file.write(
      [tallyHeader, add1, #"{"snapshot":1,"state":{"total":1}}"#, ""].joined(separator: "\n"))
    let replayer = try ActionLogReplayer<Tally.State, Tally.Action>(path: file.path)
    #expect(
      throws: ActionLogError(
        .badLog, file: file.path, line: 3,
        "the snapshot's state does not fit this program's state (notes is missing); was the log "
          + "written by another version?")
    ) {
      _ = try replayer.run(verify: verify, reduce: Tally().reduce(into:action:))
    }
  }
}
