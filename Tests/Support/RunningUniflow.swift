import Foundation
import Store

#if canImport(Glibc)
  import Glibc
#endif

/// The built `uniflow` binary running with a stdin pipe the test keeps open, for tests that
/// act while it runs — feed a line, watch a file, kill it.
///
/// ```swift
/// let running = try RunningUniflow(["--record", path])
/// running.send("tomorrow\n")
/// try await waitUntil("the log has 3 lines") { lineCount(path) >= 3 }
/// await running.kill()   // SIGKILL, as a crash would
/// ```
public final class RunningUniflow: Sendable {
  private let process: Process
  private let stdin: Pipe
  private let output = Locked(Data())

  /// Starts `uniflow arguments` with `environment` added to the test's own (minus
  /// `UNIFLOW_FIXED_NOW`, unless given).
  public init(_ arguments: [String], environment: [String: String] = [:]) throws {
    process = Process()
    process.executableURL = UniflowBinary.url
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["UNIFLOW_FIXED_NOW"] = nil
    for (name, value) in environment { env[name] = value }
    process.environment = env
    stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    let output = self.output
    stdout.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      output.withLock { $0.append(data) }
    }
    try process.run()
  }

  /// Writes `text` to the process's stdin.
  public func send(_ text: String) {
    ChildInput.write(Data(text.utf8), to: stdin.fileHandleForWriting)
  }

  /// What the process has printed on stdout so far.
  public var stdout: String { String(decoding: output.value, as: UTF8.self) }

  /// Kills the process with SIGKILL — no chance to clean up — and waits until it is gone.
  public func kill() async {
    Glibc.kill(process.processIdentifier, SIGKILL)
    let process = self.process
    try? await offThePool { process.waitUntilExit() }
    try? stdin.fileHandleForWriting.close()
  }

  /// How the process ended: the signal's number if it was killed.
  public var terminationStatus: Int32 { process.terminationStatus }

  deinit {
    if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
  }
}

/// Polls `condition` until it holds, or throws once `seconds` have passed, without blocking a
/// thread: for waiting on another thread or process (a request reaching a ``LoopbackServer``, a
/// line in a file another process writes), where there is nothing to await.
///
/// ```swift
/// try await waitUntil("the server got the request") { server.requests.count == 1 }
/// ```
///
/// The default limit is long (300 s) because it only bounds a failure: under the thread
/// sanitizer on two cores, long synchronous tests can hold Dispatch's global threads, which
/// URLSession shares, for over 30 s (a clean-clone CI run timed out a request that had not yet
/// reached the loopback server after 30 s). A condition that holds ends the wait at once.
public func waitUntil(
  _ what: String, seconds: Double = 300, _ condition: () throws -> Bool
) async throws {
  let deadline = Date().addingTimeInterval(seconds)
  while try !condition() {
    guard Date() < deadline else { throw WaitTimedOut(what: what, seconds: seconds) }
    try await Task.sleep(for: .milliseconds(2))  // between polls, not for synchronisation
  }
}

/// `waitUntil` ran out of time.
public struct WaitTimedOut: Error, CustomStringConvertible {
  public let what: String
  public let seconds: Double
  public var description: String { "timed out after \(seconds) s waiting until \(what)" }
}

/// Runs blocking work (waiting for a process, reading a pipe to its end) on a thread of its own
/// and awaits its result. Not on the cooperative pool, whose threads are as many as CI's two
/// cores, and not on Dispatch's global queues, which the HTTP client and URLSession need and
/// which Linux's libdispatch also sizes to the cores: two blocked threads there stall the run.
///
/// ```swift
/// let status = try await offThePool { process.waitUntilExit(); return process.terminationStatus }
/// ```
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value)
  async throws -> Value
{
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}

/// Runs `body` in this task but on a thread of its own, not on the cooperative pool: for a test
/// that computes for seconds without awaiting. The pool has as many threads as CI has cores
/// (two), and a test that holds one for ten seconds starves every test waiting on an effect or
/// a process (one of them failed its time limit that way). Unlike ``offThePool(_:)``, `body`
/// runs inside the test's task, so `#expect` and `Issue.record` in it belong to the test.
///
/// ```swift
/// @Test func manyStates() async {
///   await onThreadOfItsOwn { for state in states { #expect(roundTrip(state) == state) } }
/// }
/// ```
public func onThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value)
  async throws -> Value
{
  // An unstructured task inherits the test's task-locals (`Test.current`), and a task made
  // with an executor preference runs its nonisolated body there.
  try await Task(executorPreference: ThreadPerJobExecutor()) { try body() }.value
}

/// ``onThreadOfItsOwn(_:)`` for work that cannot throw.
///
/// ```swift
/// let count = await onThreadOfItsOwn { states.filter(isValid).count }
/// ```
public func onThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async
  -> Value
{
  await Task(executorPreference: ThreadPerJobExecutor()) { body() }.value
}

/// A task executor that runs each job it is given on a new thread, which ends with the job.
private final class ThreadPerJobExecutor: TaskExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    Thread {
      Thread.current.threadDictionary[ownThreadKey] = true
      job.runSynchronously(on: executor)
    }.start()
  }
}

/// The key that marks the threads ``onThreadOfItsOwn(_:)`` makes.
private let ownThreadKey = "uniflow-tests.thread-of-its-own"

/// Whether this code runs on a thread ``onThreadOfItsOwn(_:)`` made.
///
/// ```swift
/// #expect(await onThreadOfItsOwn { isOnThreadOfItsOwn })
/// ```
public var isOnThreadOfItsOwn: Bool {
  Thread.current.threadDictionary[ownThreadKey] as? Bool == true
}
