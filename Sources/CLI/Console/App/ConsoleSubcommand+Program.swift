import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension ConsoleSubcommand {
  /// The command `name`, which runs `program`, an executable found beside the running one, with
  /// the arguments after `name` — in place of this process, so its output, input and exit status
  /// are the program's own. It keeps a large tool (benchmarks, a migration) out of the app's
  /// binary while `APP NAME …` still runs it. When `program` is not there (or cannot run), the
  /// command says so on stderr, with how to build it, and exits with status 2.
  ///
  /// ```swift
  /// var subcommands: [ConsoleSubcommand] { [ConsoleSubcommand("bench", program: "todos-bench")] }
  /// ```
  public init(_ name: String, program: String) {
    self.init(name) { arguments in
      let directory = (Self.runningBinary() as NSString).deletingLastPathComponent
      let path = (directory as NSString).appendingPathComponent(program)
      guard FileManager.default.isExecutableFile(atPath: path) else {
        StandardStreams.write(
          TerminalText(Self.missingProgram(name, program: program, directory: directory)) + "\n",
          to: .error)
        return 2
      }
      fflush(nil)
      let argv = ([path] + arguments).map { strdup($0) } + [nil]
      execv(path, argv)
      // Only reached when execv failed.
      let reason = String(cString: strerror(errno))
      StandardStreams.write(
        TerminalText("\(Self.binaryName): could not run \(path): \(reason)") + "\n", to: .error)
      return 2
    }
  }

  /// What `APP NAME` says when its program is not beside the binary in `directory`.
  static func missingProgram(_ name: String, program: String, directory: String) -> String {
    "\(binaryName): \(name) runs the program \(program), and there is none beside this binary "
      + "(\(directory)); build it with: swift build -c release --product \(program)"
  }

  /// The running binary's file name, as its errors begin.
  static var binaryName: String { (runningBinary() as NSString).lastPathComponent }

  /// The running binary's path, through `/proc/self/exe` (the path it was started by may be
  /// relative, or a link).
  static func runningBinary() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  }
}
