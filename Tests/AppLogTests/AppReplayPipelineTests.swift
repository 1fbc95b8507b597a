import AppLog
import Features
import Foundation
import Store
import TestSupport
import Testing

@testable import ActionLog

/// Replaying the app's logs, whose actions the reading thread decodes straight from each line's
/// bytes while the applying thread applies them and checks states: it ends, and refuses, exactly
/// as parsing every line does (`testMode = .parsingEveryLine`).
@Suite("Replaying app logs on two threads gives what one thread would")
struct AppReplayPipelineTests {
  /// A log of `count` of the app's sampled actions, recorded (with a snapshot every 64) by
  /// applying them with the app's reducer, effects dropped; its lines.
  static func record(_ count: Int, to file: TemporaryFile) throws -> [String] {
    let reducer = AppReducer()
    var state = AppState(timeZone: .gmt)
    let recorder = try ActionLogRecorder<AppState, AppAction>(
      path: file.path, settings: [LogSetting("timeZone", "UTC")], state: state)
    for action in AppActionSamples(seed: 5).prefix(count) {
      _ = reducer.reduce(into: &state, action: action)
      try recorder.record(action, origin: .sent, state: state)
    }
    try recorder.finish(state: state)
    return file.lines()
  }

  /// The replay's outcome in `mode`: its final state and count, or its error.
  static func replay(
    _ file: TemporaryFile, _ mode: ReplayTestMode?, until: Int? = nil
  ) -> Result<String, ActionLogError> {
    Result { () throws(ActionLogError) -> String in
      let replayer = try ActionLogReplayer<AppState, AppAction>(path: file.path)
      replayer.testMode = mode
      let result = try replayer.run(until: until, reduce: AppReducer().reduce(into:action:))
      return "\(result.actions) \(result.lastSeq) \(String(describing: result.state))"
    }
  }

