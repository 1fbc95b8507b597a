import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// End to end: `--record` and `:record` refuse, at once and with one line, the files a recording
/// cannot own, and two recordings never share a file.
@Suite("Recording refuses what it cannot own", .timeLimit(.minutes(10)))
struct RecordingRefusalTests {
  let arguments = ["--offline", "--no-default-location", "--time-zone", "UTC"]
  let regularOnly = "a recording writes only to a regular file"

  @Test("a FIFO is refused at once by --record, with or without --force, and by :record")
  func fifo() async throws {
    let fifo = TemporaryFile("fifo")
    defer { fifo.remove() }
    #expect(mkfifo(fifo.path, 0o600) == 0)
    for force in [[], ["--force"]] {
      let result = try await UniflowBinary.run(
        arguments + ["--record", fifo.path] + force, input: "tomorrow\n", environment: fixedNow)
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr == "uniflow: \(fifo.path): is a FIFO, not a regular file; \(regularOnly)\n")
    }
    let session = try await UniflowBinary.run(
      arguments, input: ":record \(fifo.path) --force\ntomorrow\n", environment: fixedNow)
    #expect(session.status == 1)
    #expect(
      session.errorLines == ["line 1: \(fifo.path): is a FIFO, not a regular file; \(regularOnly)"])
    #expect(session.lines(of: "clock").last == "clock: 2026년 11월 30일 03시 45분")
  }

  @Test("--record /dev/null --force is refused before the session starts")
  func device() async throws {
    let result = try await UniflowBinary.run(
      arguments + ["--record", "/dev/null", "--force"], input: "tomorrow\n", environment: fixedNow)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "uniflow: /dev/null: is a character device, not a regular file; \(regularOnly)\n")
  }

  @Test("--force on a symbolic link is refused; the file it points to is left as it was")
  func symbolicLink() async throws {
    let target = TemporaryFile("target")
    let link = TemporaryFile("link")
    defer {
      target.remove()
      link.remove()
    }
    try target.write("precious\n")
    #expect(symlink(target.path, link.path) == 0)
    let result = try await UniflowBinary.run(
      arguments + ["--record", link.path, "--force"], input: "tomorrow\n", environment: fixedNow)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "uniflow: \(link.path): is a symbolic link, and a recording never writes through one, "
        + "even to overwrite; record to the file it points to, or remove the link\n")
    #expect(try target.read() == "precious\n")
  }

  @Test("a second uniflow recording to a file being recorded is refused with one line")
  func secondRecorder() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    try await withProcessSlot {
      let first = try RunningUniflow(arguments + ["--record", log.path], environment: fixedNow)
      first.send("tomorrow\n")
      try await waitUntil("the first recording has its action") { log.lines().count >= 3 }
      let second = try await UniflowBinary.run(
        arguments + ["--record", log.path, "--force"], input: "moveDay 5\n", environment: fixedNow)
      #expect(second.status == 2)
      #expect(
        second.stderr
          == "uniflow: \(log.path): is being recorded by another uniflow; stop that recording "
          + "(:stop or :quit) or record to another file\n")
      first.send("tomorrow\n:quit\n")
      try await waitUntil("the first recording has ended") {
        log.lines().last?.hasPrefix(#"{"checkpoint":"#) == true
      }
      await first.kill()
    }
    let replay = try await UniflowBinary.run(["replay", "--verify", log.path])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.lines(of: "clock") == ["clock: 2026년 12월 01일 03시 45분"])
  }
}
