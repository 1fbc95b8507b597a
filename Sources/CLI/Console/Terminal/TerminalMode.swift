import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Puts the terminal in raw mode for line editing and puts it back as it was.
///
/// Raw here means: bytes arrive as typed, without echo, line buffering or signals (Ctrl-C comes
/// as a byte, so the REPL decides what it means); output processing stays on, so `\n` still
/// starts a new line.
package enum TerminalMode {
  /// The terminal's settings as they were before raw mode: read once, by the first
  /// `enableRaw()`, and never changed — a `static let`, which Swift initialises exactly once even
  /// when threads race to it, so the `atexit` handler can read it from any thread.
  private static let original: termios? = {
    var settings = termios()
    return tcgetattr(STDIN_FILENO, &settings) == 0 ? settings : nil
  }()

  /// Switches standard input to raw mode. Returns false if it is not a terminal.
  package static func enableRaw() -> Bool {
    guard let original else { return false }
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
    // Put back by `restore()`, by `exit`'s handlers and by a signal that ends the process
    // (``SignalCleanup``): set before raw mode is, so that no moment leaves it raw for good.
    SignalCleanup.restoreOnSignal(original)
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      SignalCleanup.restoreOnSignal(nil)
      return false
    }
    atexit { TerminalMode.putBack() }
    return true
  }

  /// The terminal's width in columns (80 when it does not say).
  package static func columns() -> Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }

  /// Puts back the settings from before `enableRaw()`. Call it only after `enableRaw()`
  /// returned true.
  package static func restore() {
    putBack()
    SignalCleanup.restoreOnSignal(nil)
  }

  /// Puts back the settings from before `enableRaw()`, from any thread.
  private static func putBack() {
    guard var original else { return }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
  }
}
