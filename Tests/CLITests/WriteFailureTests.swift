import ActionLog
import AppLog
import Features
import Foundation
import TestSupport
import Testing

/// What the built binary does when what it writes cannot be written — standard output full or
/// closed, a file past the size limit (`ulimit -f`) — and when a signal ends it while it writes
/// a file: it says so and exits non-zero, and leaves no half-written file behind.
@Suite("Writes that fail, and signals mid-write, leave a message and no debris")
struct WriteFailureTests {
  /// A folder of its own holding `s.log`, a recorded session of the demo app.
  private struct Folder {
    let root: URL

    init(actions: Int = 40) throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "uniflow-writes-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      try Self.record(actions, to: root.appendingPathComponent("s.log").path)
    }

    /// A log of `count` of the app's sampled actions, in UTC.
    static func record(_ count: Int, to path: String) throws {
      let reducer = AppReducer()
      var state = AppState(timeZone: .gmt)
      let recorder = try ActionLogRecorder<AppState, AppAction>(
        path: path, settings: [LogSetting("timeZone", "UTC")], state: state)
      for action in AppActionSamples(seed: 7).prefix(count) {
        _ = reducer.reduce(into: &state, action: action)
        try recorder.record(action, origin: .sent, state: state)
      }
      try recorder.finish(state: state)
    }

    func contents() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  private var uniflow: String { "'\(UniflowBinary.url.path)'" }

  @Test(
    "standard output full or closed: every command says so on standard error and exits 2",
    arguments: [
      "replay s.log --emit-test > /dev/full",
      "replay s.log > /dev/full",
      "replay s.log --diff > /dev/full",
      "replay s.log --trace > /dev/full",
      "printf 'tomorrow\\n' | UNIFLOW --offline > /dev/full",
      "--help > /dev/full",
      "replay s.log --emit-test >&-",
      "printf 'tomorrow\\n' | UNIFLOW --offline >&-",
    ])
  func fullOrClosedOutput(command: String) async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let line =
      command.contains("UNIFLOW")
      ? command.replacingOccurrences(of: "UNIFLOW", with: uniflow) : "\(uniflow) \(command)"
    let result = try await ShellCommand.run(line + "; echo \"status $?\"", in: folder.root)
    let reason = command.hasSuffix("&-") ? "it is closed" : "No space left on device"
    #expect(
      result.output.hasSuffix(
        "uniflow: cannot write to standard output: \(reason); what was printed is incomplete\n"
          + "status 2\n"),
      "\(result.output)")
  }

  @Test("--record past the file-size limit reports it, leaves no empty log, and a retry works")
  func recordPastTheLimit() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    // Limit 0: the header itself cannot be written.
    let limited = try await ShellCommand.run(
      "ulimit -f 0; printf 'tomorrow\\n' | \(uniflow) --offline --record r.log; "
        + "echo \"status $?\"",
      in: folder.root)
    #expect(
      limited.output
        == "uniflow: r.log: cannot write: File too large (the limit on a file's size, ulimit -f, "
        + "is reached)\nstatus 2\n")
    #expect(try folder.contents() == ["s.log"])
    // A limit reached mid-session: the session goes on, the recording stops saying why.
    let later = try await ShellCommand.run(
      "ulimit -f 1; for i in $(seq 60); do echo tomorrow; done | "
        + "\(uniflow) --offline --record r.log > /dev/null; echo \"status $?\"",
      in: folder.root)
    #expect(
      later.output.hasSuffix(
        "error: recording stopped: r.log: cannot write: File too large (the limit on a file's "
          + "size, ulimit -f, is reached)\nstatus 1\n"),
      "\(later.output)")
    try FileManager.default.removeItem(at: folder.root.appendingPathComponent("r.log"))
    let retry = try await ShellCommand.run(
      "printf 'tomorrow\\n' | \(uniflow) --offline --record r.log > /dev/null; echo \"status $?\"",
      in: folder.root)
    #expect(retry.output == "status 0\n")
    #expect(try folder.contents() == ["r.log", "s.log"])
  }

  @Test("shrink --output past the file-size limit reports it and leaves no cut-off log")
  func shrinkPastTheLimit() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let result = try await ShellCommand.run(
      "ulimit -f 0; \(uniflow) shrink s.log --until clock --output out.log; echo \"status $?\"",
      in: folder.root)
    #expect(
      result.output
        == "uniflow: out.log: cannot write: File too large (the limit on a file's size, ulimit -f, "
        + "is reached)\nstatus 2\n")
    #expect(try folder.contents() == ["s.log"])
  }

  @Test(
    "SIGTERM, SIGINT or SIGHUP while --emit-test FILE writes leaves FILE as it was and nothing else",
    arguments: ["TERM", "INT", "HUP"])
  func signalMidEmission(signal: String) async throws {
    let folder = try Folder(actions: 20_000)
    defer { folder.remove() }
    try Data("// an earlier test\n".utf8).write(to: folder.root.appendingPathComponent("T.swift"))
    // The signal goes once the test's file is open — a file of its own that has no name yet —
    // and before the replay has finished writing it (a log of 20,000 actions). Job control on
    // (`set -m`): a job in the background of a shell without it starts with SIGINT ignored.
    let result = try await ShellCommand.run(
      """
      set -m
      \(uniflow) replay s.log --emit-test T.swift & pid=$!
      until ls -l /proc/$pid/fd 2>/dev/null | grep -q '(deleted)'; do
        kill -0 $pid 2>/dev/null || break
      done
      kill -\(signal) $pid
      wait $pid
      echo "status $?"
      """,
      in: folder.root)
    let number = ["TERM": 15, "INT": 2, "HUP": 1][signal]!
    // After bash's own word on the job (`Terminated`, `Hangup`).
    #expect(result.output.hasSuffix("status \(128 + number)\n"), "\(result.output)")
    #expect(try folder.contents() == ["T.swift", "s.log"])
    #expect(
      try String(contentsOf: folder.root.appendingPathComponent("T.swift"), encoding: .utf8)
        == "// an earlier test\n")
  }
}
