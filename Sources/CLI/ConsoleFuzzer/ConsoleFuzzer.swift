import ActionLog
import Console
import Foundation
import FuzzSupport
import Store

#if canImport(Glibc)
  import Glibc
#endif

/// libFuzzer's entry point for the console on another app: every input, as a log of
/// ``ShelfApp``, goes through `replay` (plain, `--verify`, `--diff`, `--skip 1,2 --diff`,
/// `--emit-test`) and `shrink` with a small budget, each of which must end with a status of 0, 1
/// or 2 and its messages; and each of its lines, as typed at the REPL, goes through the command
/// grammar (commands, `:` commands, actions typed as Swift), the typed syntax's reading into
/// the app's actions (through `init(from:)` and through the derived lines' templates), and Tab's
/// completion. Nothing may trap or hang; any other status stops the run as a crash.
///
/// Build and run with `scripts/fuzz-console.sh SECONDS`, seeded by logs this target records
/// itself (`ConsoleFuzzer --seeds DIR`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConsole(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  if let problem = FuzzedFiles.write(UnsafeBufferPointer(start: data, count: size)) {
    // The fuzzer's own file cannot be written (a full disk): not the input's fault.
    FileHandle.standardError.write(Data("ConsoleFuzzer: \(problem); input skipped\n".utf8))
    return 0
  }
  // libFuzzer calls this on the main thread, where the console's tools run.
  _ = MainActor.assumeIsolated { FuzzedFiles.runTools() }
  FuzzedLines.run(String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
  return 0
}

/// The input's lines as typed at the REPL.
enum FuzzedLines {
  static func run(_ text: String) {
    let app = ShelfApp()
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64) {
      let line = String(line)
      switch Result(catching: { () throws(CommandError) in try app.command(line) }) {
      case .success: break
      case .failure(let error): _ = error.description
      }
      _ = try? LineTemplates.decode(Shelf.Action.self, line)
      _ = try? ValueSyntaxDecoder.decode(Shelf.Action.self, from: line)
      _ = app.completion(of: line)
    }
  }
}

/// The files one fuzzing process works in: in a directory of its own in the temporary
/// directory, the input never written through a link (``FuzzInputFile``).
enum FuzzedFiles {
  static let input = FuzzInputFile(prefix: "uniflow-console-fuzzer", name: "input.log")
  static var log: String { input.path }
  static var shrunk: String { input.sibling("shrunk.log") }

  /// Writes `bytes` as the log; why it could not, or nil.
  static func write(_ bytes: some Collection<UInt8>) -> String? { input.write(bytes) }

  /// Runs every tool on ``log`` and returns their statuses; a status outside 0…2 stops the
  /// process, as a finding.
  @MainActor
  static func runTools() -> [Int32] {
    let app = ShelfApp()
    let console = DiscardingConsole()
    let requests = [
      ReplayRequest(path: log),
      ReplayRequest(path: log, trace: true, verify: true),
      ReplayRequest(path: log, diff: true),
      ReplayRequest(path: log, diff: true, skip: [1, 2]),
      ReplayRequest(path: log, emitTest: ""),
    ]
    var statuses = requests.map { request in
      check(ConsoleReplay(app).run(request, console: console), "replay \(request)")
    }
    let shrink = ShrinkRequest(
      path: log, pattern: "items: .*(a|b)+x", output: shrunk, force: true, maxReplays: 64,
      timeout: 5)
    statuses.append(check(ConsoleShrink(app).run(shrink, console: console), "shrink"))
    unlink(shrunk)
    return statuses
  }

  private static func check(_ status: Int32, _ what: String) -> Int32 {
    // Why a trap is right here: this runs only in the fuzzing executable, never in a library a
    // user links; the console's tools end with 0, 1 or 2 by contract (ConsoleReplay.run,
    // ConsoleShrink.run), so any other status is a bug the fuzzer found, and libFuzzer keeps an
    // input as a crash file only when the process stops on it.
    if !(0...2).contains(status) { fatalError("\(what) ended with status \(status)") }
    return status
  }
}

/// A console that prints nothing: the fuzzer judges by status and by surviving.
@MainActor
final class DiscardingConsole: Console {
  func output(_ line: TerminalText) { _ = line.description }
  func error(_ line: TerminalText) { _ = line.description }
}

#if !FUZZING
  /// Without libFuzzer (a plain `swift build`), the target still links: `--seeds DIR` records
  /// seed logs of ``Shelf`` into DIR; any other argument is a file (a crash file, a seed) run
  /// through every tool.
  @main
  enum ConsoleFuzzerMain {
    static func main() async throws {
      let arguments = Array(CommandLine.arguments.dropFirst())
      if arguments.first == "--seeds", arguments.count == 2 {
        try await ShelfSeeds.record(into: arguments[1])
        return
      }
      for path in arguments {
        guard let data = FileManager.default.contents(atPath: path) else {
          print("\(path): cannot read")
          continue
        }
        if let problem = FuzzedFiles.write(data) {
          print("\(path): \(problem)")
          continue
        }
        let statuses = FuzzedFiles.runTools().map(String.init).joined(separator: " ")
        print(
          "\(path): replay, --verify --trace, --diff, --skip 1,2 --diff, --emit-test, shrink: "
            + statuses)
      }
    }
  }
#endif
