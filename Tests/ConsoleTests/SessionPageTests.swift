import ActionLog
import Foundation
import Testing

@testable import Console
@testable import TestSupport

/// The session page's data: escaped to sit inside `<script>`, patches that rebuild every state,
/// checkpoints spaced by size, and a bounded file for a long session.
@Suite("The session page's generator")
struct SessionPageTests {
  static let hostile = [
    "</script><script>window.__xss=1</script>", "<!-- <script>", "\"quotes\" and 'single'",
    "back\\slash", "bell \u{7} nul \u{0} escape \u{1B}[31m del \u{7F}", "line\u{2028}para\u{2029}",
    "</SCRIPT >", "서울 🐕 &amp; &lt;",
  ]

  @Test("a string is written so that no <, >, &, control character or U+2028/9 is left raw")
  func escapesForScript() throws {
    for text in Self.hostile {
      var bytes: [UInt8] = []
      PageJSON.string(text).write(to: &bytes)
      let written = String(decoding: bytes, as: UTF8.self)
      #expect(!written.contains("<") && !written.contains(">") && !written.contains("&"))
      #expect(!written.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
      #expect(!written.contains("\u{2028}") && !written.contains("\u{2029}"))
      // What JSON.parse reads back is the text itself.
      let back = try JSONDecoder().decode(String.self, from: Data(bytes))
      #expect(back == text)
      #expect(try PageJSONParser.parse(bytes) == .string(text))
    }
  }

