import AppLog
import Foundation
import FuzzSupport

/// libFuzzer's entry point for the action log: every input, as a log file, must replay —
/// verifying, tracing, stopping early — to its screens or to a one-line error, never trap; and
/// each of its lines that reads as an action or a state must survive writing and reading again
/// (``AppLogSelfCheck``). A broken round trip stops the run as a crash, with the line.
///
/// Build and run with `scripts/fuzz-log.sh SECONDS`, seeded from the recorded logs in
/// `Tests/Fuzz/seeds/logs`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzActionLog(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
    if let broken = AppLogSelfCheck.roundTrip(line: Array(line)) {
      // Why a trap is right here: this runs only in the fuzzing executable, never in a library
      // a user links; a line that does not survive writing and reading again is a bug the
      // fuzzer found, and libFuzzer keeps an input as a crash file only when the process stops
      // on it, so stopping here is how it is reported, with its reason.
      fatalError("round trip broken: \(broken)")
    }
  }
  if let problem = FuzzedLog.write(bytes) {
    // The fuzzer's own file cannot be written (a full disk): not the input's fault, so no
    // crash file; this input's replay is skipped and the run goes on.
    FileHandle.standardError.write(Data("LogFuzzer: \(problem); input skipped\n".utf8))
    return 0
  }
  _ = AppLogSelfCheck.replay(path: FuzzedLog.path, modes: fuzzedModes)
  return 0
}

/// Two replays an input, between them every mode's code: verifying while tracing to the end,
/// and verifying up to seq 2 while the reading thread reads on.
let fuzzedModes: [AppLogSelfCheck.ReplayMode] = [.verifiedTrace, .verifiedUntil]

/// The file each input is written to, to be replayed as a log: one per process, in a directory
/// of its own in the temporary directory, never written through a link (``FuzzInputFile``).
enum FuzzedLog {
  static let file = FuzzInputFile(prefix: "uniflow-log-fuzzer", name: "input.log")
  static var path: String { file.path }

  /// Writes `bytes` to ``path``; why it could not, or nil.
  static func write(_ bytes: [UInt8]) -> String? { file.write(bytes) }
}

#if !FUZZING
  /// Without libFuzzer (a plain `swift build`), the target still links: this `main` runs the
  /// checks on each file named on the command line — a crash file, a seed — and prints how each
  /// mode of replay ended.
  @main
  enum LogFuzzerMain {
    static func main() {
      for path in CommandLine.arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
          print("\(path): cannot read")
          continue
        }
        let bytes = [UInt8](data)
        _ = bytes.withUnsafeBufferPointer { buffer in
          buffer.baseAddress.map { fuzzActionLog($0, buffer.count) }
        }
        if let problem = FuzzedLog.write(bytes) {
          print("\(path): \(problem)")
          continue
        }
        for outcome in AppLogSelfCheck.replay(path: FuzzedLog.path) {
          print("\(path): \(outcome)")
        }
      }
      if CommandLine.arguments.count < 2 {
        print("LogFuzzer: build with scripts/fuzz-log.sh to fuzz the action log's reader")
      }
    }
  }
#endif
