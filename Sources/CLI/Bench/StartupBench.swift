import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The startup figures: `uniflow` itself, started on an empty script, from spawn to exit.
enum StartupBench {
  struct Figures {
    /// Median milliseconds for each measured command line, keyed by a short name.
    var medians: [(name: String, arguments: [String], milliseconds: Double)]
  }

  /// Spawns this executable with each argument list `runs` times (stdin /dev/null, output
  /// discarded) and takes the median wall time of each.
  static func run(_ variants: [(name: String, arguments: [String])], runs: Int = 21) -> Figures {
    let executable = currentExecutable()
    var medians: [(String, [String], Double)] = []
    for variant in variants {
      var times: [Double] = []
      _ = spawnAndWait(executable, variant.arguments)  // warm the page cache
      for _ in 0..<runs {
        if let ms = spawnAndWait(executable, variant.arguments) { times.append(ms) }
      }
      times.sort()
      medians.append(
        (variant.name, variant.arguments, times.isEmpty ? .nan : times[times.count / 2]))
    }
    return Figures(medians: medians)
  }

  /// The path of the running binary.
  static func currentExecutable() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  }

  /// Milliseconds from spawn to exit, or nil if the command could not run or failed.
  private static func spawnAndWait(_ executable: String, _ arguments: [String]) -> Double? {
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
    guard waitpid(pid, &status, 0) == pid else { return nil }
    let end = DispatchTime.now().uptimeNanoseconds
    guard status == 0 else { return nil }
    return Double(end - start) / 1_000_000
  }
}
