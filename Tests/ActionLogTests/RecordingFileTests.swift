import Foundation
import TestSupport
import Testing

@testable import ActionLog

#if canImport(Glibc)
  import Glibc
#endif

/// A recording refuses, at once and with one line, every file it cannot own: FIFOs, devices,
/// directories, symbolic links, files with other hard links, files another recording holds.
@Suite("Recording: the files a log may be written to", .timeLimit(.minutes(10)))
struct RecordingFileTests {
  /// Starts recording to `path`; the error's message, or nil when it started (and is closed).
  func refusal(_ path: String, overwrite: Bool) -> String? {
    do {
      let recorder = try ActionLogRecorder<Tally.State, Tally.Action>(
        path: path, overwrite: overwrite, settings: [], state: Tally.State())
      recorder.close()
      return nil
    } catch {
      return error.message
    }
  }

  let regularOnly = "a recording writes only to a regular file"

  @Test("a FIFO is refused at once, with or without a reader, with or without overwriting")
  func fifo() throws {
    let fifo = TemporaryFile("fifo")
    defer { fifo.remove() }
    #expect(mkfifo(fifo.path, 0o600) == 0)
    for overwrite in [false, true] {
      #expect(
        refusal(fifo.path, overwrite: overwrite) == "is a FIFO, not a regular file; \(regularOnly)")
    }
    // With a reader waiting, opening it for writing would succeed: what was opened is refused.
    let reader = open(fifo.path, O_RDONLY | O_NONBLOCK)
    defer { close(reader) }
    #expect(refusal(fifo.path, overwrite: true) == "is a FIFO, not a regular file; \(regularOnly)")
  }

  @Test("devices and directories are refused")
  func devicesAndDirectories() throws {
    #expect(
      refusal("/dev/null", overwrite: true)
        == "is a character device, not a regular file; \(regularOnly)")
    let directory = TemporaryFile("directory")
    try FileManager.default.createDirectory(
      atPath: directory.path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory.path) }
    #expect(
      refusal(directory.path, overwrite: true)
        == "is a directory, not a regular file; \(regularOnly)")
  }

  @Test("a symbolic link is never written through, nor its target created, even when overwriting")
  func symbolicLinks() throws {
    let target = TemporaryFile("target")
    let link = TemporaryFile("link")
    defer {
      target.remove()
      link.remove()
    }
    let linkRefusal =
      "is a symbolic link, and a recording never writes through one, even to overwrite; record "
      + "to the file it points to, or remove the link"
    // Dangling: the target must not come into being.
    #expect(symlink(target.path, link.path) == 0)
    for overwrite in [false, true] {
      #expect(refusal(link.path, overwrite: overwrite) == linkRefusal)
    }
    #expect(!FileManager.default.fileExists(atPath: target.path))
    // To a file: the file is left as it was.
    try target.write("precious\n")
    #expect(refusal(link.path, overwrite: true) == linkRefusal)
    #expect(try target.read() == "precious\n")
  }

  @Test("overwriting a file with other hard links is refused; the file is left as it was")
  func hardLinks() throws {
    let file = TemporaryFile("original")
    let other = TemporaryFile("other-name")
    defer {
      file.remove()
      other.remove()
    }
    try file.write("precious\n")
    #expect(link(file.path, other.path) == 0)
    #expect(
      refusal(other.path, overwrite: true)
        == "has 2 names (hard links), and overwriting it would change the others too; remove it "
        + "or record to another file")
    #expect(
      refusal(other.path, overwrite: false)
        == "already exists, and a recording never overwrites a file")
    #expect(try file.read() == "precious\n")
  }

  @Test(
    "a second recording of a file is refused while the first holds it, and the first's log is intact"
  )
  func lock() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let first = try ActionLogRecorder<Tally.State, Tally.Action>(
      path: file.path, settings: [], state: Tally.State())
    try first.record(.add(1), origin: .sent, state: Tally.State(total: 1))
    let written = try file.read()
    #expect(
      refusal(file.path, overwrite: true)
        == "is being recorded by another uniflow; stop that recording (:stop or :quit) or record "
        + "to another file")
    #expect(try file.read() == written)
    try first.record(.add(1), origin: .sent, state: Tally.State(total: 2))
    try first.finish(state: Tally.State(total: 2))
    #expect(file.lines().count == 4)  // header, two actions, checkpoint
    // Once the first has closed, overwriting is allowed: the file starts again.
    #expect(refusal(file.path, overwrite: true) == nil)
    #expect(file.lines().count == 1)
  }

  @Test("a FIFO or a directory given to replay is refused at once, not waited on")
  func readingNonRegularFiles() throws {
    let fifo = TemporaryFile("fifo")
    defer { fifo.remove() }
    #expect(mkfifo(fifo.path, 0o600) == 0)
    #expect(
      throws: ActionLogError(
        .badLog, file: fifo.path, "the file is empty; it is not a uniflow action log")
    ) {
      _ = try ActionLogReader<Tally.Action>(path: fifo.path)
    }
    #expect(throws: ActionLogError(.cannotOpen, file: "/tmp", "is a directory, not a log")) {
      _ = try ActionLogReader<Tally.Action>(path: "/tmp")
    }
  }
}
