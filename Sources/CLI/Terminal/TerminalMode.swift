import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Puts the terminal in raw mode for line editing and puts it back as it was.
///
/// Raw here means: bytes arrive as typed, without echo, line buffering or signals (Ctrl-C comes
/// as a byte, so the REPL decides what it means); output processing stays on, so `\n` still
/// starts a new line.
enum TerminalMode {
  /// The settings to restore, saved by `enableRaw()`.
  ///
  /// `nonisolated(unsafe)` is safe: it is written once, on the main actor, before the input thread
  /// starts, and read only by `restore()` — from the main actor or the `atexit` handler that runs
  /// after `main` has returned — so no two threads ever touch it at once.
  nonisolated(unsafe) private static var saved: termios?

  /// Switches standard input to raw mode. Returns false if it is not a terminal.
  @MainActor
  static func enableRaw() -> Bool {
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return false }
    saved = original
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutablePointer(to: &raw.c_cc) { pointer in
      pointer.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { cc in
        cc[Int(VMIN)] = 1
        cc[Int(VTIME)] = 0
      }
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return false }
    atexit { TerminalMode.restore() }
    return true
  }

  /// Puts back the settings saved by `enableRaw()`, if any.
  static func restore() {
    guard var original = saved else { return }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
  }
}
