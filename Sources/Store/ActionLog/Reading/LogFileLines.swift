import Foundation
import Store

/// The lines of a file, read in chunks of 64 KiB: memory holds one chunk and one line, however
/// long the file.
///
/// ```swift
/// var lines = try LogFileLines(path: "session.log")
/// var bytes: [UInt8] = []
/// while let ending = try lines.next(into: &bytes) { … }
/// ```
///
/// A final line with no newline is reported as ``Ending/unterminated``: a recording cut off
/// mid-line ends that way. A `\r` before the newline is dropped.
package struct LogFileLines: Sendable {
  /// How a line ended.
  package enum Ending: Equatable {
    case newline
    /// End of file with no newline: the last line, possibly cut off.
    case unterminated
  }

  /// The longest line read: a state snapshot larger than this is not a state.
  package static let maxLineLength = 64 << 20

  package let path: String
  /// The 1-based number of the line last returned.
  package private(set) var lineNumber = 0
  private let file: OpenFile
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  private var atEndOfFile = false

  /// Opens `path` for reading, at once: a FIFO with no writer is not waited for (it reads as
  /// empty), and a directory is refused.
  package init(path: String) throws(ActionLogError) {
    self.path = path
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, for ever.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let reason =
        errno == ENOENT
        ? "no such file; give the path of a log written by --record or :record"
        : "cannot open: \(String(cString: strerror(errno)))"
      throw ActionLogError(.cannotOpen, file: path, reason)
    }
    file = OpenFile(descriptor)
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      throw ActionLogError(.cannotOpen, file: path, "is a directory, not a log")
    }
    // Reads wait for data again (a pipe from `<(…)` whose writer is slow), as usual.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    buffer = [UInt8](repeating: 0, count: 64 * 1024)
  }

  /// Reads the next line into `line` (replacing its contents), or returns nil at the end.
  package mutating func next(into line: inout [UInt8]) throws(ActionLogError) -> Ending? {
    try next(into: &line, lookingFirst: { _ -> Never? in nil })?.0
  }

  /// Offers the next line to `look` where it lies in the buffer, with no copy; when `look`
  /// returns nil, reads it into `line` as ``next(into:)`` does. Nil at the end.
  ///
  /// ```swift
  /// while let (ending, seq) = try lines.next(into: &bytes, lookingFirst: { quickSeq($0) }) { … }
  /// ```
  package mutating func next<Result>(
    into line: inout [UInt8], lookingFirst look: (UnsafeBufferPointer<UInt8>) -> Result?
  ) throws(ActionLogError) -> (Ending, Result?)? {
    while true {
      let newline = buffer.withUnsafeBufferPointer { buffer -> Int? in
        guard end > start,
          let found = memchr(buffer.baseAddress! + start, 0x0A, end - start)
        else { return nil }
        return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - buffer.baseAddress!
      }
      if let newline {
        var upper = newline
        if upper > start, buffer[upper - 1] == 0x0D { upper -= 1 }
        let start = start
        let seen = buffer.withUnsafeBufferPointer {
          look(UnsafeBufferPointer(rebasing: $0[start..<upper]))
        }
        if seen != nil {
          lineNumber += 1
        } else {
          take(start..<newline, into: &line)
        }
        self.start = newline + 1
        return (.newline, seen)
      }
      if atEndOfFile {
        guard start < end else { return nil }
        take(start..<end, into: &line)
        start = end
        return (.unterminated, nil)
      }
      try fill()
    }
  }

  private mutating func take(_ range: Range<Int>, into line: inout [UInt8]) {
    var upper = range.upperBound
    if upper > range.lowerBound, buffer[upper - 1] == 0x0D { upper -= 1 }
    // One call replaces the old line with the new, in the capacity the line has.
    buffer.withUnsafeBufferPointer { buffer in
      line.replaceSubrange(
        line.startIndex..<line.endIndex,
        with: UnsafeBufferPointer(rebasing: buffer[range.lowerBound..<upper]))
    }
    lineNumber += 1
  }

  /// Moves the unread bytes to the front, grows the buffer if one line fills it, and reads more.
  private mutating func fill() throws(ActionLogError) {
    if start > 0 {
      buffer.withUnsafeMutableBufferPointer { buffer in
        _ = memmove(buffer.baseAddress!, buffer.baseAddress! + start, end - start)
      }
      end -= start
      start = 0
    }
    if end == buffer.count {
      guard buffer.count < Self.maxLineLength else {
        throw ActionLogError(
          .badLog, file: path, line: lineNumber + 1,
          "the line is longer than \(Self.maxLineLength >> 20) MiB; this is not a uniflow log")
      }
      buffer.append(contentsOf: repeatElement(0, count: buffer.count))
    }
    while true {
      let count = buffer.withUnsafeMutableBufferPointer { buffer in
        read(file.descriptor, buffer.baseAddress! + end, buffer.count - end)
      }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else {
        throw ActionLogError(
          .cannotOpen, file: path, line: lineNumber + 1,
          "cannot read: \(String(cString: strerror(errno)))")
      }
      if count == 0 { atEndOfFile = true }
      end += count
      return
    }
  }
}

/// A file descriptor, closed when the last copy of the value holding it goes away.
final class OpenFile: Sendable {
  let descriptor: Int32

  init(_ descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }
}