  @Test("the page of a hostile session closes its data element only where the page does")
  func hostilePageHasNoStrayScriptEnd() throws {
    var page = try SessionPage(app: "tally </script>", title: Self.hostile[0], start: Tally.State())
    var state = Tally.State()
    for (seq, text) in Self.hostile.enumerated() {
      state.notes.append(text)
      try page.append(
        PageAction(seq: seq + 1, source: "sent", text: text, name: text), state: state)
    }
    let html = String(decoding: page.html(), as: UTF8.self).lowercased()
    let shell =
      (PageResources.head + PageResources.body + PageResources.scriptStart
      + PageResources.end).lowercased()
    #expect(
      html.components(separatedBy: "</script").count
        == shell.components(separatedBy: "</script").count)
    #expect(
      html.components(separatedBy: "<script").count
        == shell.components(separatedBy: "<script").count)
    #expect(!html.contains("<!--"))
    let data = try Self.data(of: page)
    #expect(data["title"] == .string(Self.hostile[0]))
    guard case .array(let actions)? = data["actions"] else {
      Issue.record("no actions")
      return
    }
    #expect(actions.map { Self.item(3, of: $0) } == Self.hostile.map { .string($0) })
  }

  @Test("the patches rebuild every state from the checkpoint before it, for every kind of change")
  func patchesRebuildEveryState() throws {
    var generator = SplitMix(seed: 7)
    var states: [Shelf] = [Shelf()]
    for _ in 0..<600 { states.append(states.last!.mutated(&generator)) }
    var page = try SessionPage(app: "shelf", title: "t", start: states[0])
    for (offset, state) in states.dropFirst().enumerated() {
      try page.append(
        PageAction(seq: offset + 1, source: "sent", text: "", name: "x"), state: state,
        unchanged: state == states[offset])
    }
    let data = try Self.data(of: page)
    let (patches, checkpoints) = try Self.layout(data)
    for position in 0..<states.count {
      let from = checkpoints.keys.filter { $0 <= position }.max()!
      var state = checkpoints[from]!
      for index in from..<position { state = try PatchApplier.apply(patches[index], to: state) }
      #expect(
        PatchApplier.sorted(state) == (try Self.json(states[position])), "position \(position)")
    }
  }

  @Test(
    "each state is rebuilt from fewer patch bytes than its own size, and checkpoints take no more than the patches"
  )
  func checkpointsAreSpacedBySize() throws {
    var generator = SplitMix(seed: 3)
    var state = Shelf()
    var page = try SessionPage(app: "shelf", title: "t", start: state)
    for seq in 1...3_000 {
      state = state.mutated(&generator)
      try page.append(PageAction(seq: seq, source: "sent", text: "", name: "x"), state: state)
    }
    var since = 0
    var checkpointBytes = 0
    for position in 1...page.count {
      since += page.patchSizes[position - 1]
      if page.checkpoints.contains(position) {
        #expect(since >= page.stateSizes[position])
        checkpointBytes += page.stateSizes[position]
        since = 0
      } else {
        #expect(since < page.stateSizes[position], "position \(position)")
      }
    }
    #expect(checkpointBytes <= page.patchSizes.reduce(0, +))
    #expect(page.checkpoints.count > 10)
  }

  @Test("a 100,000-action session makes a page of a few MB, its checkpoints within the bound")
  func longSessionIsBounded() throws {
    var state = Tally.State()
    var page = try SessionPage(app: "tally", title: "long", start: state)
    for seq in 1...100_000 {
      state.total &+= seq
      if seq % 100 == 0 { state.notes = ["note \(seq)"] }
      try page.append(
        PageAction(seq: seq, source: "sent", text: "add amount=\(seq)", name: "add"), state: state)
    }
    let size = page.html().count
    #expect(size < 20_000_000, "\(size) bytes")
    #expect(size > 5_000_000, "\(size) bytes")
    let patches = page.patchSizes.reduce(0, +)
    let checkpoints = page.checkpoints.dropFirst().map { page.stateSizes[$0] }.reduce(0, +)
    #expect(checkpoints <= patches)
    #expect(page.checkpoints.count > 1_000)
  }

  @Test("a patch names an element of a list by its id, as the console's paths do")
  func patchPathsUseIds() throws {
    let before = try PageJSONParser.parse(
      Array(#"{"todos":[{"id":1,"done":false},{"id":"a\"b","done":false}]}"#.utf8))
    let after = try PageJSONParser.parse(
      Array(#"{"todos":[{"id":1,"done":true},{"id":"a\"b","done":true}]}"#.utf8))
    let ops = PagePatch.between(before, after)
    #expect(
      ops.map { Self.item(3, of: $0) } == [
        .string("todos[id: 1].done"), .string(#"todos[id: "a\"b"].done"#),
      ])
    #expect(PagePatch.between(before, before).isEmpty)
    #expect(PagePatch.between(.number("1"), .string("x")) == [PatchApplier.set([], .string("x"))])
  }

  @Test("JSON text nested too deeply is refused, not recursed into")
  func deepJSONRefused() throws {
    let deep = Array(String(repeating: "[", count: 10_000).utf8)
    #expect(throws: PageJSONParser.Failure.self) { try PageJSONParser.parse(deep) }
    #expect(throws: PageJSONParser.Failure.self) { try PageJSONParser.parse(Array("[1,".utf8)) }
    #expect(try PageJSONParser.parse(Array(#""\ud83d\udc15""#.utf8)) == .string("🐕"))
  }

  // MARK: Helpers

  /// The page's data, read back from its HTML as a browser would.
  static func data(of page: SessionPage) throws -> PageJSON {
    let html = page.html()
    let text = String(decoding: html, as: UTF8.self)
    let start = try #require(text.range(of: #"id="session">"#)).upperBound
    let end = try #require(text.range(of: "</script>", range: start..<text.endIndex)).lowerBound
    return try PageJSONParser.parse(Array(text[start..<end].utf8))
  }

  static func json<Value: Encodable>(_ value: Value) throws -> PageJSON {
    try PageJSONParser.parse(LogStateCoding.encode(value, with: LogStateCoding.encoder()))
  }

  /// Each action's patch, and the kept states by position.
  static func layout(_ data: PageJSON) throws -> ([[PageJSON]], [Int: PageJSON]) {
    guard case .array(let actions)? = data["actions"], case .object(let states)? = data["states"]
    else { throw PageTestError() }
    let patches = actions.map { action -> [PageJSON] in
      if case .array(let ops)? = item(5, of: action) { return ops }
      return []
    }
    var kept: [Int: PageJSON] = [:]
    for member in states { kept[Int(member.key)!] = member.value }
    return (patches, kept)
  }
}

struct PageTestError: Error {}

extension SessionPageTests {
  /// Element `index` of an array in the page's data, or nil.
  static func item(_ index: Int, of value: PageJSON) -> PageJSON? {
    guard case .array(let items) = value, index < items.count else { return nil }
    return items[index]
  }
}
