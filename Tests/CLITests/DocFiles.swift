import Foundation
import Testing

/// The repository's documentation as the doc tests read it: README.md, docs/*.md and the DocC
/// articles, split into fenced code blocks.
///
/// ```swift
/// for block in DocFiles.blocks(language: "console") { print(block.location) }  // README.md:31
/// ```
enum DocFiles {
  /// The repository's root, from this file's place in it.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// README.md and every docs/*.md, as paths relative to the root, sorted.
  static var markdown: [String] {
    let docs = (try? FileManager.default.contentsOfDirectory(atPath: path("docs"))) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  /// The articles of every DocC catalog under Sources/, as paths relative to the root, sorted.
  static var doccArticles: [String] {
    let enumerator = FileManager.default.enumerator(atPath: path("Sources"))
    var found: [String] = []
    while let file = enumerator?.nextObject() as? String {
      if file.hasSuffix(".md"), file.contains(".docc/") { found.append("Sources/" + file) }
    }
    return found.sorted()
  }

  static func path(_ relative: String) -> String {
    root.appendingPathComponent(relative).path
  }

  /// One fenced block: where it is, its language, its lines, and the last non-blank line before
  /// its opening fence (where a `<!-- snippet: … -->` marker goes).
  struct Block: Sendable, CustomTestStringConvertible {
    var file: String
    /// The line of the opening fence, counted from 1.
    var line: Int
    var language: String
    var lines: [String]
    var lineBefore: String

    var location: String { "\(file):\(line)" }
    var testDescription: String { location }
  }

  /// Every block fenced with ``` in `files` whose info string is `language`.
  static func blocks(language: String, in files: [String] = markdown) -> [Block] {
    files.flatMap { file -> [Block] in
      guard let text = try? String(contentsOfFile: path(file), encoding: .utf8) else { return [] }
      return blocks(in: text, file: file).filter { $0.language == language }
    }
  }

  /// The fenced blocks of a Markdown `text`. A fence is ``` after any indentation (a block in a
  /// list item is indented); the block's lines lose that indentation. An unclosed block runs to
  /// the end of the text.
  static func blocks(in text: String, file: String) -> [Block] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var blocks: [Block] = []
    var index = 0
    var lastText = ""
    while index < lines.count {
      let line = lines[index]
      let indent = line.prefix { $0 == " " }.count
      guard line.dropFirst(indent).hasPrefix("```") else {
        if !line.trimmingCharacters(in: .whitespaces).isEmpty { lastText = line }
        index += 1
        continue
      }
      let language = String(line.dropFirst(indent + 3)).trimmingCharacters(in: .whitespaces)
      var end = index + 1
      while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        end += 1
      }
      let content = lines[(index + 1)..<min(end, lines.count)].map { line in
        String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count)))
      }
      blocks.append(
        Block(
          file: file, line: index + 1, language: language, lines: content, lineBefore: lastText))
      lastText = ""
      index = end + 1
    }
    return blocks
  }
}
