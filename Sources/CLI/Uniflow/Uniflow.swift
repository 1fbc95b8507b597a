import Console
import Foundation

/// `uniflow`: parses the command line and runs the REPL.
@main
enum Uniflow {
  @MainActor
  static func main() async {
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
    case .version:
      StandardStreams.write("\(Options.version)\n")
    case .repl:
      leave(await runREPL(options, fixedNow: fixedNow))
    case .bench(let arguments):
      leave(await BenchCommand.run(arguments))
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

  /// Flushes the buffered output streams and ends the process with `status`, without the C
  /// library's exit handlers.
  ///
  /// OpenSSL (under libcurl, under URLSession) registers an exit handler that frees its global
  /// locks. A session quit in the instant its first request was setting libcurl up — or while a
  /// transfer runs — had URLSession's thread take a freed lock and crash: the thread sanitizer
  /// caught it as a SEGV in `pthread_rwlock_rdlock` under `OPENSSL_init_crypto`, in a test that
  /// cancelled a reload and left. Nothing of uniflow's own needs an exit handler: the log is
  /// closed and the terminal restored before this, and each write(2) is already on disk.
  private static func leave(_ status: Int32) -> Never {
    fflush(nil)  // every output stream: `print`'s buffered standard output among them
    _exit(status)
  }

  /// The first line of an interactive session, after the screens.
  private static let welcome: TerminalText = "Type :help for commands, :quit or Ctrl-D to leave."

  @MainActor
  static func runREPL(_ options: Options, fixedNow: Date?) async -> Int32 {
    let isScript = isatty(STDIN_FILENO) == 0
    let dependencies = Wiring.dependencies(options, fixedNow: fixedNow)
    let interactive = !isScript && !options.json && isatty(STDOUT_FILENO) == 1

    /// A session on `console`, recording if asked; nil (after saying why) if it cannot record.
    func start(_ console: any Console) async -> Session? {
      let session = Session(
        options: options, dependencies: dependencies, console: console, isScript: isScript)
      if let record = options.record, let error = session.startRecording(record) {
        StandardStreams.write("uniflow: \(SessionRecording.message(error))\n", to: .error)
        return nil
      }
      await session.launch(at: fixedNow ?? Date())
      return session
    }

    if interactive, TerminalMode.enableRaw() {
      let console = TerminalConsole(prompt: "uniflow> ")
      guard let session = await start(console) else {
        TerminalMode.restore()
        return 2
      }
      console.output(welcome)
      await InteractiveREPL.run(session, console: console)
      session.finish()
      TerminalMode.restore()
      return 0
    }
    if options.json {
      guard let session = await start(JSONConsole()) else { return 2 }
      await session.run(LineReader.standardInput())
      return session.hadErrors ? 1 : 0
    }
    // Script mode, or a terminal that cannot do raw mode: plain lines (works under rlwrap).
    let console = StandardConsole()
    guard let session = await start(console) else { return 2 }
    if !isScript {
      console.output(welcome)
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
