import Foundation
import Store
import TestSupport
import Testing

@testable import ActionLog

/// `--verify` against the fingerprints on action lines: wherever a line's `fp` stands, whatever
/// its value, and whichever action lacks one.
@Suite("Verifying a replay by its fingerprints")
struct VerifyFingerprintTests {
  /// A Tally log of `count` additions of 1, its lines (header first).
  static func record(_ count: Int, to file: TemporaryFile) async throws -> [String] {
    _ = try await recordTally(Array(repeating: .add(1), count: count), to: file)
    return file.lines()
  }

  /// The line of action `seq` in `lines` (snapshots counted out).
  static func index(ofSeq seq: Int, in lines: [String]) -> Int {
    lines.firstIndex { $0.hasPrefix(#"{"seq":\#(seq),"#) }!
  }

  /// `--verify`'s outcome on `lines`, with the replayer's test hook set to `mode`.
  static func verify(_ lines: [String], _ file: TemporaryFile, _ mode: ReplayTestMode? = nil)
    throws -> ActionLogVerification?
  {
    try file.write(lines.joined(separator: "\n") + "\n")
    let replayer = try ActionLogReplayer<Tally.State, Tally.Action>(path: file.path)
    replayer.testMode = mode
    return try replayer.run(verify: true, reduce: Tally().reduce(into:action:)).verification
  }

  @Test(
    "a wrong fingerprint is found wherever it stands on its line, in every mode",
    arguments: [
      { (line: String, fp: String) in line + " " },  // a trailing space
      { (line: String, fp: String) in line.replacingOccurrences(of: ",\"fp\"", with: " ,\"fp\"") },
      { (line: String, fp: String) in
        // fp first after src, then the action
        let without = line.replacingOccurrences(of: #","fp":"\#(fp)""#, with: "")
        return without.replacingOccurrences(
          of: #""src":"sent","#, with: #""src":"sent","fp":"\#(fp)","#)
      },
    ] as [@Sendable (String, String) -> String])
  func wrongFingerprintAnywhere(move: @Sendable (String, String) -> String) async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    var lines = try await Self.record(3_000, to: file)
    let index = Self.index(ofSeq: 2_100, in: lines)
    let wrong = "0123456789abcdef"
    let right = String(lines[index].suffix(18).prefix(16))
    lines[index] = move(lines[index].replacingOccurrences(of: right, with: wrong), wrong)
    for mode in [nil] + ReplayTestMode.allCases {
      guard case .diverged(let divergence) = try Self.verify(lines, file, mode) else {
        Issue.record("mode \(String(describing: mode)): the wrong fingerprint verified")
        continue
      }
      #expect(divergence.seq == 2_100, "mode \(String(describing: mode))")
      #expect(divergence.logged == wrong)
      #expect(divergence.evidence == .fingerprint)
    }
  }

  @Test("a fingerprint of sixteen zeros is a fingerprint like any other, and a wrong one")
  func zeroFingerprint() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    var lines = try await Self.record(200, to: file)
    let index = Self.index(ofSeq: 70, in: lines)
    let right = String(lines[index].suffix(18).prefix(16))
    lines[index] = lines[index].replacingOccurrences(of: right, with: "0000000000000000")
    for mode in [nil] + ReplayTestMode.allCases {
      guard case .diverged(let divergence) = try Self.verify(lines, file, mode) else {
        Issue.record("mode \(String(describing: mode)): a fingerprint of zeros verified")
        continue
      }
      #expect(divergence.seq == 70)
      #expect(divergence.partedSeq == 70)
      #expect(divergence.logged == "0000000000000000")
    }
  }

  @Test("an action without a fingerprint that parts the states is not blamed on the next one")
  func partingActionWithoutFingerprint() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    var lines = try await Self.record(100, to: file)
    // Action 40 adds 5 instead of 1, and carries no fingerprint; action 41 has one.
    let index = Self.index(ofSeq: 40, in: lines)
    lines[index] = #"{"seq":40,"src":"sent","action":"add","amount":5}"#
    guard case .diverged(let divergence) = try Self.verify(lines, file) else {
      Issue.record("the replay verified")
      return
    }
    // The state after 39 agreed (its fingerprint), and 41's differs: 40 or 41 parted them.
    #expect(divergence.partedSeq == nil)
    #expect(divergence.partedWithin == 40...41)
    // A snapshot (at 64) shows the field; the span is the fingerprints' one.
    #expect(divergence.lastAgreedSeq == 39)
    #expect(divergence.seq == 64)
    #expect(divergence.field == "total")
  }

  @Test("without a later snapshot, the fingerprint's divergence names the span too")
  func partingActionWithoutFingerprintNoSnapshot() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    var lines = try await Self.record(50, to: file)
    let index = Self.index(ofSeq: 40, in: lines)
    lines[index] = #"{"seq":40,"src":"sent","action":"add","amount":5}"#
    // Without the checkpoint, only the fingerprints show it.
    lines.removeLast()
    guard case .diverged(let divergence) = try Self.verify(lines, file) else {
      Issue.record("the replay verified")
      return
    }
    #expect(divergence.evidence == .fingerprint)
    #expect(divergence.seq == 41)
    #expect(divergence.partedSeq == nil)
    #expect(divergence.partedWithin == 40...41)
    #expect(divergence.lastAgreedSeq == 39)
  }

  @Test("the action whose own fingerprint first differs is named when every action has one")
  func exactPartingAction() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    var lines = try await Self.record(100, to: file)
    let index = Self.index(ofSeq: 40, in: lines)
    lines[index] = lines[index].replacingOccurrences(of: #""amount":1"#, with: #""amount":5"#)
    guard case .diverged(let divergence) = try Self.verify(lines, file) else {
      Issue.record("the replay verified")
      return
    }
    #expect(divergence.partedSeq == 40)
    #expect(divergence.partedWithin == 40...40)
    #expect(divergence.lastAgreedSeq == 0)
  }
}
