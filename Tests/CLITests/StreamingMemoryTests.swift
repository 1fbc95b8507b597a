import Foundation
import TestSupport
import Testing

/// `replay --skip`, `--diff` and `--emit-test` read the log's actions as they present them
/// (`ReplaySteps`), so their memory does not grow with the log: the peak resident size of the
/// built binary on a log 100 times longer stays within a few MiB of the short one's.
@Suite("Replay variants take memory flat in the log's length")
struct StreamingMemoryTests {
  /// The most a log 100 times longer may add to the peak resident size: buffers that grow to a
  /// line's length, the allocator's pools. Holding the actions, or the emitted test, costs far
  /// more (≈ 100 bytes an action, ≈ 300 bytes of test an action, twice).
  static let growthBound = 3 * 1024 * 1024

  /// A log of `count` `moveDay` actions in UTC, written as text.
  private static func log(_ count: Int, at url: URL) throws {
    var text =
      #"{"format":"uniflow-action-log","version":1,"timeZone":"UTC","state":{"clock":"#
      + #"{"anchor":"2026-11-29T03:45:12Z","dayOffset":0,"isLoading":false,"request":0,"#
      + #""timeZone":{"identifier":"UTC"}},"dog":{"dogs":[]},"weather":{"request":0,"#
      + #""status":{"idle":{}}}}}"# + "\n"
    for seq in 1...count {
      text +=
        #"{"seq":\#(seq),"src":"sent","action":"clock.moveDay","days":\#(seq % 3 == 0 ? -1 : 1)}"#
      text += "\n"
    }
    try Data(text.utf8).write(to: url)
  }

  /// The peak resident size, in bytes, of `uniflow replay LOG arguments`, by `/usr/bin/time`.
  private static func peak(_ log: URL, _ arguments: String, in folder: URL) async throws -> Int {
    let result = try await ShellCommand.run(
      "/usr/bin/time -f 'peak %M' '\(UniflowBinary.url.path)' replay '\(log.path)' \(arguments) "
        + "> /dev/null",
      in: folder)
    #expect(result.status == 0, "\(result.output)")
    let line = try #require(result.output.split(separator: "\n").last { $0.hasPrefix("peak ") })
    return try #require(Int(line.dropFirst(5))) * 1024
  }

  @Test(
    "a log of 30,000 actions takes no more memory than one of 300, in each variant",
    arguments: ["--skip 5", "--skip 5 --diff", "--emit-test"])
  func flatMemory(arguments: String) async throws {
    try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/time"))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "uniflow-memory-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let short = folder.appendingPathComponent("short.log")
    let long = folder.appendingPathComponent("long.log")
    try Self.log(300, at: short)
    try Self.log(30_000, at: long)
    let small = try await Self.peak(short, arguments, in: folder)
    let large = try await Self.peak(long, arguments, in: folder)
    #expect(large - small < Self.growthBound, "\(small) → \(large) bytes")
  }
}
