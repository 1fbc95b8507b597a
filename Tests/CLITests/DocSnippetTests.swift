import Foundation
import Testing

/// Every `swift` block of README.md, docs/*.md and the DocC articles shows compiled code: it
/// follows a `<!-- snippet: PATH#NAME -->` marker and equals that region of that file, which
/// `swift build` (or, for Examples/, `.ci/run`) compiles — or it says it is a fragment.
@Suite("Swift snippets in the documentation")
struct DocSnippetTests {
  /// What a block's marker asks for.
  enum Marker: Equatable {
    case snippet(path: String, name: String)
    case fragment(reason: String)
  }

  /// The marker in `line`, if it is `<!-- snippet: PATH#NAME -->` or `<!-- fragment: WHY -->`.
  static func marker(_ line: String) -> Marker? {
    let text = line.trimmingCharacters(in: .whitespaces)
    guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { return nil }
    let body = text.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
    if body.hasPrefix("snippet:") {
      let reference = body.dropFirst("snippet:".count).trimmingCharacters(in: .whitespaces)
      let parts = reference.split(separator: "#", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
      return .snippet(path: parts[0], name: parts[1])
    }
    if body.hasPrefix("fragment:") {
      let reason = body.dropFirst("fragment:".count).trimmingCharacters(in: .whitespaces)
      return reason.isEmpty ? nil : .fragment(reason: reason)
    }
    return nil
  }

  /// The lines of `source` between `// snippet: NAME` and its `// snippet: end`, with the
  /// marker's indentation, nested markers and blank lines at either end left out; nil when there
  /// is no such region.
  static func region(_ name: String, in source: String) -> [String]? {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard
      let start = lines.firstIndex(where: {
        $0.trimmingCharacters(in: .whitespaces) == "// snippet: \(name)"
      })
    else { return nil }
    let indent = lines[start].prefix { $0 == " " }.count
    var depth = 1
    var region: [String] = []
    for line in lines[(start + 1)...] {
      let text = line.trimmingCharacters(in: .whitespaces)
      if text.hasPrefix("// snippet: ") {
        depth += text == "// snippet: end" ? -1 : 1
        if depth == 0 { return trimmingBlankLines(region) }
        continue
      }
      let leading = line.prefix { $0 == " " }.count
      region.append(String(line.dropFirst(min(indent, leading))))
    }
    return nil  // no end marker
  }

  static func trimmingBlankLines(_ lines: [String]) -> [String] {
    let isBlank = { (line: String) in line.trimmingCharacters(in: .whitespaces).isEmpty }
    guard let first = lines.firstIndex(where: { !isBlank($0) }),
      let last = lines.lastIndex(where: { !isBlank($0) })
    else { return [] }
    return Array(lines[first...last])
  }

  @Test("a region is the lines between its markers, dedented, without nested markers")
  func regions() {
    let source = """
      struct A {
        // snippet: outer
        func f() {
          // snippet: inner
          g()
          // snippet: end
        }
        // snippet: end
      }
      """
    #expect(Self.region("outer", in: source) == ["func f() {", "  g()", "}"])
    #expect(Self.region("inner", in: source) == ["g()"])
    #expect(Self.region("missing", in: source) == nil)
    #expect(
      Self.region("padded", in: "// snippet: padded\n\nimport A\n\n// snippet: end") == ["import A"]
    )
    #expect(Self.region("open", in: "// snippet: open\nx\n") == nil)
  }

  @Test("markers name a file and a region, or say why a block is a fragment")
  func markers() {
    #expect(
      Self.marker("<!-- snippet: Examples/Counter/Package.swift#manifest -->")
        == .snippet(path: "Examples/Counter/Package.swift", name: "manifest"))
    #expect(
      Self.marker("<!-- fragment: cases inside a switch -->")
        == .fragment(reason: "cases inside a switch"))
    #expect(Self.marker("<!-- snippet: Package.swift -->") == nil)
    #expect(Self.marker("<!-- fragment: -->") == nil)
    #expect(Self.marker("Some text.") == nil)
  }

  static var swiftBlocks: [DocFiles.Block] {
    DocFiles.blocks(language: "swift", in: DocFiles.markdown + DocFiles.doccArticles)
  }

  @Test("the documentation has Swift snippets, in the README and the DocC articles")
  func snippetsExist() {
    let files = Set(Self.swiftBlocks.map(\.file))
    #expect(files.contains("README.md"))
    #expect(files.contains { $0.contains(".docc/") })
  }

  @Test("shows the marked region of a compiled file", arguments: swiftBlocks)
  func snippet(_ block: DocFiles.Block) throws {
    guard let marker = Self.marker(block.lineBefore) else {
      Issue.record(
        """
        \(block.location): a swift block without a marker. Put the code in Examples/ or a test, \
        mark it `// snippet: NAME` … `// snippet: end`, and write \
        `<!-- snippet: PATH#NAME -->` on the line before the block (or \
        `<!-- fragment: WHY -->` if it cannot compile on its own).
        """)
      return
    }
    guard case .snippet(let path, let name) = marker else { return }
    let compiled = ["Sources/", "Tests/", "Examples/"].contains { path.hasPrefix($0) }
    #expect(compiled, "\(block.location): \(path) is not in Sources/, Tests/ or Examples/")
    let source = try #require(
      try? String(contentsOfFile: DocFiles.path(path), encoding: .utf8),
      "\(block.location): no file \(path)")
    let region = try #require(
      Self.region(name, in: source),
      "\(block.location): \(path) has no region `// snippet: \(name)` … `// snippet: end`")
    #expect(
      block.lines == region,
      """
      \(block.location) differs from \(path)#\(name); the region is
      \(region.joined(separator: "\n"))
      """)
  }
}
