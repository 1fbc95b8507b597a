import AppLog
import Foundation
import StoreTesting
import TestSupport
import Testing

@testable import ActionLog
@testable import Console
@testable import UniflowConsole

/// The recorded logs the log fuzzer starts from (Tests/Fuzz/seeds/logs).
enum SeedLogs {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/seeds/logs")

  static let all: [[UInt8]] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.sorted().compactMap {
      FileManager.default.contents(atPath: directory.appendingPathComponent($0).path).map(
        Array.init)
    }
  }()
}

/// A change an attacker makes to a recorded log.
enum Mutation: Sendable, CustomStringConvertible {
  /// The byte at `position` (modulo the length) replaced by `byte`.
  case byte(position: Int, byte: UInt8)
  /// The `index`th number replaced by `text`.
  case number(index: Int, text: String)
  /// The `index`th string's contents replaced by `text` (raw JSON text, escapes as written).
  case string(index: Int, text: String)
  /// On line `line`, the values of two fields swapped.
  case swap(line: Int, first: Int, second: Int)
  /// Line `line` repeated, dropped, or swapped with the next.
  case repeatLine(Int), dropLine(Int), swapLines(Int)
  /// The log cut off after `length` bytes.
  case cut(length: Int)

  var description: String {
    switch self {
    case .byte(let position, let byte): "byte \(position) := \(byte)"
    case .number(let index, let text): "number \(index) := \(text)"
    case .string(let index, let text): "string \(index) := \(text.debugDescription)"
    case .swap(let line, let first, let second): "line \(line): swap fields \(first), \(second)"
    case .repeatLine(let line): "repeat line \(line)"
    case .dropLine(let line): "drop line \(line)"
    case .swapLines(let line): "swap lines \(line), \(line + 1)"
    case .cut(let length): "cut at \(length)"
    }
  }

  static let numbers = [
    "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1e999", "-1e999",
    "1e300", "-1e300", "0", "-1", "1.5", "4.9e-330", "365251", "-0",
  ]
  static let strings = [
    #"\u001b]0;pwned\u0007"#, "\u{9B}31m\u{202E}", #"\nclock: fake"#, "2026-02-30T00:00:00Z",
    "-9223372036854775807-01-01", "0000-01-01T00:00:00Z", "NaN", "Infinity", "", "sent", "effect",
    "restored", String(repeating: "x", count: 300),
  ]

  static let gen: Gen<Mutation> = Gen.oneOf(
    Gen.zip(
      Gen.int(in: 0...100_000),
      Gen.element(
        of: [0x00, 0x0A, 0x1B, 0x22, 0x2C, 0x7B, 0x7D, 0x9B, 0xFF, 0x30, 0x39] as [UInt8])
    )
    .map { .byte(position: $0, byte: $1) },
    Gen.zip(Gen.int(in: 0...400), Gen.element(of: numbers)).map { .number(index: $0, text: $1) },
    Gen.zip(Gen.int(in: 0...400), Gen.element(of: strings)).map { .string(index: $0, text: $1) },
    Gen.zip(Gen.int(in: 0...100), Gen.int(in: 0...12), Gen.int(in: 0...12)).map {
      .swap(line: $0, first: $1, second: $2)
    },
    Gen.int(in: 0...100).map(Mutation.repeatLine), Gen.int(in: 0...100).map(Mutation.dropLine),
    Gen.int(in: 0...100).map(Mutation.swapLines), Gen.int(in: 0...10_000).map { .cut(length: $0) })

  /// `log` with this change made.
  func apply(to log: [UInt8]) -> [UInt8] {
    var lines = log.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    func joined() -> [UInt8] { Array(lines.joined(separator: [0x0A])) }
    switch self {
    case .byte(let position, let byte):
      guard !log.isEmpty else { return log }
      var bytes = log
      bytes[position % bytes.count] = byte
      return bytes
    case .number(let index, let text):
      return Self.replace(index, of: Self.numberRanges(log), in: log, with: Array(text.utf8))
    case .string(let index, let text):
      return Self.replace(index, of: Self.stringRanges(log), in: log, with: Array(text.utf8))
    case .swap(let line, let first, let second):
      guard !lines.isEmpty else { return log }
      var parsed = LogLine()
      parsed.bytes = lines[line % lines.count]
      guard (try? parsed.parse()) != nil, parsed.fields.count > 1 else { return log }
      let a = parsed.fields[first % parsed.fields.count].rawRange
      let b = parsed.fields[second % parsed.fields.count].rawRange
      guard a != b else { return log }
      let (low, high) = a.lowerBound < b.lowerBound ? (a, b) : (b, a)
      let bytes = parsed.bytes
      var swapped = Array(bytes[..<low.lowerBound])
      swapped += bytes[high]
      swapped += bytes[low.upperBound..<high.lowerBound]
      swapped += bytes[low]
      swapped += bytes[high.upperBound...]
      lines[line % lines.count] = swapped
      return joined()
    case .repeatLine(let line):
      lines.insert(lines[line % lines.count], at: line % lines.count)
      return joined()
    case .dropLine(let line):
      lines.remove(at: line % lines.count)
      return joined()
    case .swapLines(let line):
      guard lines.count > 1 else { return log }
      lines.swapAt(line % (lines.count - 1), line % (lines.count - 1) + 1)
      return joined()
    case .cut(let length):
      return Array(log.prefix(length))
    }
  }

