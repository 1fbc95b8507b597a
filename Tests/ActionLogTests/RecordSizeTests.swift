import Foundation
import Store
import TestSupport
import Testing

@testable import ActionLog

/// A recording's size grows with its actions, not with actions × the state's size: snapshots
/// are spaced so that their bytes stay within the action lines' bytes plus one snapshot.
@Suite("A recording's size stays linear in its actions")
struct RecordSizeTests {
  /// A state that grows by one element every fifth action.
  struct Pile: Codable, Equatable, Sendable {
    var items: [Int] = []
    var ticks = 0
  }

  enum Step: Equatable, Sendable, LoggableAction {
    case add(Int)
    case tick

    enum Name: String, CaseIterable, Sendable { case add, tick }
    static let names = LogNames<Name>()

    func encode(to line: inout LogLineWriter) {
      switch self {
      case .add(let value):
        line.action(Name.add)
        line.int("value", value)
      case .tick: line.action(Name.tick)
      }
    }

    init(logLine line: inout LogLine) throws(LogLineError) {
      switch try line.action(in: Self.names) {
      case .add: self = .add(try line.int("value"))
      case .tick: self = .tick
      }
    }
  }

  static func apply(_ state: inout Pile, _ step: Step) {
    switch step {
    case .add(let value): state.items.append(value)
    case .tick: state.ticks += 1
    }
  }

  /// Records `count` steps, every fifth adding an element; the log's lines.
  static func record(_ count: Int, to file: TemporaryFile) throws -> (lines: [String], state: Pile)
  {
    var state = Pile()
    let recorder = try ActionLogRecorder<Pile, Step>(
      path: file.path, overwrite: true, settings: [], state: state)
    for index in 0..<count {
      let step: Step = index % 5 == 0 ? .add(index) : .tick
      apply(&state, step)
      try recorder.record(step, origin: .sent, state: state)
    }
    try recorder.finish(state: state)
    return (file.lines(), state)
  }

  static func bytes(_ lines: [String], _ prefix: String) -> Int {
    lines.filter { $0.hasPrefix(prefix) }.reduce(0) { $0 + $1.utf8.count + 1 }
  }

  @Test("100,000 actions and a state growing to 20,000 elements: snapshots within the actions")
  func linearInActions() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let (lines, state) = try Self.record(100_000, to: file)
    #expect(state.items.count == 20_000)
    let actionBytes = Self.bytes(lines, #"{"seq""#)
    let snapshotBytes = Self.bytes(lines, #"{"snapshot""#)
    let largest = lines.filter { $0.hasPrefix(#"{"snapshot""#) }.map(\.utf8.count).max() ?? 0
    // The bound the recorder keeps: the action lines' bytes plus the largest snapshot.
    #expect(snapshotBytes <= actionBytes + largest)
    // Snapshots still come throughout: the first ones every 64 actions, later ones further apart.
    let snapshots = lines.filter { $0.hasPrefix(#"{"snapshot""#) }.count
    #expect(snapshots > 100)
    #expect(lines.contains { $0.hasPrefix(#"{"snapshot":64,"#) })
    // The whole file: about twice its action lines (today's spacing would write ~100 MB).
    let total = lines.reduce(0) { $0 + $1.utf8.count + 1 }
    #expect(total < 3 * actionBytes)
    // And it replays and verifies, every snapshot checked.
    let replayer = try ActionLogReplayer<Pile, Step>(path: file.path)
    let result = try replayer.run(verify: true) { state, step in
      Self.apply(&state, step)
      return .none
    }
    #expect(result.state == state)
    #expect(
      result.verification == .agreed(checkpointSeq: 100_000, snapshots: snapshots, fingerprints: 0))
  }

  @Test("twice the actions, twice the bytes: the size is linear, not quadratic")
  func doublingDoublesTheSize() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let small = try Self.record(25_000, to: file).lines.reduce(0) { $0 + $1.utf8.count + 1 }
    let large = try Self.record(50_000, to: file).lines.reduce(0) { $0 + $1.utf8.count + 1 }
    #expect(Double(large) / Double(small) < 2.3)
  }

  @Test("a small state keeps its snapshot after every 64th action, as before")
  func smallStatesEvery64() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    var state = Pile()
    let recorder = try ActionLogRecorder<Pile, Step>(
      path: file.path, overwrite: true, settings: [], state: state)
    for _ in 0..<640 {
      Self.apply(&state, .tick)
      try recorder.record(.tick, origin: .sent, state: state)
    }
    try recorder.finish(state: state)
    let snapshots = file.lines().filter { $0.hasPrefix(#"{"snapshot""#) }
    #expect(snapshots.count == 10)
    #expect(snapshots.first?.hasPrefix(#"{"snapshot":64,"#) == true)
  }
}
