import Foundation
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

/// Commands that write never write over a file they read, however its path is spelled: the
/// files are compared by device and inode, not by the text of their paths.
@MainActor
@Suite("Writing never destroys an input")
struct InputIdentityTests {
  /// A folder `d` holding `input.log` (a copy of the clock fixture), with `link` a symbolic
  /// link to `d`, `hard.log` a second name of the log and `alias.log` a symbolic link to it.
  private struct Folder {
    let root: URL
    var log: String { root.appendingPathComponent("d/input.log").path }

    init() throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "uniflow-identity-\(UUID().uuidString)")
      let d = root.appendingPathComponent("d")
      try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
      let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("EmittedTests/Logs/clock.log")
      try FileManager.default.copyItem(at: fixture, to: d.appendingPathComponent("input.log"))
      try FileManager.default.createSymbolicLink(
        atPath: root.appendingPathComponent("link").path, withDestinationPath: d.path)
      try FileManager.default.linkItem(
        atPath: log, toPath: d.appendingPathComponent("hard.log").path)
      try FileManager.default.createSymbolicLink(
        atPath: d.appendingPathComponent("alias.log").path, withDestinationPath: "input.log")
    }

    /// The symbolic link to the log itself: written through, it would be the log.
    var alias: String { root.appendingPathComponent("d/alias.log").path }

    /// The ways to name the log other than its own path.
    var spellings: [String] {
      [
        root.appendingPathComponent("link/input.log").path,
        root.appendingPathComponent("d/../d/./input.log").path,
        root.appendingPathComponent("link/../d/input.log").path,
        "/proc/self/root" + log,
        "/proc/self/cwd"
          + String(
            repeating: "/..",
            count: FileManager.default.currentDirectoryPath.split(separator: "/").count) + log,
        root.appendingPathComponent("d/hard.log").path,
        root.appendingPathComponent("d/alias.log").path,
        log,
      ]
    }

    func contents() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: log)) }
    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  private func run(_ arguments: [String]) throws -> (Int32, RecordingConsole) {
    let console = RecordingConsole()
    let rest = Array(arguments.dropFirst())
    switch arguments.first {
    case "shrink":
      let request = try UniflowArguments.shrink(rest)
      return (ConsoleShrink(UniflowApp()).run(request, console: console), console)
    case "replay":
      let request = try #require(try UniflowArguments.replay(rest))
      return (ConsoleReplay(UniflowApp()).run(request, console: console), console)
    default: throw ArgumentError("not a shrink or a replay")
    }
  }

  @Test("shrink --output --force refuses the log being shrunk, by every spelling of its path")
  func shrinkRefusesItsInput() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let original = try folder.contents()
    for spelling in folder.spellings {
      let (status, console) = try run([
        "shrink", folder.log, "--until", "clock", "--output", spelling, "--force",
      ])
      #expect(status == 2, "\(spelling)")
      #expect(
        console.errors == [
          "uniflow: \(spelling): is a file this command reads (the same file, by another path), "
            + "and writing it would destroy it; choose another file"
        ], "\(spelling)")
      #expect(try folder.contents() == original, "\(spelling)")
    }
  }

  @Test("--emit-test refuses the log being replayed, by every spelling of its path")
  func emitTestRefusesItsInput() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let original = try folder.contents()
    // A symbolic link as the file is refused as a link; the rest are the log itself.
    for spelling in folder.spellings {
      let (status, console) = try run(["replay", folder.log, "--emit-test=\(spelling)"])
      #expect(status == 2, "\(spelling)")
      let refusal =
        spelling == folder.alias
        ? "uniflow: \(spelling) is not a regular file (a link, a FIFO or a device); --emit-test "
          + "writes only a file of its own: choose another"
        : "uniflow: \(spelling) is the log being replayed (the same file, by another path); "
          + "--emit-test never writes over it: choose another file"
      #expect(console.errors == [refusal], "\(spelling)")
      #expect(try folder.contents() == original, "\(spelling)")
    }
  }

  @Test(
    "--record --force and :record --force refuse the script read as standard input, by every spelling"
  )
  func recordRefusesItsScript() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let script = folder.root.appendingPathComponent("d/script.txt")
    try Data("tomorrow\n".utf8).write(to: script)
    try FileManager.default.linkItem(
      atPath: script.path, toPath: folder.root.appendingPathComponent("d/script2.txt").path)
    try FileManager.default.createSymbolicLink(
      atPath: folder.root.appendingPathComponent("d/alias.txt").path,
      withDestinationPath: "script.txt")
    // Each run's working directory is the folder's root, which /proc/self/cwd names.
    let spellings = [
      folder.root.appendingPathComponent("link/script.txt").path,
      folder.root.appendingPathComponent("d/../d/script.txt").path,
      "/proc/self/cwd/d/script.txt",
      folder.root.appendingPathComponent("d/script2.txt").path,
      folder.root.appendingPathComponent("d/alias.txt").path,
    ]
    let before = try Data(contentsOf: script)
    for spelling in spellings {
      let result = try await ShellCommand.run(
        "'\(UniflowBinary.url.path)' --offline --no-default-location --record '\(spelling)' "
          + "--force < d/script.txt",
        in: folder.root)
      #expect(result.status != 0, "\(spelling)")
      #expect(
        result.output.contains(
          "\(spelling): is a file this command reads (the same file, by another path)"),
        "\(result.output)")
      #expect(try Data(contentsOf: script) == before, "\(spelling)")
    }
    // The same from inside the session: the script asks to record over itself.
    try Data(spellings.map { ":record \($0) --force\n" }.joined().utf8).write(to: script)
    let recorded = try Data(contentsOf: script)
    let result = try await ShellCommand.run(
      "'\(UniflowBinary.url.path)' --offline --no-default-location < d/script.txt",
      in: folder.root)
    #expect(result.status == 1, "\(result.output)")
    for spelling in spellings {
      #expect(
        result.output.contains(
          "\(spelling): is a file this command reads (the same file, by another path)"),
        "\(spelling): \(result.output)")
    }
    #expect(try Data(contentsOf: script) == recorded)
  }
}
