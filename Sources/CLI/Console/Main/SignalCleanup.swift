import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What a console puts right when a signal ends it, before it ends by that same signal: the
/// terminal's settings (raw mode off, echo back) and the one temporary file it may be writing.
/// Installed by ``ConsoleMain`` and uniflow's `main` before anything else; it also ignores
/// `SIGXFSZ`, so that a write past the file-size limit (`ulimit -f`) fails with `EFBIG`, which
/// each writer reports, rather than killing the process.
///
/// ```swift
/// SignalCleanup.install()
/// SignalCleanup.removeOnSignal(".T.swift.uniflow-1234")   // while that file exists
/// SignalCleanup.removeOnSignal(nil)
/// ```
///
/// The handler does only what a signal handler may (`tcsetattr`, `unlink`, `signal`, `raise`)
/// with what was stored before the signal came: the terminal's settings and the path's bytes,
/// each in a slot that one side at a time owns (``Slot``), so a handler never reads memory
/// being written.
package enum SignalCleanup {
  /// The signals whose default action ends the process without a core file.
  package static let terminating: [Int32] = [
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU,
  ]

  /// The signals a crash ends the process by, whose handlers (the Swift runtime's backtracer)
  /// the console's runs before.
  package static let crashing: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

  /// Catches every ``terminating`` signal that is not ignored (a process started with one
  /// ignored keeps it ignored, as `nohup` wants) and every ``crashing`` one, before the handler
  /// it had; ignores `SIGXFSZ`. Call it once, at start, on the main thread.
  ///
  /// The signals it catches are unblocked on the main thread: a parent that spawned the console
  /// from a thread blocking them (Foundation's `Process`, from a thread of a test runner) would
  /// otherwise leave `SIGTERM` pending for ever, and the console running on after it.
  @MainActor
  package static func install() {
    // Once: a second install would save the console's own crash handler as "the one before".
    guard !storage.installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    var caught = sigset_t()
    sigemptyset(&caught)
    defer { pthread_sigmask(SIG_UNBLOCK, &caught, nil) }
    for signal in terminating {
      var current = sigaction()
      sigaction(signal, nil, &current)
      // Ignored (SIG_IGN, whose value is 1): left so.
      if unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1 { continue }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { received in SignalCleanup.terminate(received) }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(signal, &action, nil)
      sigaddset(&caught, signal)
    }
    for (index, signal) in crashing.enumerated() {
      sigaction(signal, nil, storage.crashHandlers + index)
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = { received, info, context in
        SignalCleanup.crash(received, info, context)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER
      sigaction(signal, &action, nil)
    }
    Glibc.signal(SIGXFSZ, SIG_IGN)
  }

  /// Makes `path` the temporary file a signal removes (nil: none). Called from one thread at a
  /// time (the console's main one), like ``restoreOnSignal(_:)``.
  package static func removeOnSignal(_ path: String?) {
    let bytes = path.map { Array($0.utf8) }
    Slot.write(storage.pathSlot) {
      guard let bytes, bytes.count < Storage.pathCapacity else { return false }
      for (index, byte) in bytes.enumerated() { storage.path[index] = CChar(bitPattern: byte) }
      storage.path[bytes.count] = 0
      return true
    }
  }

  /// Makes `settings` the terminal settings a signal puts back on standard input (nil: none).
  package static func restoreOnSignal(_ settings: termios?) {
    Slot.write(storage.terminalSlot) {
      guard let settings else { return false }
      storage.terminal.pointee = settings
      return true
    }
  }

  /// Puts back what is stored (terminal settings, a temporary file), now: from a handler, or
  /// before a crash handler of the runtime's runs.
  package static func cleanUp() {
    Slot.read(storage.terminalSlot) { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, storage.terminal) }
    Slot.read(storage.pathSlot) { _ = unlink(storage.path) }
  }

  /// A terminating signal's handler: cleans up, then ends the process by `signal` as its
  /// default action would (the signal is blocked while the handler runs, so it arrives once
  /// the handler returns).
  private static func terminate(_ signal: Int32) {
    cleanUp()
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
  }

  /// A crash's handler: cleans up, then hands the signal to the handler there was before (the
  /// runtime's backtracer), or to the default action.
  private static func crash(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
  ) {
    cleanUp()
    guard let index = crashing.firstIndex(of: signal) else { return }
    let previous = storage.crashHandlers[index]
    if previous.sa_flags & SA_SIGINFO != 0, let handler = previous.__sigaction_handler.sa_sigaction
    {
      handler(signal, info, context)
      return
    }
    let handler = previous.__sigaction_handler.sa_handler
    if unsafeBitCast(handler, to: Int.self) > 1, let handler {  // neither SIG_DFL nor SIG_IGN
      handler(signal)
      return
    }
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
  }

  /// Memory the handler reads, allocated once before any handler is installed.
  private final class Storage: Sendable {
    static let pathCapacity = Int(PATH_MAX) + 1
    // Why `nonisolated(unsafe)` is safe: the pointers are `let`s, set once here. The memory
    // `terminal` and `path` point at is touched only inside the bodies given to `Slot.write`
    // and `Slot.read` for `terminalSlot` / `pathSlot` (check: every line that
    // `grep -n 'storage.terminal\b' SignalCleanup.swift` or `'storage.path\b'` lists is in
    // one), and a body runs only for the one side whose compare-exchange took the slot.
    nonisolated(unsafe) let terminal = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    nonisolated(unsafe) let path = UnsafeMutablePointer<CChar>.allocate(capacity: pathCapacity)
    // Why `nonisolated(unsafe)` is safe: written only by `install` (its `sigaction(signal, nil,
    // …)` line), which runs once (`installed`), on the main actor, and writes each entry before
    // the `sigaction` that installs the handler reading it (`crash`); never written again.
    nonisolated(unsafe) let crashHandlers = UnsafeMutablePointer<sigaction>.allocate(
      capacity: SignalCleanup.crashing.count)
    let terminalSlot = Atomic(Slot.empty)
    let pathSlot = Atomic(Slot.empty)
    let installed = Atomic(false)
  }

  /// Who may touch a slot's memory: nobody while it rests (`empty`, `ready`); only the writer
  /// while it is `writing`, only one handler while it is `reading` — each side takes it with a
  /// compare-exchange and gives it back with a store. Lock-free, so a handler may use it.
  private enum Slot {
    static let empty = 0
    static let ready = 1
    static let writing = 2
    static let reading = 3

    /// Takes `slot` to write it (`write` returns whether it now holds a value). A handler that is
    /// reading it runs on another thread (one on this thread would have ended before this code
    /// goes on), and for a moment only: the writer waits for it. Called by one thread at a time.
    static func write(_ slot: borrowing Atomic<Int>, _ write: () -> Bool) {
      while true {
        let taken = slot.compareExchange(
          expected: slot.load(ordering: .relaxed) == ready ? ready : empty, desired: writing,
          ordering: .acquiring)
        if taken.exchanged { break }
      }
      slot.store(write() ? ready : empty, ordering: .releasing)
    }

    /// Runs `read` if `slot` holds a value no one is writing; a handler that finds it being
    /// written (by the thread it interrupted, or another) leaves it: what is being replaced
    /// is not cleaned up.
    static func read(_ slot: borrowing Atomic<Int>, _ read: () -> Void) {
      guard
        slot.compareExchange(expected: ready, desired: reading, ordering: .acquiring).exchanged
      else { return }
      read()
      slot.store(ready, ordering: .releasing)
    }
  }

  private static let storage = Storage()
}
