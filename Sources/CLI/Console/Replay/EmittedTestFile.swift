import ActionLog
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The file `replay --emit-test FILE` writes: whole or not at all. The test goes, as it is
/// written, into a temporary file in FILE's folder that has no name (`O_TMPFILE`), which becomes
/// FILE by a rename only once complete and synced — so an error, a full disk, Ctrl-C, `SIGTERM`
/// or even `SIGKILL` leaves FILE as it was and nothing beside it. Where the file system has no
/// unnamed files, the temporary file is `.FILE.uniflow-XXXXXX`, which ``SignalCleanup`` removes
/// if a signal ends the process (all but `SIGKILL`), as ``discard()`` does on an error.
///
/// ```swift
/// let file = try EmittedTestFile("T.swift", log: input, program: "uniflow")
/// file.write("import Testing")
/// if let problem = file.commit() { print(problem) }
/// ```
///
/// FILE itself is refused, before anything is written, when it is not a regular file (a symbolic
/// link, a FIFO, a device: never opened), when it is the log (compared by device and inode), and,
/// at the end, when it exists and was not emitted too (its first line differs).
@MainActor
package final class EmittedTestFile {
  private let path: String
  private let program: String
  private var descriptor: Int32
  /// The temporary file's name, while it has one (no `O_TMPFILE`).
  private var temporaryName: String?
  private var pending: [UInt8] = []
  /// How many bytes the temporary file holds.
  private var size = 0
  /// The first bytes written, to compare with an existing FILE's.
  private var head: [UInt8] = []
  /// Why writing failed (`errno`), from the first failure on.
  private var failure: Int32?

  /// Checks `path` against `log` and opens the temporary file beside it; the error message
  /// (beginning with `program`) when it cannot.
  package init(_ path: String, log: LogInput, program: String) throws(Refusal) {
    self.path = path
    self.program = program
    var status = stat()
    if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      throw Refusal(
        "\(program): \(path) is not a regular file (a link, a FIFO or a device); --emit-test "
          + "writes only a file of its own: choose another")
    }
    if let written = FileIdentity(path: path), written == log.identity {
      throw Refusal(
        "\(program): \(path) is the log being replayed (the same file, by another path); "
          + "--emit-test never writes over it: choose another file")
    }
    let folder = (path as NSString).deletingLastPathComponent
    let directory = folder.isEmpty ? "." : folder
    descriptor = open(directory, ScratchFile.unnamed | O_WRONLY | O_CLOEXEC, 0o666)
    if descriptor < 0, ScratchFile.unnamedUnsupported(errno) {
      let base = (path as NSString).lastPathComponent
      var name = directory + "/." + base + ".uniflow-XXXXXX"
      descriptor = ScratchFile.make(&name)
      if descriptor >= 0 {
        temporaryName = name
        SignalCleanup.removeOnSignal(name)
        fchmod(descriptor, 0o644)
      }
    }
    guard descriptor >= 0 else {
      throw Refusal(
        "\(program): \(path): cannot write the test: cannot create a file in \(directory): "
          + String(cString: strerror(errno)))
    }
  }

  /// A refusal or failure, said in one line.
  package struct Refusal: Error {
    package let message: String

    init(_ message: String) {
      self.message = message
    }
  }

  /// Adds `text` and a newline.
  package func write(_ text: String) {
    guard failure == nil else { return }
    let start = pending.count
    pending += text.utf8
    pending.append(UInt8(ascii: "\n"))
    if head.count < 4096 { head += pending[start...].prefix(4096 - head.count) }
    if pending.count >= 65_536 { flush() }
  }

  private func flush() {
    var offset = 0
    while offset < pending.count, failure == nil {
      // At the file's own offset: the test file is no terminal stream (``StandardStreams``).
      let written = pending[offset...].withUnsafeBytes {
        pwrite(descriptor, $0.baseAddress!, $0.count, off_t(size))
      }
      if written < 0, errno == EINTR { continue }
      if written <= 0 { failure = written < 0 ? errno : EIO }
      offset += max(0, written)
      size += max(0, written)
    }
    pending.removeAll(keepingCapacity: true)
  }

  /// Makes the test FILE: flushed, synced, then renamed over it. The message when it cannot
  /// (FILE is then as it was, and the temporary file gone).
  package func commit() -> String? {
    defer { discard() }
    flush()
    if failure == nil, fsync(descriptor) != 0 { failure = errno }
    if let failure {
      return "\(program): \(path): cannot write the test: \(String(cString: strerror(failure)))"
    }
    if let existing = try? FileHandle(forReadingFrom: URL(fileURLWithPath: path)) {
      let marker = head.prefix { $0 != UInt8(ascii: "`") }
      let start = (try? existing.read(upToCount: marker.count)) ?? nil
      try? existing.close()
      guard start.map(Array.init) == Array(marker) else {
        return "\(program): \(path) exists and was not written by --emit-test; choose another file"
      }
    }
    let name = temporaryName ?? linkedName()
    guard let name else {
      return "\(program): \(path): cannot write the test: \(String(cString: strerror(errno)))"
    }
    guard rename(name, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(name)
      return "\(program): \(path): cannot write the test: \(reason)"
    }
    SignalCleanup.removeOnSignal(nil)
    temporaryName = nil
    return nil
  }

  /// Gives the unnamed file a name beside FILE, for the rename: the one moment it has one,
  /// during which a signal removes it.
  private func linkedName() -> String? {
    let folder = (path as NSString).deletingLastPathComponent
    let prefix = (folder.isEmpty ? "" : folder + "/") + "." + (path as NSString).lastPathComponent
    for _ in 0..<100 {
      // A name no file has: registered before it exists, so that no moment leaves it behind.
      let name = "\(prefix).uniflow-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
      SignalCleanup.removeOnSignal(name)
      if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 {
        return name
      }
      SignalCleanup.removeOnSignal(nil)
      if errno != EEXIST { return nil }
    }
    return nil
  }

  /// Drops the temporary file: FILE stays as it was.
  package func discard() {
    if let temporaryName {
      unlink(temporaryName)
      SignalCleanup.removeOnSignal(nil)
      self.temporaryName = nil
    }
    if descriptor >= 0 {
      close(descriptor)
      descriptor = -1
    }
  }
}
