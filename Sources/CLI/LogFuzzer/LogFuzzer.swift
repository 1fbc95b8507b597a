import AppLog
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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
      fatalError("round trip broken: \(broken)")
    }
  }
  FuzzedLog.write(bytes)
  _ = AppLogSelfCheck.replay(path: FuzzedLog.path, modes: fuzzedModes)
  return 0
}

/// Two replays an input, between them every mode's code: verifying while tracing to the end,
/// and verifying up to seq 2 while the reading thread reads on.
let fuzzedModes: [AppLogSelfCheck.ReplayMode] = [.verifiedTrace, .verifiedUntil]

/// The file each input is written to, to be replayed as a log: one per process, in the
/// temporary directory.
enum FuzzedLog {
  static let path = NSTemporaryDirectory() + "uniflow-log-fuzzer-\(getpid()).log"

  static func write(_ bytes: [UInt8]) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { fatalError("cannot write \(path): errno \(errno)") }
    defer { close(descriptor) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset)
      }
      guard written > 0 else { fatalError("cannot write \(path): errno \(errno)") }
      offset += written
    }
  }
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
        FuzzedLog.write(bytes)
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
