import Foundation
import TestSupport
import Testing

/// scripts/install.sh with `--binary` (the built `uniflow`, so no release build is needed):
/// prefixes are the caller's, options are options, and the PATH line is safe to paste.
@Suite("Installing with scripts/install.sh")
struct InstallScriptTests {
  private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "scripts/install.sh"
    ).path

  /// A fresh folder to run the script from.
  private static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("uniflow-install-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Runs `install.sh --binary <uniflow> arguments…` in `folder`; every argument single-quoted.
  private static func install(_ arguments: [String], in folder: URL) async throws
    -> ShellCommand.Result
  {
    let words = [script, "--binary", UniflowBinary.url.path] + arguments
    let command = words.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
      .joined(separator: " ")
    return try await ShellCommand.run(command, in: folder, environment: ["PATH": "/usr/bin:/bin"])
  }

  @Test("a relative PREFIX is relative to the caller's folder, not the clone's")
  func relativePrefix() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await Self.install(["here"], in: folder)
    #expect(result.status == 0, "\(result.output)")
    let installed = folder.appendingPathComponent("here/bin/uniflow").path
    #expect(FileManager.default.isExecutableFile(atPath: installed))
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("here/share/doc/uniflow/NOTICE.md").path))
    #expect(
      result.output.hasSuffix("add it to PATH: export PATH='\(folder.path)/here/bin':\"$PATH\"\n"))
  }

  @Test("a PREFIX that begins with - is refused as an option, and taken after --")
  func dashPrefix() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let refused = try await Self.install(["-x"], in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.output
        == "install.sh: unknown option '-x'; a PREFIX that begins with - goes after --, e.g. "
        + "scripts/install.sh -- -x\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    let taken = try await Self.install(["--", "-x"], in: folder)
    #expect(taken.status == 0, "\(taken.output)")
    #expect(
      FileManager.default.isExecutableFile(
        atPath: folder.appendingPathComponent("-x/bin/uniflow").path))
    let help = try await Self.install(["--help"], in: folder)
    #expect(help.status == 0)
    #expect(help.output.contains("scripts/install.sh [--binary FILE] [--] [PREFIX]"))
  }

  @Test("the PATH line it prints runs nothing when pasted, whatever the prefix holds")
  func pastablePathLine() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let prefix = "$(touch pwned)'q`touch pwned2` \"x"
    let result = try await Self.install([prefix], in: folder)
    #expect(result.status == 0, "\(result.output)")
    let line = try #require(
      result.output.split(separator: "\n").last { $0.hasPrefix("add it to PATH: ") })
    let export = line.dropFirst("add it to PATH: ".count)
    let pasted = try await ShellCommand.run(
      export + "; printf '%s' \"${PATH%%:*}\"", in: folder, environment: ["PATH": "/usr/bin:/bin"])
    #expect(pasted.output == "\(folder.path)/\(prefix)/bin")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!names.contains("pwned") && !names.contains("pwned2"), "\(names)")
    #expect(
      FileManager.default.isExecutableFile(
        atPath: folder.appendingPathComponent("\(prefix)/bin/uniflow").path))
  }

  @Test(
    "it refuses to install over the binary it installs: through a linked prefix, .., a hard link"
  )
  func refusesItsInput() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try await Self.install(["a"], in: folder).status == 0)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("b").path, withDestinationPath: "a")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("c"), withIntermediateDirectories: true)
    try FileManager.default.linkItem(
      atPath: folder.appendingPathComponent("a/bin/uniflow").path,
      toPath: folder.appendingPathComponent("hard").path)
    let original = try Data(contentsOf: folder.appendingPathComponent("a/bin/uniflow"))
    // The installed binary as the one to install, under each spelling of the prefix or of it.
    let runs = [
      ["a/bin/uniflow", "b"], ["a/bin/uniflow", "c/../a"], ["hard", "a"], ["b/bin/uniflow", "a"],
    ]
    for run in runs {
      let words = [Self.script, "--binary"] + run
      let result = try await ShellCommand.run(words.joined(separator: " "), in: folder)
      #expect(result.status == 2, "\(run): \(result.output)")
      #expect(
        result.output.contains("which is the same file; choose another PREFIX"), "\(run)")
      #expect(
        try Data(contentsOf: folder.appendingPathComponent("a/bin/uniflow")) == original, "\(run)")
    }
    #expect(
      FileManager.default.isExecutableFile(
        atPath: folder.appendingPathComponent("a/bin/uniflow").path))
  }
}
