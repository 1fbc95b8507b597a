import Foundation

/// `uniflow`: parses the command line and runs the REPL.
@main
enum Uniflow {
  @MainActor
  static func main() async {
    let processEnvironment = ProcessInfo.processInfo.environment
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "bench" {
      do {
        exit(BenchCommand.run(try BenchCommand.parse(Array(arguments.dropFirst()))))
      } catch {
        FileHandle.standardError.write(Data((error.description + "\n").utf8))
        exit(2)
      }
    }
    let options: Options
    let fixedNow: Date?
    do {
      options = try Options.parse(arguments, environment: processEnvironment)
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
    }
  }

  @MainActor
  static func runREPL(_ options: Options, fixedNow: Date?) async -> Int32 {
    let isScript = isatty(STDIN_FILENO) == 0
    let environment = Wiring.environment(options, fixedNow: fixedNow)
    if !isScript, !options.json, isatty(STDOUT_FILENO) == 1, TerminalMode.enableRaw() {
      let console = TerminalConsole(prompt: "uniflow> ")
      let session = Session(
        options: options, environment: environment, console: console, isScript: false)
      await session.launch(at: fixedNow ?? Date())
      console.output("Type :help for commands, :quit or Ctrl-D to leave.")
      await InteractiveREPL.run(session, console: console)
      session.store.cancelAllEffects()
      TerminalMode.restore()
      return 0
    }
    if options.json {
      let console = JSONConsole()
      let session = Session(
        options: options, environment: environment, console: console, isScript: isScript)
      await session.launch(at: fixedNow ?? Date())
      await session.run(LineReader.standardInput())
      return session.hadErrors ? 1 : 0
    }
    // Script mode, or a terminal that cannot do raw mode: plain lines (works under rlwrap).
    let console = StandardConsole()
    let session = Session(
      options: options, environment: environment, console: console, isScript: isScript)
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
