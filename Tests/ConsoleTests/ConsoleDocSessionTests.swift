import Console
import Foundation
import PodcastsFeature
import Store
import Testing

@testable import Console

/// The sessions docs/console.md shows of Examples/Podcasts' one-line console: each block after
/// a `<!-- session: podcasts -->` marker, its `$ printf '%s\n' 'LINE' … | PodcastsConsole` typed
/// into a session of that feature, which must print what the block shows under it, output and
/// errors in the order they came.
@MainActor
@Suite("The one-line console's sessions in docs/console.md")
struct ConsoleDocSessionTests {
  /// Output and errors in one list, in order.
  final class OrderedConsole: Console {
    var lines: [String] = []
    func output(_ line: TerminalText) { lines.append(line.escaped) }
    func error(_ line: TerminalText) { lines.append(line.escaped) }
  }

  /// The blocks of the document that follow the marker: each command's typed lines and the
  /// lines shown under it.
  static func blocks() throws -> [(input: [String], expected: [String])] {
    let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/console.md")
    let lines = try String(contentsOf: document, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var blocks: [(input: [String], expected: [String])] = []
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      guard lines[index] == "<!-- session: podcasts -->" else { continue }
      index += 2  // the marker, then the fence
      var command = ""
      while index < lines.count, command.isEmpty || command.hasSuffix("\\") {
        command += (command.isEmpty ? "" : "\n") + lines[index]
        index += 1
      }
      var expected: [String] = []
      while index < lines.count, lines[index] != "```" {
        expected.append(lines[index])
        index += 1
      }
      blocks.append((Self.typed(command), expected))
    }
    return blocks
  }

  /// The quoted arguments of `printf '%s\n' 'A' 'B' …`: the lines typed.
  static func typed(_ command: String) -> [String] {
    var lines: [String] = []
    var rest = Substring(command.dropFirst("$ printf '%s\\n' ".count))
    while let open = rest.firstIndex(of: "'") {
      let after = rest[rest.index(after: open)...]
      guard let close = after.firstIndex(of: "'") else { break }
      lines.append(String(after[..<close]))
      rest = after[after.index(after: close)...]
    }
    return lines
  }

  @Test("each session shown prints exactly what the document shows under it")
  func sessionsAsShown() async throws {
    let blocks = try Self.blocks()
    #expect(!blocks.isEmpty)
    for block in blocks {
      let console = OrderedConsole()
      let app = ReducerConsoleApp(Feature(), name: "PodcastsConsole", version: "0.0.0")
      let session = ConsoleSession(
        app, initialState: Feature.State(), horizon: 100,
        dependencies: {
          $0.downloadClient = .liveValue
          $0.searchClient = .liveValue
        }, console: console,
        isScript: true)
      await session.launch([])
      await session.run(
        AsyncStream { continuation in
          for line in block.input { continuation.yield(line) }
          continuation.finish()
        })
      #expect(console.lines == block.expected, "\(block.input)")
    }
  }
}
