import Foundation
import Store
import TestSupport
import Testing

@testable import ActionLog

/// Lines made to fool a learnt template are read as `init(from:)` reads them — the same value,
/// or the same error — never misread.
@Suite("Hostile derived lines")
struct LineTemplateHostileTests {
  typealias Action = Podcast.Action

  /// The template's reading and `init(from:)`'s: both the same value (by its Swift text), or
  /// both the same error. Each line is read twice, so that the second is through its template.
  private func alike(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let slow = Result { () throws(ValueSyntaxError) in
      try ValueSyntaxDecoder.decode(Action.self, from: line)
    }
    for _ in 0..<2 {
      let fast = Result { () throws(ValueSyntaxError) in
        try LineTemplates.decode(Action.self, line)
      }
      switch (fast, slow) {
      case (.success(let a), .success(let b)):
        #expect(
          (try? ValueSyntaxEncoder.encode(a)) == (try? ValueSyntaxEncoder.encode(b)), "\(line)",
          sourceLocation: sourceLocation)
      case (.failure(let a), .failure(let b)):
        #expect(a == b, "\(line)", sourceLocation: sourceLocation)
      default:
        Issue.record(
          "\(line): \(fast) by the template, \(slow) by init(from:)",
          sourceLocation: sourceLocation)
      }
    }
  }

  /// The templates these lines are made to look like, learnt first.
  private func learn() throws {
    for line in [
      ".moved(from: 1, to: 2)", ".volume(0.5)", #".added(title: "Swift Talk")"#,
      #".search(.answered(["a", "b"]))"#, ".episodes(.element(id: 1, action: .progress(5)))",
      #".episodes(.element(id: 1, action: .finished(bytes: 3, at: "2026-11-29T03:45:12Z")))"#,
    ] {
      _ = try LineTemplates.decode(Action.self, line)
      _ = try LineTemplates.decode(Action.self, line)
    }
  }

  @Test("a literal that looks like another template's text is a string, not that template")
  func literalLikeATemplate() throws {
    try learn()
    alike(#".added(title: ".moved(from: 1, to: 2)")"#)
    alike(#".added(title: "\u{01}")"#)
    alike(#".search(.answered([".volume(0.5)", "]), .cleared"]))"#)
    #expect(
      try LineTemplates.decode(Action.self, #".added(title: ".moved(from: 1, to: 2)")"#)
        == .added(title: ".moved(from: 1, to: 2)"))
  }

  @Test("the marks of a template's text typed where its literals go are refused")
  func marksAsText() throws {
    try learn()
    for line in [".moved(from: \u{01}, to: \u{01})", ".volume(\u{01})", ".added(title: \u{02})"] {
      alike(line)
      #expect(throws: ValueSyntaxError.self) { try LineTemplates.decode(Action.self, line) }
    }
  }

  @Test("numbers too large, -0, NaN and infinity as text, and misplaced kinds")
  func numbers() throws {
    try learn()
    for line in [
      ".moved(from: 99999999999999999999, to: 2)", ".moved(from: -9223372036854775808, to: 0)",
      ".moved(from: 9223372036854775808, to: 0)", ".moved(from: -0, to: 0)",
      ".volume(-0.0)", ".volume(-0)", ".volume(1e999)", ".volume(-1e999)", ".volume(1e-999)",
      ".volume(.nan)", ".volume(.infinity)", ".volume(-.infinity)", #".volume("NaN")"#,
      ".volume(1_000.5)", ".volume(1e)", ".volume(0x10)", ".moved(from: 1.5, to: 2)",
      ".moved(from: 1e3, to: 2)", ".moved(from: 1_000, to: 2_0)", ".moved(from: +1, to: 2)",
      ".episodes(.element(id: 1, action: .progress(-0)))",
      #".episodes(.element(id: 1, action: .finished(bytes: 3, at: 1e999)))"#,
      #".episodes(.element(id: 1, action: .finished(bytes: 3, at: "2026-13-29T03:45:12Z")))"#,
      #".episodes(.element(id: 1, action: .finished(bytes: 3, at: -12.5)))"#,
    ] {
      alike(line)
    }
    let negativeZero = try LineTemplates.decode(Action.self, ".volume(-0.0)")
    #expect(negativeZero == .volume(0) && "\(negativeZero)".contains("-0.0"))
  }

  @Test("strings with escapes, unicode escapes, bad escapes and bytes beyond ASCII")
  func strings() throws {
    try learn()
    for line in [
      #".added(title: "\u{1F436} \u{41}\t\"\\")"#, #".added(title: "\u{D800}")"#,
      #".added(title: "\q")"#, #".added(title: "서울 \"live\"")"#, #".added(title: "")"#,
      #".added(title: "a\(b)")"#, #".added(title: "abc)"#, #".search(.answered(["\u{0}", ""]))"#,
      #".search(.answered(["a", 1]))"#, #".search(.answered(["a", "b", "c"]))"#,
    ] {
      alike(line)
    }
  }

  @Test("a derived log line with JSON escapes reads the same in place as parsed")
  func jsonEscapesInPlace() throws {
    let lines = [
      #"{"seq":1,"src":"sent","action":".added(title: \"Swift \\\"Talk\\\"\")","fp":"0000000000000001"}"#,
      #"{"seq":1,"src":"sent","action":".added(title: \"\u0041\ud83d\udc36\")"}"#,
      #"{"seq":1,"src":"sent","action":"\u002emoved(from: 1, to: 2)"}"#,
      #"{"seq":1,"src":"sent","action":".added(title: \"\ud800\")"}"#,
      #"{"seq":1,"src":"effect","action":".moved(from: 1, to: 2)","x":1}"#,
    ]
    for text in lines {
      var parsed = LogLine()
      parsed.bytes = Array(text.utf8)
      try parsed.parse()
      let slow = try? DerivedAction<Action>(logLine: &parsed).action
      let fast = parsed.bytes.withUnsafeBufferPointer {
        LogLine.readInPlace($0, as: DerivedAction<Action>.self)?.action
      }
      // In place, a line is read whole or left to the parser: never read otherwise.
      #expect(fast == nil || fast == slow, "\(text)")
    }
    let quoted = Array(lines[0].utf8).withUnsafeBufferPointer {
      LogLine.readInPlace($0, as: DerivedAction<Action>.self)?.action
    }
    #expect(quoted == .added(title: #"Swift "Talk""#))
  }
}
