import Foundation

/// The startup figures: `uniflow` itself, started on an empty script, from spawn to exit.
enum StartupBench {
  struct Figures {
    /// Median milliseconds for each measured command line, keyed by a short name.
    var medians: [(name: String, arguments: [String], milliseconds: Double)]
  }

  /// Spawns this executable with each argument list `runs` times (stdin /dev/null, output
  /// discarded) and takes the median wall time of each.
  static func run(_ variants: [(name: String, arguments: [String])], runs: Int = 21) -> Figures {
    let executable = ChildProcess.uniflowExecutable()
    var medians: [(String, [String], Double)] = []
    for variant in variants {
      var times: [Double] = []
      _ = ChildProcess.run(executable, variant.arguments)  // warm the page cache
      for _ in 0..<runs {
        if let outcome = ChildProcess.run(executable, variant.arguments), outcome.status == 0 {
          times.append(outcome.milliseconds)
        }
      }
      times.sort()
      medians.append(
        (variant.name, variant.arguments, times.isEmpty ? .nan : times[times.count / 2]))
    }
    return Figures(medians: medians)
  }
}