  @Test("a whole log of 3,000 actions replays to the same state either way")
  func wholeLog() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    _ = try Self.record(3_000, to: file)
    let fast = Self.replay(file, nil)
    #expect(fast == Self.replay(file, .parsingEveryLine))
    #expect(Self.replay(file, .decodingWhileReading) == fast)
    #expect(Self.replay(file, .handingOver) == fast)
    #expect((try? fast.get())?.hasPrefix("3000 3000 ") == true)
  }

  @Test("a long replay refills the batches it has applied: a handful are made, in every mode")
  func batchesAreRefilled() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    _ = try Self.record(8_000, to: file)
    for mode in [nil] + ReplayTestMode.allCases {
      let replayer = try ActionLogReplayer<AppState, AppAction>(path: file.path)
      replayer.testMode = mode
      let result = try replayer.run(reduce: AppReducer().reduce(into:action:))
      #expect(result.actions == 8_000)
      // 8 batches of 1,024 actions, but never more alive than the queue's 4, the one filling
      // and the one applied.
      #expect(
        replayer.batchesMade <= ReplayPipeline.queueCapacity + 2, "\(String(describing: mode))")
      #expect(replayer.batchesMade >= 1)
    }
  }

  @Test("lines handed over unparsed are read in place, not parsed again")
  func handedOverLinesAreReadOnce() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    _ = try Self.record(3_000, to: file)
    let replayer = try ActionLogReplayer<AppState, AppAction>(path: file.path)
    replayer.testMode = .handingOver
    let result = try replayer.run(reduce: AppReducer().reduce(into:action:))
    #expect(result.actions == 3_000)
    #expect(replayer.handedOverLinesParsed == 0)
  }

  @Test("--until in the middle of a batch stops there, the rest of the batch read and dropped")
  func untilInsideABatch() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    _ = try Self.record(3_000, to: file)
    for until in [1, 10, 1_500, 2_999] {
      let fast = Self.replay(file, nil, until: until)
      #expect(fast == Self.replay(file, .parsingEveryLine, until: until))
      #expect(Self.replay(file, .decodingWhileReading, until: until) == fast)
      #expect(Self.replay(file, .handingOver, until: until) == fast)
      #expect((try? fast.get())?.hasPrefix("\(until) \(until) ") == true)
    }
  }

  @Test(
    "a bad action line past the first batch is refused at its line, with the same words",
    arguments: [
      #""days":"one""#, #""days":1.5"#, #""days":99999999999999999999"#, #""days":-3,"x":1"#,
      #""days" : -3"#, #""days":tru"#, #""days":-3,"fp":"zz""#, #""days":-3,"seq":4"#,
      #""days":-3,"src":"effect""#,
    ])
  func badActionLine(payload: String) throws {
    let file = TemporaryFile()
    defer { file.remove() }
    var lines = try Self.record(3_000, to: file)
    let index = 2_500
    let seq = index - lines[1..<index].filter { !$0.hasPrefix(#"{"seq""#) }.count
    lines[index] = #"{"seq":\#(seq),"src":"sent","action":"clock.moveDay",\#(payload)}"#
    try file.write(lines.joined(separator: "\n") + "\n")
    let fast = Self.replay(file, nil)
    #expect(fast == Self.replay(file, .parsingEveryLine))
    #expect(Self.replay(file, .decodingWhileReading) == fast)
    #expect(Self.replay(file, .handingOver) == fast)
    if payload.contains(" ") {
      // Spaces are JSON: the parser reads the line the reader left, and it replays.
      #expect((try? fast.get()) != nil)
    } else {
      guard case .failure(let error) = fast else {
        Issue.record("\(payload) was not refused")
        return
      }
      #expect(error.line == index + 1)
    }
  }

  @Test("a bad snapshot state is refused at its line and column, whichever thread checks it")
  func badSnapshot() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    var lines = try Self.record(3_000, to: file)
    let snapshots = lines.indices.filter { lines[$0].hasPrefix(#"{"snapshot""#) }
    #expect(snapshots.count > 40)
    let index = snapshots[snapshots.count * 2 / 3]
    lines[index] = lines[index].replacingOccurrences(
      of: #""dayOffset":"#, with: #""dayOffset":"x","was":"#)
    try file.write(lines.joined(separator: "\n") + "\n")
    let fast = Self.replay(file, nil)
    #expect(fast == Self.replay(file, .parsingEveryLine))
    #expect(Self.replay(file, .decodingWhileReading) == fast)
    #expect(Self.replay(file, .handingOver) == fast)
    guard case .failure(let error) = fast else {
      Issue.record("the bad snapshot was not refused")
      return
    }
    #expect(error.line == index + 1)
    #expect(error.message.contains("snapshot's state"))
  }
}

/// The reading thread's buffer of decoded actions: what the replay does not take is released.
@Suite("A batch's decoded actions")
struct ReplayActionsTests {
  final class Token: Sendable {
    static let live = Locked(0)
    init() { Self.live.withLock { $0 += 1 } }
    deinit { Self.live.withLock { $0 -= 1 } }
  }

  struct Held: LoggableAction, Equatable {
    static let logNames = LogNames<Name>()
    enum Name: String, CaseIterable, Sendable { case held }
    let token: Token
    static func == (a: Held, b: Held) -> Bool { a.token === b.token }
    func encode(to line: inout LogLineWriter) { line.string("action", "held") }
    init() { token = Token() }
    init(logLine line: inout LogLine) throws(LogLineError) {
      _ = try line.action(in: Self.logNames)
      token = Token()
    }
  }

  @Test("actions taken are the caller's; those left when a replay stops are released")
  func leftOversAreReleased() throws {
    let before = Token.live.value
    do {
      let actions = TypedReplayActions<Held>(capacity: 8)
      var line = LogLine()
      line.bytes = Array(#"{"action":"held"}"#.utf8)
      for _ in 0..<5 {
        try line.parse()
        try actions.decode(&line, path: "t.log", lineNumber: 2, app: "test")
      }
      #expect(actions.count == 5)
      let taken = [actions.take(), actions.take()]
      #expect(Token.live.value == before + 5)
      _ = taken
    }
    #expect(Token.live.value == before)
  }
}
