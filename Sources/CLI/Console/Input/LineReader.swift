import Foundation

/// Standard input as a stream of lines, read on a thread of its own so the main actor stays free
/// to run effects and print their results while waiting for the next line.
///
/// Invalid UTF-8 is repaired with U+FFFD, never rejected, so every line arrives.
package enum LineReader {
  package static func standardInput() -> AsyncStream<String> {
    .fed(byThreadNamed: "uniflow.stdin") { yield in
      while let line = readLine(strippingNewline: true) { yield(line) }
    }
  }
}

extension AsyncStream where Element: Sendable {
  /// A stream of what `produce` yields on a thread of its own, for blocking reads; the stream
  /// finishes when `produce` returns.
  package static func fed(
    byThreadNamed name: String, _ produce: @escaping @Sendable (_ yield: (Element) -> Void) -> Void
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
    let thread = Thread {
      produce { continuation.yield($0) }
      continuation.finish()
    }
    thread.name = name
    thread.start()
    return stream
  }
}
