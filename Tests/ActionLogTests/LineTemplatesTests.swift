import Foundation
import Store
import TestSupport
import Testing

@testable import ActionLog

@Suite("Derived lines read through their templates")
struct LineTemplatesTests {
  typealias Action = Podcast.Action

  private func template(of text: String) -> TemplateBox? {
    var text = text
    return text.withUTF8 { bytes in
      LineShape(bytes).flatMap { TemplateStore.of(Action.self).template($0, bytes) }
    }
  }

  @Test("a template is learnt from a line's first reading, and makes the lines that share it")
  func learns() throws {
    let lines = [
      ".moved(from: 3, to: 4)", ".moved(from: -7, to: 1_000)",
      ".episodes(.element(id: 7, action: .progress(42)))",
      ".episodes(.element(id: 9, action: .progress(0)))",
      #".added(title: "Swift Talk")"#, #".added(title: "a \"quoted\" one, and a long one too")"#,
      ".volume(0.5)", ".volume(2)", ".cleared",
    ]
    for line in lines {
      #expect(
        try LineTemplates.decode(Action.self, line)
          == ValueSyntaxDecoder.decode(Action.self, from: line),
        "\(line)")
    }
    #expect(template(of: ".moved(from: 3, to: 4)")?.slots?.count == 2)
    #expect(template(of: ".episodes(.element(id: 7, action: .progress(42)))")?.slots?.count == 2)
    #expect(template(of: #".added(title: "x")"#)?.slots?.count == 1)
    #expect(template(of: ".volume(0.5)")?.slots?.count == 1)
  }
}

extension LineTemplatesTests {
  @Test("dates, decimals in a Double, and strings with escapes take the fast way too")
  func datesAndStrings() throws {
    let lines = [
      #".episodes(.element(id: 1, action: .finished(bytes: 9, at: "2026-11-29T03:45:12Z")))"#,
      #".episodes(.element(id: 2, action: .finished(bytes: 10, at: "2026-11-29T03:45:12.25Z")))"#,
      ".volume(1)", ".volume(-2.5e-3)",
      #".search(.queryChanged("a\n\"b\""))"#, #".search(.queryChanged("서울 🐶"))"#,
      #".played(3, speed: .fast)"#, #".played(nil, speed: .fast)"#,
    ]
    for line in lines {
      #expect(
        try LineTemplates.decode(Action.self, line)
          == ValueSyntaxDecoder.decode(Action.self, from: line),
        "\(line)")
      #expect(
        try LineTemplates.decode(Action.self, line)
          == ValueSyntaxDecoder.decode(Action.self, from: line),
        "\(line), again")
    }
    #expect(template(of: lines[0])?.slots?.count == 3)
    #expect(template(of: lines[4])?.slots?.count == 1)
    #expect(template(of: lines[6])?.slots?.count == 1)
  }

  @Test("lists of literals take the fast way, one template for each length")
  func lists() throws {
    let lines = [
      #".search(.answered(["Swift Talk", "Swift by Sundell"]))"#,
      #".search(.answered(["Point-Free", "a \"quoted\" one, longer than fifteen bytes"]))"#,
      #".search(.answered(["one"]))"#, #".search(.answered([]))"#,
      #".episodes(.element(id: 4, action: .tagged(["a", "b", "c"])))"#,
      #".episodes(.element(id: 5, action: .tagged(["d", "e", "f"])))"#,
    ]
    for line in lines {
      for _ in 0..<2 {
        #expect(
          try LineTemplates.decode(Action.self, line)
            == ValueSyntaxDecoder.decode(Action.self, from: line),
          "\(line)")
      }
    }
    let list = try #require(template(of: lines[0])?.slots)
    #expect(list.map(\.kind) == [.stringList] && list.map(\.holes) == [2])
    #expect(template(of: lines[2])?.slots?.map(\.holes) == [1])
    #expect(template(of: lines[4])?.slots?.map(\.kind) == [.int, .stringList])
  }

  @Test("a line whose literal does not fit its learnt slot is read by init(from:)")
  func misfits() throws {
    _ = try LineTemplates.decode(Action.self, ".moved(from: 1, to: 2)")
    #expect(throws: ValueSyntaxError.self) {
      try LineTemplates.decode(Action.self, ".moved(from: 99999999999999999999, to: 2)")
    }
  }
}
