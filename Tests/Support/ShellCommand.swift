import Foundation
import Store

/// Runs a command line with bash, for tests of documented examples and of the built binary
/// outside its build folder: stdout and stderr go to one pipe, in the order they were written.
///
/// ```swift
/// let result = try await ShellCommand.run(
///   "printf 'tomorrow\\n' | uniflow --offline", in: folder, environment: ["TZ": "Asia/Seoul"])
/// #expect(result.output.hasPrefix("clock: "))
/// ```
public enum ShellCommand {
  /// What a command printed, stdout and stderr interleaved, and its exit status.
  public struct Result: Sendable {
    /// The exit status of bash, which is that of the command's last pipeline.
    public let status: Int32
    /// Everything the command wrote to stdout and stderr, in the order it was written.
    public let output: String
  }

  /// Runs `command` with `/bin/bash -c` in `directory`, stdin empty, with the test process's
  /// environment changed by `environment`, killing it after `timeout` seconds.
  ///
  /// The wait happens on a thread of its own (``offThePool(_:)``), holding one of the
  /// ``ProcessSlots``, so a test running commands holds no thread another test needs.
  public static func run(
    _ command: String, in directory: URL, environment: [String: String] = [:],
    timeout: Double = 120
  ) async throws -> Result {
    try await withProcessSlot {
      try await offThePool {
        try runBlocking(command, in: directory, environment: environment, timeout: timeout)
      }
    }
  }

  private static func runBlocking(
    _ command: String, in directory: URL, environment: [String: String], timeout: Double
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem {
      kill(-pid, SIGKILL)  // the command's process group, if bash leads one
      kill(pid, SIGKILL)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    let data = Locked(Data())
    let group = DispatchGroup()
    group.enter()
    Thread {
      let all = output.fileHandleForReading.readDataToEndOfFile()
      data.withLock { $0 = all }
      group.leave()
    }.start()
    group.wait()
    process.waitUntilExit()
    watchdog.cancel()
    return Result(
      status: process.terminationStatus, output: String(decoding: data.value, as: UTF8.self))
  }
}
