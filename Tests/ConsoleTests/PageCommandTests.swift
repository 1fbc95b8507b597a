import ActionLog
import Foundation
import Testing

@testable import Console
@testable import TestSupport

/// `replay LOG --html FILE` and `:html FILE`: the page written as the console writes files.
@MainActor
@Suite("replay --html and :html write the session's page")
struct PageCommandTests {
  private func page(at path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test("replay --html writes one page holding every action, and says where it is")
  func replayWritesPage() throws {
    let log = TemporaryFile()
    let html = TemporaryFile("html")
    defer { log.remove(); html.remove() }
    try recordTally([.add(2), .note("</script><b>hi</b>"), .add(3)], app: "tally 1.0.0", to: log)
    let console = CapturingConsole()
    let request = try #require(
      try ReplayRequest.parse([log.path, "--html", html.path], program: "tally"))
    #expect(ConsoleReplay(TallyApp()).run(request, console: console) == 0)
    #expect(console.outputs == ["wrote \(html.path) (3 actions): open it in a browser"])
    #expect(console.errors.isEmpty)
    let text = try page(at: html.path)
    #expect(text.hasPrefix("<!DOCTYPE html>"))
    #expect(text.contains(#""note text=\"\u003c/script\u003e\u003cb\u003ehi\u003c/b\u003e\"""#))
    #expect(!text.contains("<b>hi"))
    // Nothing to fetch: the only address is the SVG namespace's, which is a name, not a request.
    let addresses = text.replacingOccurrences(of: "\"http://www.w3.org/2000/svg\"", with: "")
    #expect(!addresses.contains("http://") && !addresses.contains("https://"))
    #expect(!text.contains(" src=") && !text.contains("url("))
  }

  @Test("an existing file is kept without --force, replaced with it; nothing else is left behind")
  func existingFileNeedsForce() throws {
    let log = TemporaryFile()
    let html = TemporaryFile("html")
    defer { log.remove(); html.remove() }
    try recordTally([.add(1)], app: "tally 1.0.0", to: log)
    try html.write("mine")
    let refused = CapturingConsole()
    #expect(
      ConsoleReplay(TallyApp()).run(
        ReplayRequest(path: log.path, html: html.path), console: refused) == 2)
    #expect(
      refused.errors == [
        "tally: \(html.path) already exists; add --force to replace it, or choose another file"
      ])
    #expect(try html.read() == "mine")
    let forced = CapturingConsole()
    #expect(
      ConsoleReplay(TallyApp()).run(
        ReplayRequest(path: log.path, html: html.path, force: true), console: forced) == 0)
    #expect(try html.read().hasPrefix("<!DOCTYPE html>"))
    let folder = URL(fileURLWithPath: html.path).deletingLastPathComponent().path
    let name = URL(fileURLWithPath: html.path).lastPathComponent
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasPrefix(".\(name).") }
    #expect(leftovers.isEmpty)
  }

  @Test(
    "the page never replaces the log it reads, a symbolic link or a folder, whatever --force says")
  func refusesWhatItMustNotWrite() throws {
    let log = TemporaryFile()
    let link = TemporaryFile("link")
    defer { log.remove(); link.remove() }
    try recordTally([.add(1)], app: "tally 1.0.0", to: log)
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: log.path)
    let before = try log.read()
    for (target, problem) in [
      (
        log.path,
        "\(log.path) is the log being read (the same file, by another path); a page never replaces it: choose another file, e.g. session.html"
      ),
      (
        link.path,
        "\(link.path) is the log being read (the same file, by another path); a page never replaces it: choose another file, e.g. session.html"
      ),
      (
        "/tmp",
        "/tmp is a directory; a page is written only to a regular file of its own: choose another file, e.g. session.html"
      ),
    ] {
      let console = CapturingConsole()
      let request = ReplayRequest(path: log.path, html: target, force: true)
      #expect(ConsoleReplay(TallyApp()).run(request, console: console) == 2)
      #expect(console.errors == ["tally: \(problem)"])
    }
    #expect(try log.read() == before)
  }

  @Test("a folder that cannot be written to is named, with how to fix it")
  func unwritableFolder() throws {
    let log = TemporaryFile()
    defer { log.remove() }
    try recordTally([.add(1)], app: "tally 1.0.0", to: log)
    let console = CapturingConsole()
    let request = ReplayRequest(path: log.path, html: "/nonexistent-folder/s.html")
    #expect(ConsoleReplay(TallyApp()).run(request, console: console) == 2)
    #expect(
      console.errors == [
        "tally: /nonexistent-folder/s.html: cannot create a file in /nonexistent-folder: No such "
          + "file or directory; check that the folder exists and that you may write to it"
      ])
  }

  @Test("--html is read with its file, and refuses what it does not combine with")
  func parsesHTMLOption() throws {
    #expect(
      try ReplayRequest.parse(
        ["s.log", "--html", "s.html", "--force", "--until", "3"], program: "t")
        == ReplayRequest(path: "s.log", until: 3, html: "s.html", force: true))
    #expect(
      throws: ArgumentError("--html needs the file to write the page to, e.g. --html session.html")
    ) {
      try ReplayRequest.parse(["s.log", "--html"], program: "t")
    }
    #expect(throws: ArgumentError("--force goes with --html FILE: it lets the page replace FILE")) {
      try ReplayRequest.parse(["s.log", "--force"], program: "t")
    }
    #expect(
      throws: ArgumentError(
        "--html writes the log's session as a page; it does not combine with --trace, --diff, "
          + "--skip or --emit-test (it goes with --until and --verify)")
    ) { try ReplayRequest.parse(["s.log", "--html", "s.html", "--diff"], program: "t") }
  }

  @Test(":html writes the session so far as a page, and keeps an existing file without --force")
  func replCommand() async throws {
    let html = TemporaryFile("html")
    defer { html.remove() }
    let console = CapturingConsole()
    let session = ConsoleSession(
      TallyApp(), initialState: Tally.State(), horizon: 100, dependencies: { _ in },
      console: console, isScript: true)
    await session.launch([])
    for (number, line) in ["add 2", "note <i>x</i>", ":html \(html.path)", ":html \(html.path)"]
      .enumerated()
    {
      _ = await session.handle(line, number: number + 1)
    }
    #expect(console.outputs.contains("wrote \(html.path) (2 actions): open it in a browser"))
    #expect(
      console.errors == [
        "line 4: \(html.path) already exists; add --force to replace it, or choose another file"
      ])
    let text = try page(at: html.path)
    #expect(text.contains(#""names":["add","note"]"#))
    #expect(text.contains(#"\u003ci\u003ex\u003c/i\u003e"#))
    _ = await session.handle(":html \(html.path) --force", number: 5)
    #expect(console.errors.count == 1)
  }
}