  /// The byte ranges of numbers outside strings.
  static func numberRanges(_ bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        index += 1
      } else if byte == UInt8(ascii: "\"") {
        inString = true
        index += 1
      } else if byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) {
        let start = index
        while index < bytes.count, Array("+-0123456789.eE".utf8).contains(bytes[index]) {
          index += 1
        }
        ranges.append(start..<index)
      } else {
        index += 1
      }
    }
    return ranges
  }

  /// The byte ranges of strings' contents (between their quotes).
  static func stringRanges(_ bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "\"") else {
        index += 1
        continue
      }
      let start = index + 1
      index = start
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
      }
      ranges.append(start..<min(index, bytes.count))
      index += 1
    }
    return ranges
  }

  static func replace(_ index: Int, of ranges: [Range<Int>], in bytes: [UInt8], with new: [UInt8])
    -> [UInt8]
  {
    guard !ranges.isEmpty else { return bytes }
    var result = bytes
    result.replaceSubrange(ranges[index % ranges.count], with: new)
    return result
  }
}

/// No file makes `replay` end by a signal: recorded logs, changed the way an attacker would —
/// bytes flipped, numbers at their extremes, hostile strings, fields and lines swapped, dropped
/// or repeated, cut short — replayed in the process in every mode end with their screens or one
/// error line, and print nothing a terminal would act on.
@MainActor
@Suite("Replaying mutated logs")
struct LogMutationTests {
  @Test("mutated recorded logs replay, in every mode, to screens or one line; never a trap")
  func mutatedLogsReplay() async throws {
    #expect(SeedLogs.all.count >= 6)
    let file = TemporaryFile()
    defer { file.remove() }
    let mutations = Gen.zip(
      Gen.int(in: 0...(SeedLogs.all.count - 1)), Mutation.gen.array(count: 1...3),
      Gen.int(in: 1...80))
    var statuses: [Int32: Int] = [:]
    // Ten checks of 40 examples each, letting the main actor go in between: a test that held it
    // for all 400 would stall every other test's effects for as long.
    for chunk in 0..<10 {
      await Task.yield()
      forAll(mutations, .seed(UInt64(chunk)).examples(40)) { seed, changes, until in
        let log = changes.reduce(SeedLogs.all[seed]) { $1.apply(to: $0) }
        try Data(log).write(to: URL(fileURLWithPath: file.path))
        for line in log.split(separator: 0x0A) {
          if let broken = AppLogSelfCheck.roundTrip(line: Array(line)) {
            Issue.record("round trip: \(broken)")
            return false
          }
        }
        for options in [
          [], ["--verify"], ["--trace"], ["--until", "\(until)", "--verify", "--trace"], ["--diff"],
          ["--skip", "\(until)", "--diff"], ["--emit-test"],
        ] {
          var request = ReplayRequest(path: file.path)
          request.trace = options.contains("--trace")
          request.verify = options.contains("--verify")
          request.until = options.contains("--until") ? until : nil
          request.diff = options.contains("--diff")
          request.skip = options.contains("--skip") ? [until] : []
          request.emitTest = options.contains("--emit-test") ? "" : nil
          let console = RecordingConsole()
          let status = ConsoleReplay(UniflowApp()).run(request, console: console)
          statuses[status, default: 0] += 1
          let lines = console.outputs + console.errors
          guard [0, 1, 2].contains(status),
            lines.allSatisfy({ rawControls(in: $0).isEmpty && !$0.contains("\n") })
          else {
            Issue.record("\(options): status \(status), \(lines)")
            return false
          }
          if status == 2, !(console.outputs.isEmpty && console.errors.count == 1) {
            Issue.record("\(options): a bad log printed \(lines)")
            return false
          }
        }
        return true
      }
    }
    // The mutations make logs of every kind: replayed, diverging, and bad.
    #expect(statuses[0, default: 0] > 0 && statuses[2, default: 0] > 0, "\(statuses)")
  }

  @Test("every seed log replays and verifies as recorded")
  func seedsReplay() {
    for seed in SeedLogs.all {
      let file = TemporaryFile()
      defer { file.remove() }
      try? Data(seed).write(to: URL(fileURLWithPath: file.path))
      let console = RecordingConsole()
      var request = ReplayRequest(path: file.path)
      request.verify = true
      #expect(ConsoleReplay(UniflowApp()).run(request, console: console) == 0, "\(console.errors)")
    }
  }
}
