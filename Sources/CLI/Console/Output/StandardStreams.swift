import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The process's standard output and standard error: the one place uniflow writes to them, and
/// what it writes is a ``TerminalText``, so every text from outside has been escaped.
///
/// ```swift
/// StandardStreams.write("uniflow: \(error)\n", to: .error)
/// ```
///
/// Each call is one `write(2)` (more only if the kernel takes part of it), unbuffered, so that
/// screens, errors and prompts appear in the order they happen even when both streams go to
/// one pipe. A stream that cannot be written — closed, a full disk, `/dev/full`, past the
/// file-size limit — is noted with why, the first time, and not written again: the process
/// then ends saying so, with a status that is not 0 (``finish(_:program:)``).
package enum StandardStreams {
  package enum Stream: Sendable {
    case output
    case error

    var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }
    var name: String { self == .output ? "standard output" : "standard error" }
  }

  /// Why each stream could not be written (its `errno`), from the first failure on.
  private static let failures = Mutex<[Int32?]>([nil, nil])

  package static func write(_ text: TerminalText, to stream: Stream = .output) {
    let index = stream == .output ? 0 : 1
    guard failures.withLock({ $0[index] }) == nil else { return }
    var bytes = Array(text.escaped.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        Glibc.write(stream.descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        let code = written < 0 ? errno : EIO
        failures.withLock { $0[index] = $0[index] ?? code }
        return
      }
      offset += written
    }
  }

  /// Why `stream` could not be written, as `strerror` says it, or nil while it can.
  package static func failure(of stream: Stream) -> String? {
    let index = stream == .output ? 0 : 1
    return failures.withLock { $0[index] }.map(describe)
  }

  /// Makes sure descriptors 0, 1 and 2 are open before anything else opens a file: one closed
  /// at start (`uniflow >&-`) would otherwise be the next file opened — a log, a recording —
  /// and screens would go into it. A closed one is taken by `/dev/null`, read-only, so that
  /// reading it ends at once and writing it fails; standard output or error closed so is noted
  /// as a failure from the start.
  package static func claimStandardDescriptors() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", O_RDONLY)
      if opened >= 0, opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
      if descriptor != STDIN_FILENO {
        failures.withLock { $0[Int(descriptor) - 1] = EBADF }
      }
    }
  }

  /// The exit status once `status`'s run is over: when standard output could not be written
  /// (now, or as it is closed), says so on standard error — `uniflow: cannot write to standard
  /// output: No space left on device; what was printed is incomplete` — and returns 2 (or
  /// `status`, if higher); when only standard error could not be, 2 as well.
  package static func finish(_ status: Int32, program: String) -> Int32 {
    // `print`'s buffered standard output: the one stdio stream written (standard error is not
    // buffered), so a failure to flush them all is standard output's.
    if fflush(nil) != 0 {
      let code = errno
      failures.withLock { $0[0] = $0[0] ?? code }
    }
    // A file system that reports a failed write late reports it here (NFS, say).
    if close(STDOUT_FILENO) != 0, errno != EBADF, errno != EINTR {
      let code = errno
      failures.withLock { $0[0] = $0[0] ?? code }
    }
    if let reason = failure(of: .output) {
      write(
        "\(program): cannot write to standard output: \(reason); what was printed is incomplete\n",
        to: .error)
      return max(status, 2)
    }
    return failure(of: .error) == nil ? status : max(status, 2)
  }

  private static func describe(_ code: Int32) -> String {
    code == EBADF ? "it is closed" : String(cString: strerror(code))
  }
}
