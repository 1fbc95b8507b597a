import Foundation

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
/// one pipe. A stream that cannot be written (closed, a full disk) loses the text; nothing
/// traps.
package enum StandardStreams {
  package enum Stream {
    case output
    case error

    var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }
  }

  package static func write(_ text: TerminalText, to stream: Stream = .output) {
    var bytes = Array(text.escaped.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        Glibc.write(stream.descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}
