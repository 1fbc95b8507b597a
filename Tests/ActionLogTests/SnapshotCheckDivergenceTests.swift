import Foundation
import Store
import TestSupport
import Testing

@testable import ActionLog

/// The snapshot check compares bytes and, when they differ, hands the state to the decoder,
/// which says where: a single flipped bit deep in a large state is both caught and named.
@Suite("The snapshot check on a large state: one bit caught and named")
struct SnapshotCheckDivergenceTests {
  struct Cell: Codable, Equatable {
    var label: String
    var weight: Double
    var flags: [Bool]
  }

  struct Row: Codable, Equatable {
    var id: Int
    var cell: Cell
  }

  struct Grid: Codable, Equatable {
    var rows: [Row]
    var name: String
  }

  /// A grid of 10,000 rows (100× the usual state), each two levels deep.
  static func grid() -> Grid {
    Grid(
      rows: (0..<10_000).map {
        Row(id: $0, cell: Cell(label: "r\($0)", weight: Double($0) / 4, flags: [$0 % 2 == 0]))
      },
      name: "grid")
  }

  @Test("one bit flipped in a 10,000-row state's logged bytes is caught and its path named")
  func oneBitDeepInALargeState() async throws {
    try await onThreadOfItsOwn {
      let state = Self.grid()
      let matches = try #require(LogStateMatch.function(for: Grid.self))
      let logged = try LogStateCoding.encode(state, with: LogStateCoding.encoder())
      #expect(logged.withUnsafeBufferPointer { matches(state, $0) })
      // The label of row 9,876 — "r9876" — with its last digit's lowest bit flipped: "r9877".
      let label = Array(#""label":"r9876""#.utf8)
      let at = try #require(
        (0...(logged.count - label.count)).first {
          logged[$0..<($0 + label.count)].elementsEqual(label)
        })
      var flipped = logged
      flipped[at + label.count - 2] ^= 1
      #expect(!flipped.withUnsafeBufferPointer { matches(state, $0) })
      let decoded = try LogStateCoding.decoder().decode(Grid.self, from: Data(flipped))
      #expect(
        StateDifference.first(between: state, and: decoded)
          == StateDifference(
            path: "rows[9876].cell.label", left: "\"r9876\"", right: "\"r9877\""))
    }
  }

  @Test("a replay whose checkpoint differs by one bit deep in 10,000 notes names the note")
  func replayNamesTheBit() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    // Recorded from a state of 10,000 notes (100× the usual state). Two long notes pay for a
    // snapshot each (snapshots are spaced by their size): the first state a replay checks is
    // also decoded once, the second is checked by its bytes alone, and so is the checkpoint.
    let notes = (0..<10_000).map { "n\($0)" }
    let recorder = try ActionLogRecorder<Tally.State, Tally.Action>(
      path: file.path, settings: [LogSetting("timeZone", "UTC")],
      state: Tally.State(notes: notes), snapshotEvery: 1)
    var state = Tally.State(notes: notes)
    for action in [
      Tally.Action.note(String(repeating: "x", count: 100_000)),
      .note(String(repeating: "y", count: 300_000)), .add(1),
    ] {
      _ = Tally().reduce(into: &state, action: action)
      try recorder.record(action, origin: .sent, state: state)
    }
    try recorder.finish(state: state)
    var text = try String(contentsOfFile: file.path, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let checkpoint = try #require(lines.lastIndex { $0.hasPrefix(#"{"checkpoint":"#) })
    #expect(lines.filter { $0.hasPrefix(#"{"snapshot":"#) }.count == 2)
    let flippedLine = lines[checkpoint].replacingOccurrences(of: "\"n9876\"", with: "\"n9877\"")
    #expect(flippedLine != String(lines[checkpoint]))
    text = (lines[..<checkpoint] + [Substring(flippedLine)] + lines[(checkpoint + 1)...])
      .joined(separator: "\n")
    try text.write(toFile: file.path, atomically: true, encoding: .utf8)
    let replayer = try ActionLogReplayer<Tally.State, Tally.Action>(path: file.path)
    let result = try replayer.run(verify: true, reduce: Tally().reduce(into:action:))
    guard case .diverged(let divergence) = result.verification else {
      Issue.record("expected a divergence, got \(String(describing: result.verification))")
      return
    }
    #expect(divergence.seq == 3)
    #expect(divergence.lastAgreedSeq == 2)
    #expect(divergence.field == "notes[9876]")
    #expect(divergence.replayed == "\"n9876\"")
    #expect(divergence.logged == "\"n9877\"")
  }
}
