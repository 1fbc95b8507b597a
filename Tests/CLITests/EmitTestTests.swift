import Foundation
import TestSupport
import Testing

@testable import CLI

/// `uniflow replay LOG --emit-test`: the tests in Tests/EmittedTests are what it writes for the
/// logs in Tests/EmittedTests/Logs, byte for byte (scripts/emit-tests.sh writes them again).
@MainActor
@Suite("Sessions emitted as tests")
struct EmitTestTests {
  private static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("EmittedTests")

  private func emit(_ arguments: [String]) throws -> (Int32, RecordingConsole) {
    guard case .replay(let request) = try Options.parse(["replay"] + arguments).mode else {
      throw UsageError("not a replay")
    }
    let console = RecordingConsole()
    return (ReplayCommand.run(request, console: console), console)
  }

  @Test(
    "every fixture log emits exactly its committed test",
    arguments: ["cancel", "clock", "dog", "inflight", "travel", "weather"])
  func goldenFiles(name: String) throws {
    let log = Self.directory.appendingPathComponent("Logs/\(name).log").path
    let golden = Self.directory.appendingPathComponent(
      name.prefix(1).uppercased() + name.dropFirst() + "Session.swift")
    let (status, console) = try emit([log, "--emit-test"])
    #expect(status == 0, "\(console.errors)")
    let committed = try String(contentsOf: golden, encoding: .utf8)
    let emitted = (console.outputs.joined(separator: "\n") + "\n")
      .replacingOccurrences(of: "uniflow replay \(log)", with: "uniflow replay \(name).log")
    #expect(
      emitted == committed,
      "Tests/EmittedTests/\(golden.lastPathComponent) is out of date: run scripts/emit-tests.sh")
  }

  @Test("--emit-test FILE writes the file, and replaces only a file it wrote before")
  func writesFiles() throws {
    let log = Self.directory.appendingPathComponent("Logs/clock.log").path
    let file = TemporaryFile("Emitted.swift")
    defer { file.remove() }
    let (first, _) = try emit([log, "--emit-test", file.path])
    #expect(first == 0)
    #expect(file.lines().contains { $0.hasPrefix("func clockLog() async") })
    let (again, _) = try emit([log, "--emit-test", file.path])
    #expect(again == 0)
    try file.write("struct Mine {}\n")
    let (refused, console) = try emit([log, "--emit-test", file.path])
    #expect(refused == 2)
    #expect(
      console.errors == [
        "uniflow: \(file.path) exists and was not written by --emit-test; choose another file"
      ])
    #expect(file.lines() == ["struct Mine {}"])
  }

  @Test("a file name becomes a Swift identifier")
  func identifiers() {
    #expect(TestEmitter.identifier("bug-42.log") == "bug42Log")
    #expect(TestEmitter.identifier("session.log") == "sessionLog")
    #expect(TestEmitter.identifier("2026 crash.LOG") == "log2026CrashLog")
    #expect(TestEmitter.identifier("서울.log") == "log")
  }
}
