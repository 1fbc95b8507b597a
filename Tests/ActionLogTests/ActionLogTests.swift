import Foundation
import StoreTesting
import TestSupport
import Testing

@testable import ActionLog

@MainActor
@Suite("Action log: record, read, replay")
struct ActionLogTests {
  let stamp = Date(timeIntervalSince1970: 1_795_923_912)

  @Test("a store's actions are written one line each, in order, closed by a checkpoint")
  func recordsEachAction() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    _ = try await recordTally([.add(2), .note("hi \"there\""), .stamp(stamp), .reset], to: file)
    #expect(
      try file.read().split(separator: "\n").map { String($0).withoutFingerprint }.joined(
        separator: "\n") + "\n"
        == tallyHeader + "\n"
        + #"{"seq":1,"src":"sent","action":"add","amount":2}"# + "\n"
        + #"{"seq":2,"src":"sent","action":"note","text":"hi \"there\""}"# + "\n"
        + #"{"seq":3,"src":"sent","action":"stamp","at":"2026-11-29T03:45:12Z"}"# + "\n"
        + #"{"seq":4,"src":"sent","action":"reset"}"# + "\n"
        + #"{"checkpoint":4,"state":{"notes":[],"total":0}}"# + "\n")
  }

  @Test("a snapshot of the state follows every Nth action")
  func snapshots() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    _ = try await recordTally([.add(1), .add(2), .add(3)], to: file, snapshotEvery: 2)
    let lines = try file.read().split(separator: "\n")
    #expect(lines[3] == #"{"snapshot":2,"state":{"notes":[],"total":3}}"#)
    #expect(lines.last == #"{"checkpoint":3,"state":{"notes":[],"total":6}}"#)
  }

  @Test("an existing file is never overwritten, unless asked to")
  func neverOverwrites() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    try file.write("precious\n")
    #expect(
      throws: ActionLogError(
        .alreadyExists, file: file.path, "already exists, and a recording never overwrites a file")
    ) {
      _ = try ActionLogRecorder<Tally.State, Tally.Action>(
        path: file.path, settings: [], state: Tally.State())
    }
    #expect(try file.read() == "precious\n")
    let recorder = try ActionLogRecorder<Tally.State, Tally.Action>(
      path: file.path, overwrite: true, settings: [], state: Tally.State())
    recorder.close()
    #expect(try file.read().hasPrefix(#"{"format":"uniflow-action-log""#))
  }

  @Test("the reader gives back each entry with its seq and origin, and the header's settings")
  func readsEntries() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    _ = try await recordTally([.add(5), .note("ok")], to: file)
    let reader = try ActionLogReader<Tally.Action>(path: file.path)
    #expect(reader.header.setting("timeZone") == "UTC")
    var actions: [Tally.Action] = []
    var checkpoint: Int?
    while let entry = try reader.next() {
      switch entry {
      case .action(let seq, let origin, let action):
        #expect(seq == actions.count + 1)
        #expect(origin == .sent)
        actions.append(action)
      case .snapshot: Issue.record("no snapshot expected")
      case .checkpoint(let seq, _): checkpoint = seq
      }
    }
    #expect(actions == [.add(5), .note("ok")])
    #expect(checkpoint == 2)
    #expect(reader.tornLine == nil)
  }

  @Test("replay folds the reducer over the log and ends on the recorded state; effects are dropped")
  func replayReproducesTheState() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let actions: [Tally.Action] = (0..<300).map { $0 % 3 == 0 ? .note("n\($0)") : .add($0) }
    let live = try await recordTally(actions, to: file, snapshotEvery: 64)
    let replayer = try ActionLogReplayer<Tally.State, Tally.Action>(path: file.path)
    let result = try replayer.run(verify: true, reduce: Tally().reduce(into:action:))
    #expect(result.state == live)
    #expect(result.actions == 300)
    #expect(result.verification == .agreed(checkpointSeq: 300, snapshots: 4, fingerprints: 300))
  }

  @Test(
    "whichever thread decodes the actions, the replay is the same",
    arguments: [nil] + ReplayTestMode.allCases)
  func eitherThreadDecodes(mode: ReplayTestMode?) async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    // Three full batches and a part one, so both kinds of batch follow each other.
    let actions: [Tally.Action] = (0..<3_500).map { $0 % 500 == 0 ? .note("n\($0)") : .add($0) }
    let live = try await recordTally(actions, to: file, snapshotEvery: 64)
    let replayer = try ActionLogReplayer<Tally.State, Tally.Action>(path: file.path)
    replayer.testMode = mode
    var seen: [Tally.Action] = []
    let result = try replayer.run(verify: true, reduce: Tally().reduce(into:action:)) {
      seen.append($0.action)
    }
    #expect(seen == actions)
    #expect(result.state == live)
    #expect(
      result.verification == .agreed(checkpointSeq: 3_500, snapshots: 54, fingerprints: 3_500))
  }

  @Test("--until stops after the given seq")
  func replayUntil() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    _ = try await recordTally([.add(1), .add(10), .add(100)], to: file)
    let replayer = try ActionLogReplayer<Tally.State, Tally.Action>(path: file.path)
    var seen: [String] = []
    let result = try replayer.run(until: 2, reduce: Tally().reduce(into:action:)) { step in
      seen.append("\(step.seq) \(step.origin) \(step.summary) → \(step.state.total)")
    }
    #expect(result.state.total == 11)
    #expect(result.lastSeq == 2)
    #expect(seen == ["1 sent add amount=1 → 1", "2 sent add amount=10 → 11"])
  }

  @Test(
    "verify names the first differing field and, by the fingerprints, the action that parted them")
  func verifyFindsDivergence() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    _ = try await recordTally((1...10).map { .add($0) }, to: file, snapshotEvery: 4)
    // A reducer that has changed since the recording: from 6 on, it adds one more.
    let changed = Reduce<Tally.State, Tally.Action> { state, action in
      if case .add(let n) = action { state.total += n >= 6 ? n + 1 : n }
      return .none
    }
    let replayer = try ActionLogReplayer<Tally.State, Tally.Action>(path: file.path)
    let result = try replayer.run(verify: true, reduce: changed.reduce(into:action:))
    #expect(
      result.verification
        == .diverged(
          ActionLogDivergence(
            seq: 8, line: 11, lastAgreedSeq: 4, field: "total", replayed: "39", logged: "36",
            partedSeq: 6, partedWithin: 6...6)))
  }

  @Test(
    "verify reports states that parted and came together again, which only the fingerprints saw")
  func verifyFindsAPartingNoSnapshotShows() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    _ = try await recordTally([.add(1), .add(2), .add(3), .reset, .add(4)], to: file)
    // A reducer that has changed since the recording: it adds 3 twice; the reset hides it.
    let changed = Reduce<Tally.State, Tally.Action> { state, action in
      if case .add(3) = action { state.total += 3 }
      return Tally().reduce(into: &state, action: action)
    }
    let replayer = try ActionLogReplayer<Tally.State, Tally.Action>(path: file.path)
    let result = try replayer.run(verify: true, reduce: changed.reduce(into:action:))
    #expect(result.state.total == 4)
    #expect(
      result.verification
        == .diverged(
          ActionLogDivergence(
            seq: 3, line: 4, lastAgreedSeq: 2, field: "",
            replayed: StateFingerprint.text(Tally.State(total: 9).logFingerprint),
            logged: StateFingerprint.text(Tally.State(total: 6).logFingerprint), partedSeq: 3,
            partedWithin: 3...3,
            evidence: .fingerprint)))
  }

  @Test("the first differing field is found by walking both states in declaration order")
  func firstDifference() {
    var left = Tally.State(total: 1, notes: ["a", "b"], stamped: nil)
    var right = left
    #expect(StateDifference.first(between: left, and: right) == nil)
    right.notes[1] = "c"
    #expect(
      StateDifference.first(between: left, and: right)
        == StateDifference(path: "notes[1]", left: "\"b\"", right: "\"c\""))
    left.stamped = stamp
    #expect(
      StateDifference.first(between: left, and: right)
        == StateDifference(path: "notes[1]", left: "\"b\"", right: "\"c\""))
    right.notes = left.notes
    #expect(
      StateDifference.first(between: left, and: right)
        == StateDifference(path: "stamped", left: "2026-11-29T03:45:12Z", right: "nil"))
  }
}
