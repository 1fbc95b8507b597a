import ActionLog
import Foundation

/// A dependency call as `:why` shows it, under the action its effect then sent:
/// `called echo.echo("hi") -> "HI"`, `called echo.echo("boom") threw no echo for boom`, an
/// input of `null` as `()`. The input and the answer are their JSON as the log has it, each cut
/// to ``limit`` bytes (`…` and the whole size after a cut), so that one call is one line.
///
/// ```swift
/// CallText.line(call)   // called searchClient.search("wat") -> ["Water the plants"]
/// ```
package enum CallText {
  /// The most bytes of an input or an answer a line shows.
  package static let limit = 200

  /// The call's line: `called NAME(INPUT) -> OUTPUT` or `called NAME(INPUT) threw MESSAGE`.
  ///
  /// **Bound:** O(``limit``), whatever the sizes of the input and answer.
  package static func line(_ call: LoggedCall) -> String {
    let input = call.input == Array("null".utf8) ? "" : cut(call.input)
    let answer =
      switch call.answer {
      case .output(let json): "-> " + cut(json)
      case .failure(let message): "threw " + cut(Array(message.utf8))
      }
    return "called \(call.name)(\(input)) \(answer)"
  }

  /// The call as `:why --json` gives it: `{"call", "effect", "input", "output"|"failure"}`,
  /// input and output as JSON values.
  package static func json(_ call: LoggedCall) -> [String: Any] {
    var item: [String: Any] = ["call": call.name, "input": value(call.input)]
    if let effect = call.effect { item["effect"] = effect }
    switch call.answer {
    case .output(let json): item["output"] = value(json)
    case .failure(let message): item["failure"] = message
    }
    return item
  }

  /// `bytes` as text, cut to ``limit`` bytes at a character's start.
  static func cut(_ bytes: [UInt8]) -> String {
    guard bytes.count > limit else { return String(decoding: bytes, as: UTF8.self) }
    var end = limit
    while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
    return String(decoding: bytes[..<end], as: UTF8.self) + "… (\(bytes.count) bytes)"
  }

  /// The JSON `bytes` as a value `JSONSerialization` writes back; their text if unreadable.
  private static func value(_ bytes: [UInt8]) -> Any {
    (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]))
      ?? String(decoding: bytes, as: UTF8.self)
  }
}
