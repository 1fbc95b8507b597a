import ActionLog
import AppLog
import Console
import Features
import Foundation
import PropertyTesting
import Store
import UniflowConsole

/// Time travel and shrinking, measured: `:goto`, `:back` and `:forward` in a session of
/// 100,000 of the app's mixed actions (``AppActionSamples``), through the REPL's own command
/// handling, screens included; and `uniflow shrink` of a 10,000-action log with a 3-action core.
@MainActor
enum TravelBench {
  struct Figures {
    var actions: Int
    var checkpointInterval: Int
    var checkpoints: Int
    /// Milliseconds per travel command: median and slowest of each kind.
    var gotoMedianMs: Double
    var gotoMaxMs: Double
    var backMaxMs: Double
    var forwardMaxMs: Double
    /// How much the process's resident memory grew while the session was built: what the
    /// session's history, checkpoints included, holds.
    var sessionResidentBytes: Int
    var shrinkActions: Int
    var shrunkTo: Int
    var shrinkReplays: Int
    var shrinkSeconds: Double
    /// Bytes of resident memory per action a REPL session of typed commands holds, at 100,000
    /// and at 1,000,000 actions (flat when the per-action cost is constant).
    var historyBytesPerAction100k: Double
    var historyBytesPerAction1M: Double
    /// What the history itself accounts for per action at 1,000,000: its 4-byte entries and
    /// its distinct actions, checkpoints aside.
    var historyActionBytesPerAction1M: Double
  }

  static func run(actions count: Int = 100_000) async throws -> Figures {
    let session = BenchSession.make(console: BenchConsole(), dependencies: { _ in })
    let residentBefore = residentBytes()
    var samples = AppActionSamples(seed: 7)
    for _ in 0..<count {
      session.store.send(samples.next()!)
      session.store.cancelAllEffects()  // their answers are among the samples already
    }
    let held = max(0, residentBytes() - residentBefore)
    var random = SplitMix64(seed: 11)
    var gotos: [Double] = []
    for number in 1...200 {
      let target = random.below(count + 1)
      gotos.append(try await time(session, ":goto \(target)", number))
    }
    _ = try await time(session, ":goto \(count)", 0)
    var backs: [Double] = []
    var forwards: [Double] = []
    for number in 1...50 { backs.append(try await time(session, ":back", number)) }
    for number in 1...50 { forwards.append(try await time(session, ":forward", number)) }
    let shrink = try measureShrink()
    let history100k = measureHistory(actions: 100_000)
    let history1M = measureHistory(actions: 1_000_000)
    gotos.sort()
    return Figures(
      actions: count, checkpointInterval: 1000, checkpoints: count / 1000 + 1,
      gotoMedianMs: gotos[gotos.count / 2], gotoMaxMs: gotos.last ?? 0,
      backMaxMs: backs.max() ?? 0, forwardMaxMs: forwards.max() ?? 0, sessionResidentBytes: held,
      shrinkActions: shrink.actions, shrunkTo: shrink.core, shrinkReplays: shrink.replays,
      shrinkSeconds: shrink.seconds, historyBytesPerAction100k: history100k.resident,
      historyBytesPerAction1M: history1M.resident,
      historyActionBytesPerAction1M: history1M.accounted)
  }

  /// A REPL session of `count` typed commands from a small vocabulary (moving the clock,
  /// showing the dog): the resident memory it grew by, and the history's own account of its
  /// actions, per action.
  private static func measureHistory(actions count: Int) -> (resident: Double, accounted: Double) {
    let session = BenchSession.make(console: BenchConsole(), dependencies: { _ in })
    let vocabulary: [AppAction] = [
      .clock(.moveDay(1)), .clock(.moveDay(-1)), .dog(.show(nil)), .clock(.moveDay(7)),
    ]
    let residentBefore = residentBytes()
    for index in 0..<count {
      session.history.beginTypedCommand()
      session.store.send(vocabulary[index % vocabulary.count])
    }
    let grown = Double(max(0, residentBytes() - residentBefore))
    return (grown / Double(count), Double(session.history.actionBytes) / Double(count))
  }

  /// The process's resident memory now (`VmRSS` in /proc/self/status), in bytes.
  private static func residentBytes() -> Int {
    let status = ProcFile.read("/proc/self/status") ?? ""
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = line.split(separator: " ").compactMap({ Int($0) }).first
    else { return 0 }
    return kilobytes * 1024
  }

  /// Milliseconds `session` takes to handle `line`.
  private static func time(_ session: ConsoleSession<UniflowApp>, _ line: String, _ number: Int)
    async throws
    -> Double
  {
    let clock = ContinuousClock()
    let hadErrors = session.hadErrors
    let start = clock.now
    _ = await session.handle(line, number: number)
    let elapsed = clock.now - start
    if session.hadErrors, !hadErrors { throw BenchError("'\(line)' failed") }
    return ActionLogBenchmark.seconds(elapsed) * 1000
  }

  /// `uniflow shrink` in process on a 10,000-action log of clock and dog actions with the three
  /// weather actions that show Busan's weather planted in it.
  private static func measureShrink() throws -> (
    actions: Int, core: Int, replays: Int, seconds: Double
  ) {
    let path = ActionLogBenchmark.temporaryPath()
    let output = ActionLogBenchmark.temporaryPath()
    defer {
      unlink(path)
      unlink(output)
    }
    let actions = ShrinkWorkload.actions(count: 10_000, seed: 3)
    try ShrinkWorkload.write(actions, to: path)
    let console = BenchConsole()
    let clock = ContinuousClock()
    let start = clock.now
    let status = ConsoleShrink(UniflowApp()).run(
      ShrinkRequest(path: path, pattern: "Busan .* Overcast", screen: "weather", output: output),
      console: console)
    let seconds = ActionLogBenchmark.seconds(clock.now - start)
    guard status == 0, let summary = console.outputs.first else {
      throw BenchError("shrink failed: \(console.errors.joined(separator: "; "))")
    }
    // "10003 actions → 3 actions in 57 replays"
    let numbers = summary.split(separator: " ").compactMap { Int($0) }
    guard numbers.count == 3 else { throw BenchError("shrink printed '\(summary)'") }
    return (numbers[0], numbers[1], numbers[2], seconds)
  }
}

/// Keeps what a command prints, for the bench to read its summary.
@MainActor
final class BenchConsole: Console {
  private(set) var outputs: [String] = []
  private(set) var errors: [String] = []

  func output(_ line: TerminalText) { outputs.append(line.description) }
  func error(_ line: TerminalText) { errors.append(line.description) }
  func screen(_ name: String, text: String) {}
}

/// A bench that could not measure, and why.
struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
