import Console
import Foundation

/// `uniflow`: parses the command line and runs the REPL, `replay`, `shrink` or `bench`.
package enum UniflowMain {
  /// Runs the command `CommandLine.arguments` asks for and leaves the process with its status.
  @MainActor
  package static func run() async -> Never {
    ConsoleREPL.start()
    let processEnvironment = ProcessInfo.processInfo.environment
    let arguments = Array(CommandLine.arguments.dropFirst())
    let options: Options
    let fixedNow: Date?
    do {
      options = try Options.parse(arguments, environment: processEnvironment)
      // The bench runs no session: it has no use for UNIFLOW_FIXED_NOW and does not check it.
      if case .bench = options.mode {
        fixedNow = nil
      } else {
        fixedNow = try Wiring.fixedNow(processEnvironment)
      }
    } catch {
      StandardStreams.write(error.rendered, to: .error)
      leave(2)
    }
    switch options.mode {
    case .help:
      StandardStreams.write(Options.usage + "\n")
      leave(0)
    case .version:
      StandardStreams.write("\(Options.version)\n")
      leave(0)
    case .repl:
      leave(await runREPL(options, fixedNow: fixedNow))
    case .bench(let arguments):
      leave(BenchForwarding.run(arguments))
    case .replay(let request):
      leave(
        ReplayCommand.run(request, console: StandardConsole(), adoptTimeZone: true)
      )
    case .shrink(let request):
      leave(
        ShrinkCommand.run(request, console: StandardConsole(), adoptTimeZone: true)
      )
    }
  }

  private static func leave(_ status: Int32) -> Never {
    ConsoleREPL.leave(status, program: "uniflow")
  }

  /// The REPL as `options` ask for, launched at `fixedNow` or the system's time.
  @MainActor
  static func runREPL(_ options: Options, fixedNow: Date?) async -> Int32 {
    let dependencies = Wiring.dependencies(options, fixedNow: fixedNow)
    return await ConsoleREPL.run(
      program: "uniflow", json: options.console.json, record: options.console.record,
      open: options.console.open, screens: options.console.screens,
      makeSession: { console, isScript in
        Session(
          options: options, dependencies: dependencies, console: console, isScript: isScript)
      },
      launch: { await $0.launch(at: fixedNow ?? Date()) })
  }
}
