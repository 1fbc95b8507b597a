import Console
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `uniflow bench …` runs `uniflow-bench …`: the benchmarks are a program of their own, so that
/// the app's binary carries none of them. It is looked for beside this binary (where
/// `swift build` and `scripts/install.sh` put both).
///
/// ```sh
/// uniflow bench --only replay     # the same as: uniflow-bench --only replay
/// ```
enum BenchForwarding {
  /// Replaces this process with `uniflow-bench` and `arguments`; returns the exit status when
  /// there is none to run, after saying how to build it.
  static func run(_ arguments: [String]) -> Int32 {
    let directory = (executablePath() as NSString).deletingLastPathComponent
    let bench = (directory as NSString).appendingPathComponent("uniflow-bench")
    guard FileManager.default.isExecutableFile(atPath: bench) else {
      StandardStreams.write(
        "uniflow: the benchmarks are the program uniflow-bench, and there is none beside this "
          + "binary (\(directory)); build it with: swift build -c release --product uniflow-bench\n",
        to: .error)
      return 2
    }
    fflush(nil)
    let argv = ([bench] + arguments).map { strdup($0) } + [nil]
    execv(bench, argv)
    StandardStreams.write(
      "uniflow: could not run \(bench): \(String(cString: strerror(errno)))\n", to: .error)
    return 2
  }

  /// The running binary's path, through `/proc/self/exe` (the path it was started by may be
  /// relative, or a link).
  private static func executablePath() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  }
}
