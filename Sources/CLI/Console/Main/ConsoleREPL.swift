import Foundation

/// The REPL on the process's standard streams: interactive line editing on a terminal, plain
/// lines under rlwrap or a terminal without raw mode, script mode when standard input is not a
/// terminal, and `--json`.
@MainActor
@usableFromInline
package enum ConsoleREPL {
  /// The first line of an interactive session, after the screens.
  private static let welcome: TerminalText =
    "Type :help for commands, :quit or Ctrl-D to leave."

  /// Runs a session that `makeSession` makes on the console chosen (it is told whether this is
  /// script mode), recording to `record` if asked, launched by `launch` — or, with `open`,
  /// starting from that log's session instead of the launch — printing the screens' changes
  /// after the actions `screens` shows; the exit status.
  package static func run<App: ConsoleApp>(
    program: String, json: Bool, record: RecordRequest?, open: String? = nil,
    screens: ActionFilter = ActionFilter(only: [], hide: []),
    makeSession: (any Console, _ isScript: Bool) -> ConsoleSession<App>,
    launch: (ConsoleSession<App>) async -> Void
  ) async -> Int32 {
    let isScript = isatty(STDIN_FILENO) == 0
    let interactive = !isScript && !json && isatty(STDOUT_FILENO) == 1
    let prompt = TerminalText("\(program)> ")

    /// A session on `console`, recording if asked; nil (after saying why) if it cannot record.
    func start(_ console: any Console) async -> ConsoleSession<App>? {
      let session = makeSession(console, isScript)
      // Said only where a person watches: a pipe or a file sees the same lines on any machine.
      if isatty(STDERR_FILENO) == 1 { session.scriptWait = ScriptWait() }
      session.filterScreens(screens)
      if let open {
        // The log's actions, launch included, replace the launch; a recording starts with them.
        if let problem = session.openLog(open, record: record) {
          StandardStreams.write("\(program): \(problem)\n", to: .error)
          return nil
        }
        return session
      }
      if let record, let error = session.startRecording(record) {
        StandardStreams.write(
          "\(program): \(ConsoleRecording<App>.message(error))\n", to: .error)
        return nil
      }
      await launch(session)
      return session
    }

    if interactive, TerminalMode.enableRaw() {
      let console = TerminalConsole(prompt: prompt)
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
    if json {
      guard let session = await start(JSONConsole()) else { return 2 }
      await session.run(LineReader.standardInput())
      return session.hadErrors ? 1 : 0
    }
    // Script mode, or a terminal that cannot do raw mode: plain lines (works under rlwrap).
    let console = StandardConsole()
    guard let session = await start(console) else { return 2 }
    if !isScript {
      console.output(welcome)
      console.prompt = prompt
      console.showPrompt()
    }
    await session.run(LineReader.standardInput()) {
      console.promptAnswered()
      console.showPrompt()
    }
    return isScript && session.hadErrors ? 1 : 0
  }

  /// Flushes the buffered output streams and ends the process with `status` — 2 or more when
  /// standard output or error could not be written, which `program` says on standard error
  /// (``StandardStreams/finish(_:program:)``) — without the C library's exit handlers.
  ///
  /// OpenSSL (under libcurl, under URLSession) registers an exit handler that frees its global
  /// locks. A session quit in the instant its first request was setting libcurl up — or while a
  /// transfer runs — had URLSession's thread take a freed lock and crash: the thread sanitizer
  /// caught it as a SEGV in `pthread_rwlock_rdlock` under `OPENSSL_init_crypto`, in a test that
  /// cancelled a reload and left. Nothing of the console's own needs an exit handler: the log is
  /// closed and the terminal restored before this, and each write(2) is already on disk.
  @usableFromInline
  package nonisolated static func leave(_ status: Int32, program: String) -> Never {
    let status = StandardStreams.finish(status, program: program)
    fflush(nil)  // every output stream: `print`'s buffered standard output among them
    _exit(status)
  }

  /// What a console's `main` does first: descriptors 0–2 open (``StandardStreams``), and the
  /// signals that end the process made to clean up first (``SignalCleanup``).
  @usableFromInline
  package static func start() {
    StandardStreams.claimStandardDescriptors()
    SignalCleanup.install()
  }
}
