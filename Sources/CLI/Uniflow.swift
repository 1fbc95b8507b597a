import Foundation

/// `uniflow`: parses the command line and runs the REPL.
@main
enum Uniflow {
  @MainActor
  static func main() async {
    let processEnvironment = ProcessInfo.processInfo.environment
    let options: Options
    let fixedNow: Date?
    do {
      options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
      fixedNow = try Wiring.fixedNow(processEnvironment)
    } catch {
      FileHandle.standardError.write(Data((error.description + "\n").utf8))
      exit(2)
    }
    switch options.mode {
    case .help:
      print(Options.usage)
    case .version:
      print(Options.version)
    case .repl:
      exit(await runREPL(options, fixedNow: fixedNow))
    case .replay(let request):
      exit(
        ReplayCommand.run(request, console: StandardConsole(), adoptTimeZone: ProcessTimeZone.adopt)
      )
    }
  }

  @MainActor
  static func runREPL(_ options: Options, fixedNow: Date?) async -> Int32 {
    let isScript = isatty(STDIN_FILENO) == 0
    let console = StandardConsole()
    let session = Session(
      options: options, environment: Wiring.environment(options, fixedNow: fixedNow),
      console: console, isScript: isScript)
    if let record = options.record, let error = session.startRecording(record) {
      console.error("uniflow: \(SessionRecording.message(error))")
      return 2
    }
    await session.launch(at: fixedNow ?? Date())
    if !isScript {
      console.output("Type :help for commands, :quit or Ctrl-D to leave.")
      console.prompt = "uniflow> "
      console.showPrompt()
    }
    await session.run(LineReader.standardInput()) {
      console.promptAnswered()
      console.showPrompt()
    }
    return isScript && session.hadErrors ? 1 : 0
  }
}
