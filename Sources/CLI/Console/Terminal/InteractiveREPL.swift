import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The REPL on a terminal: raw-mode line editing with history on the arrow keys, effects'
/// results printed above the line being typed, Ctrl-C to cancel what is in flight, and Ctrl-D
/// (or a second Ctrl-C) to leave.
@MainActor
package enum InteractiveREPL {
  package static func run<App: ConsoleApp>(_ session: ConsoleSession<App>, console: TerminalConsole)
    async
  {
    var decoder = KeyDecoder()
    let app = session.app
    console.editor.completer = { app.completion(of: $0) }
    var lineNumber = 0
    var interruptedOnce = false
    console.showPrompt()
    input: for await chunk in ByteReader.standardInput() {
      // The line is drawn once a chunk, not once a key: a paste arrives as a few large chunks.
      var changed = false
      for key in decoder.feed(chunk) {
        if changed, key.mayEndTheLine {
          console.redraw()  // the line as typed, before the key hands it over or drops it
          changed = false
        }
        guard let event = console.editor.handle(key) else {
          interruptedOnce = false
          changed = true
          continue
        }
        switch event {
        case .line(let line):
          interruptedOnce = false
          console.finishLine()
          lineNumber += 1
          guard await session.lineHandler!(line, lineNumber) else { break input }
          console.showPrompt()
        case .interrupt:
          console.raw("^C")
          console.finishLine()
          if session.interrupt() {
            interruptedOnce = false
            console.output("cancelled what was in flight")
          } else if interruptedOnce {
            break input
          } else {
            interruptedOnce = true
            console.output("(press Ctrl-C again, or Ctrl-D, to leave)")
          }
          console.showPrompt()
        case .endOfInput:
          console.finishLine()
          break input
        case .clearScreen:
          console.clearScreen()
        case .candidates(let candidates):
          // Shown above the line, which stays as typed.
          console.output(TerminalText(candidates.joined(separator: "  ")))
        }
      }
      if changed { console.redraw() }
    }
  }
}

/// Standard input as chunks of bytes, read on a thread of its own.
enum ByteReader {
  static func standardInput() -> AsyncStream<[UInt8]> {
    .fed(byThreadNamed: "uniflow.keys") { yield in
      var buffer = [UInt8](repeating: 0, count: 1024)
      while true {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        yield(Array(buffer[0..<count]))
      }
    }
  }
}
