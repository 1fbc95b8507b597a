import Foundation

/// Standard input as a stream of lines, read on a thread of its own so the main actor stays free
/// to run effects and print their results while waiting for the next line.
///
/// Invalid UTF-8 is repaired with U+FFFD, never rejected, so every line arrives.
enum LineReader {
  static func standardInput() -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .unbounded)
    let thread = Thread {
      while let line = readLine(strippingNewline: true) {
        continuation.yield(line)
      }
      continuation.finish()
    }
    thread.name = "uniflow.stdin"
    thread.start()
    return stream
  }
}
