import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program to completion with stdin from /dev/null and output discarded, and reports
/// what the bench wants to know of it: wall time, peak memory, exit status.
enum ChildProcess {
  struct Outcome {
    var milliseconds: Double
    /// The child's own peak resident set size, in bytes (`ru_maxrss` from `wait4`).
    var peakResidentBytes: Int
    var status: Int32
  }

  /// The `uniflow` binary the bench measures: the one beside the running `uniflow-bench` (where
  /// `swift build` and `scripts/build-release.sh` put both).
  static func uniflowExecutable() -> String {
    let current =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return ((current as NSString).deletingLastPathComponent as NSString)
      .appendingPathComponent("uniflow")
  }

  /// Runs `executable` with `arguments`; nil if it could not be started.
  static func run(_ executable: String, _ arguments: [String]) -> Outcome? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { return nil }
    let end = DispatchTime.now().uptimeNanoseconds
    return Outcome(
      milliseconds: Double(end - start) / 1_000_000, peakResidentBytes: usage.ru_maxrss * 1024,
      status: (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f))
  }
}
