import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program on a pseudo-terminal, as if a person typed at it: for testing interactive mode
/// (prompt, line editing, arrow keys, Ctrl-C, Ctrl-D) end to end.
///
/// ```swift
/// let terminal = try PseudoTerminal(URL(fileURLWithPath: ".build/debug/uniflow"), ["--offline"])
/// try await terminal.waitFor("uniflow> ")
/// terminal.type("tomorrow\r")
/// try await terminal.waitFor("clock: ")
/// ```
///
/// Waiting is by polling the terminal's output until a text appears, with a deadline for a
/// program that hangs: never by sleeping for a guessed time.
public final class PseudoTerminal {
  /// Everything the program has written so far, escape sequences included.
  public private(set) var output = ""
  /// How many bytes the program has written so far.
  public private(set) var bytesWritten = 0
  /// The terminal's settings before the program started: what it must leave behind.
  public let initialSettings: termios
  private let master: Int32
  private let pid: pid_t
  private var exited: Int32?

  /// Starts `executable` with `arguments` on a new 80×24 terminal.
  public init(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws
  {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw ServerError("openpty failed: errno \(errno)")
    }
    // Read before the program runs: read after, it may already have changed them.
    var initial = termios()
    tcgetattr(master, &initial)
    initialSettings = initial
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for target in 0...2 { posix_spawn_file_actions_adddup2(&actions, slave, Int32(target)) }
    posix_spawn_file_actions_addclose(&actions, master)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID: its own session
    var env = ProcessInfo.processInfo.environment
    env["TERM"] = "xterm"
    for (name, value) in environment { env[name] = value }
    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
    close(slave)
    guard spawned == 0 else {
      close(master)
      throw ServerError("posix_spawn failed: \(spawned)")
    }
    self.master = master
    self.pid = pid
  }

  deinit {
    if exited == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
  }

  /// Sends keystrokes: text, `"\r"` for Return, `"\u{3}"` for Ctrl-C, `"\u{4}"` for Ctrl-D,
  /// `"\u{1B}[A"` for the up arrow.
  public func type(_ keys: String) {
    let bytes = Array(keys.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBufferPointer {
        write(master, $0.baseAddress, $0.count)
      }
      if written <= 0 { return }
      offset += written
    }
  }

  /// Sends a long text, as a paste does, a piece at a time: while the terminal's input buffer is
  /// full it reads what the program writes, so that neither side waits for the other for ever.
  public func paste(_ text: String, timeout: Double = 60) async throws {
    let bytes = Array(text.utf8)
    let deadline = Date().addingTimeInterval(timeout)
    var offset = 0
    // Writes that never wait: a full input buffer is a short write, or none.
    let flags = fcntl(master, F_GETFL)
    _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(master, F_SETFL, flags) }
    while offset < bytes.count {
      var descriptor = pollfd(fd: master, events: Int16(POLLOUT), revents: 0)
      if poll(&descriptor, 1, 0) > 0 {
        let piece = min(512, bytes.count - offset)
        let written = bytes[offset..<(offset + piece)].withUnsafeBufferPointer {
          write(master, $0.baseAddress, $0.count)
        }
        if written > 0 {
          offset += written
          continue
        }
      }
      guard deadline.timeIntervalSinceNow > 0 else {
        throw ServerError("timed out pasting; the terminal shows:\n\(output.suffix(2_000))")
      }
      if readAvailable() == .nothing { try await pause() }
    }
  }

  /// Reads output until `text` appears after `position` (default: anywhere in the output), or
  /// fails after `timeout` seconds. Returns the index just past the match.
  @discardableResult
  public func waitFor(_ text: String, after position: String.Index? = nil, timeout: Double = 120)
    async throws -> String.Index
  {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      // Read before judging the deadline: a test task that resumes late (every pool thread
      // held by other tests) must see what the program wrote meanwhile, not time out unread.
      let reading = readAvailable()
      let start = position ?? output.startIndex
      if let range = output.range(of: text, range: start..<output.endIndex) {
        return range.upperBound
      }
      switch reading {
      case .read: continue
      case .ended:
        throw ServerError("the program ended before printing \(text.debugDescription):\n\(output)")
      case .nothing:
        guard deadline.timeIntervalSinceNow > 0 else {
          throw ServerError(
            "timed out waiting for \(text.debugDescription); the terminal shows:\n\(output)")
        }
        try await pause()
      }
    }
  }

  /// Sends `signal` to the program, as `kill` would.
  public func send(signal: Int32) {
    kill(pid, signal)
  }

  /// The terminal's settings now (those the program left, once it has exited): echo, line
  /// editing and the rest of `c_lflag`.
  public func settings() throws -> termios {
    var settings = termios()
    guard tcgetattr(master, &settings) == 0 else {
      throw ServerError("tcgetattr failed: errno \(errno)")
    }
    return settings
  }

  /// Waits for the program to exit and returns its exit status (128 + signal if killed).
  public func waitForExit(timeout: Double = 120) async throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while exited == nil {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        let signal = status & 0x7f
        exited = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        break
      }
      guard deadline.timeIntervalSinceNow > 0 else {
        throw ServerError("the program did not exit; the terminal shows:\n\(output)")
      }
      // Drain output while waiting, so the program never blocks on a full terminal.
      if readAvailable() != .read { try await pause() }
    }
    while readAvailable() == .read {}
    return exited ?? -1
  }

  /// What one non-blocking read found.
  private enum Reading { case read, nothing, ended }

  /// Reads what the program has written, without waiting for more.
  private func readAvailable() -> Reading {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, 0)
    guard ready > 0 else { return ready == 0 ? .nothing : .ended }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = Glibc.read(master, &buffer, buffer.count)
    guard count > 0 else { return .ended }
    bytesWritten += count
    output += String(decoding: buffer[0..<count], as: UTF8.self)
    return .read
  }

  /// Between polls of the terminal, not for synchronisation: a test waits here without holding
  /// one of the cooperative pool's threads.
  private func pause() async throws {
    try await Task.sleep(for: .milliseconds(2))
  }
}
