import Foundation
import TestSupport
import Testing

/// Every `console` block of README.md and docs/*.md, run: each `$ ` line with bash in a fresh
/// folder per block, `uniflow` the built binary, the clock and zone pinned; what it prints —
/// stdout and stderr together — must be the lines the document shows under it, exactly.
@Suite("console examples in the documentation")
struct DocExampleTests {
  /// The environment every example runs in, unless its command sets these itself.
  static let pinned = [
    "UNIFLOW_FIXED_NOW": "2026-11-29T03:45:12Z", "TZ": "Asia/Seoul", "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
  ]

  /// A `$ ` command of a block (with its `\` continuation lines) and what it must print.
  struct Step: Equatable {
    var command: String
    var expected: String
  }

  /// The steps of a console block's lines; lines before the first `$ ` are ignored.
  static func steps(_ lines: [String]) -> [Step] {
    var steps: [Step] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix("$ ") else {
        index += 1
        continue
      }
      var command = String(lines[index].dropFirst(2))
      while command.hasSuffix("\\"), index + 1 < lines.count {
        index += 1
        command += "\n" + lines[index]
      }
      index += 1
      var expected = ""
      while index < lines.count, !lines[index].hasPrefix("$ ") {
        expected += lines[index] + "\n"
        index += 1
      }
      steps.append(Step(command: command, expected: expected))
    }
    return steps
  }

  @Test("a block is split into commands, continuation lines and the output under each")
  func splitsBlocks() {
    let lines = [
      "$ printf 'a\\n' \\", "    | uniflow --offline", "clock: x", "", "dog: y",
      "$ uniflow replay s.log",
      "$ echo done", "done",
    ]
    #expect(
      Self.steps(lines) == [
        Step(
          command: "printf 'a\\n' \\\n    | uniflow --offline", expected: "clock: x\n\ndog: y\n"),
        Step(command: "uniflow replay s.log", expected: ""),
        Step(command: "echo done", expected: "done\n"),
      ])
  }

  @Test("the documentation has console examples, and each has a command")
  func examplesExist() {
    let blocks = DocFiles.blocks(language: "console")
    #expect(blocks.count >= 10)
    #expect(blocks.filter { Self.steps($0.lines).isEmpty }.map(\.location) == [])
    #expect(blocks.contains { $0.file == "README.md" })
  }

  @Test("prints what the document shows", arguments: DocFiles.blocks(language: "console"))
  func example(_ block: DocFiles.Block) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("uniflow-doc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let binaries = UniflowBinary.url.deletingLastPathComponent().path
    var environment = Self.pinned
    environment["PATH"] = binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
    for step in Self.steps(block.lines) {
      let result = try await ShellCommand.run(step.command, in: folder, environment: environment)
      #expect(
        result.output == step.expected,
        """
        \(block.location): `$ \(step.command)` printed
        \(result.output)
        but the document shows
        \(step.expected)
        """)
    }
  }
}
