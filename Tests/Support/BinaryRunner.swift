import Foundation
import Store

/// Runs the built `uniflow` binary with arguments, stdin and environment, for end-to-end tests.
///
/// ```swift
/// let result = try await UniflowBinary.run(["--offline"], input: "moveDay -1\n")
/// #expect(result.status == 0)
/// ```
public enum UniflowBinary {
  /// What a run printed and how it ended.
  public struct Result: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    /// Non-empty stdout lines.
    public var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    /// Non-empty stderr lines.
    public var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
    /// The stdout lines of one screen, e.g. every `clock: …` line, in order.
    public func lines(of screen: String) -> [String] {
      lines.filter { $0.hasPrefix(screen + ": ") }
    }
  }

  /// The binary next to the test bundle in the build directory.
  public static var url: URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("uniflow")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: ".build/debug/uniflow")
  }

  /// Runs `uniflow arguments` (or the copy of it at `binary`) with `input` on stdin (a pipe, so
  /// script mode), waiting at most `timeout` seconds before killing it.
  public static func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:],
    timeout: Double = 60, binary: URL? = nil
  ) async throws -> Result {
    try await run(
      arguments, inputBytes: Data(input.utf8), environment: environment, timeout: timeout,
      binary: binary)
  }

  /// Runs `uniflow arguments` with raw bytes on stdin: for input that is not valid UTF-8.
  ///
  /// The waits for the process and its pipes happen on threads of their own (see
  /// ``offThePool(_:)``), so a test running the binary holds no thread another test needs, and
  /// the run waits for one of the ``ProcessSlots`` first.
  public static func run(
    _ arguments: [String], inputBytes input: Data, environment: [String: String] = [:],
    timeout: Double = 60, binary: URL? = nil
  ) async throws -> Result {
    try await withProcessSlot {
      try await offThePool {
        try runBlocking(
          binary ?? url, arguments, input: input, environment: environment, timeout: timeout)
      }
    }
  }

  private static func runBlocking(
    _ binary: URL, _ arguments: [String], input: Data, environment: [String: String],
    timeout: Double
  ) throws -> Result {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["UNIFLOW_FIXED_NOW"] = nil
    for (name, value) in environment { env[name] = value }
    process.environment = env
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let watchdog = DispatchWorkItem { [process] in process.terminate() }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    let outData = Locked(Data())
    let errData = Locked(Data())
    let group = DispatchGroup()
    for (pipe, box) in [(stdout, outData), (stderr, errData)] {
      group.enter()
      Thread {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        box.withLock { $0 = data }
        group.leave()
      }.start()
    }
    ChildInput.write(input, to: stdin.fileHandleForWriting)
    try? stdin.fileHandleForWriting.close()
    group.wait()
    process.waitUntilExit()
    watchdog.cancel()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: outData.value, as: UTF8.self),
      stderr: String(decoding: errData.value, as: UTF8.self))
  }
}
