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
  private let input: LogInput
  /// Where in the file the next read begins.
  private var offset = 0
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  private var atEndOfFile = false

  /// Opens `path` for reading, at once: a FIFO with no writer is not waited for (it reads as
  /// empty), and a directory is refused.
  package init(path: String) throws(ActionLogError) {
    self.init(try LogInput(path: path))
  }

  /// The lines of `input` from its start (see ``LogInput`` for a stream read more than once).
  package init(_ input: LogInput) {
    self.input = input
    path = input.path
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
    let (input, filled, position) = (input, end, offset)
    let read = buffer.withUnsafeMutableBytes { buffer in
      Result { () throws(ActionLogError) in
        try input.read(
          into: buffer.baseAddress! + filled, count: buffer.count - filled, at: position)
      }
    }
    let count: Int
    switch read {
    case .success(let read): count = read
    case .failure(let error):
      throw ActionLogError(
        error.kind, file: path, line: lineNumber + 1, column: error.column, error.message)
    }
    if count == 0 { atEndOfFile = true }
    end += count
    offset += count
  }
}
