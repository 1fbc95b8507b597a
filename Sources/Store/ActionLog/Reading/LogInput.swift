import Foundation
import Store
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A log opened once, for every pass a command makes over it: the header check, the replay,
/// a second pass that prints. It is never opened again by its path, so every pass reads the
/// same file whatever happens to the path meanwhile, and a log that is a stream — a pipe
/// (`replay <(zcat s.log.gz)`, `/dev/stdin`), a FIFO, a character device — is read once.
///
/// ```swift
/// let input = try LogInput(path: "session.log", rereading: true)
/// var first = LogFileLines(input)    // each reader starts at the beginning
/// var second = LogFileLines(input)
/// ```
///
/// A regular file is read at offsets of each reader's own (`pread`), as many times as asked. A
/// stream opened with `rereading` keeps a private copy of what has been read of it, in an
/// unnamed temporary file (`O_TMPFILE` in `TMPDIR` or `/tmp`, else a file removed as soon as it
/// is created): a reader that gets ahead of the copy reads on from the stream and adds to it, so
/// the stream is read once, no further than a pass needs, and the copy has no name for a
/// signal, a crash or a full disk to leave behind. A stream opened without `rereading` is read
/// once, by one reader.
package final class LogInput: Sendable {
  /// The log's path as given, which every message names.
  package let path: String
  /// The device and inode of what was opened: what a command that writes compares its output
  /// with, so that it never writes over its input however the output's path is spelled.
  package let identity: FileIdentity?
  /// Whether the log is a regular file (else a stream).
  package let isRegularFile: Bool
  private let file: OpenFile
  /// The private copy of a stream read more than once, and how many bytes of it hold data.
  private let copy: StreamCopy?

  /// Opens `path` for reading, at once: a FIFO with no writer is not waited for (it reads as
  /// empty), and a directory is refused. With `rereading`, a stream keeps its private copy, so
  /// that more than one reader can read it from the start, in `temporaryFolder`.
  package init(
    path: String, rereading: Bool = false, temporaryFolder: String = LogInput.temporaryFolder
  ) throws(ActionLogError) {
    self.path = path
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, for ever.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let reason =
        errno == ENOENT
        ? "no such file; give the path of a log written by --record or :record"
        : "cannot open: \(String(cString: strerror(errno)))"
      throw ActionLogError(.cannotOpen, file: path, reason)
    }
    file = OpenFile(descriptor)
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw ActionLogError(
        .cannotOpen, file: path, "cannot check the log: \(String(cString: strerror(errno)))")
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw ActionLogError(.cannotOpen, file: path, "is a directory, not a log")
    }
    identity = FileIdentity(status)
    isRegularFile = status.st_mode & S_IFMT == S_IFREG
    // Reads wait for data again (a pipe from `<(…)` whose writer is slow), as usual.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    copy =
      rereading && !isRegularFile
      ? StreamCopy(
        file: try Self.privateCopy(of: path, in: temporaryFolder), folder: temporaryFolder)
      : nil
  }

  /// Whether more than one reader may read the log, each from its start.
  package var isRereadable: Bool { isRegularFile || copy != nil }

  /// Reads up to `count` bytes at `offset` into `buffer` (for a stream read once, the next
  /// bytes, whatever `offset` says); 0 at the end.
  func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int)
    throws(ActionLogError) -> Int
  {
    if isRegularFile {
      return try retrying { pread(file.descriptor, buffer, count, off_t(offset)) }
    }
    guard let copy else { return try retrying { Glibc.read(file.descriptor, buffer, count) } }
    // One reader at a time reads on from the stream, so the copy grows in the stream's order.
    return try copy.length.withLock { (length: inout Int) throws(ActionLogError) -> Int in
      if offset < length {
        return try retrying {
          pread(copy.file.descriptor, buffer, min(count, length - offset), off_t(offset))
        }
      }
      precondition(offset == length, "a reader of a stream skipped part of it")
      let count = try retrying { Glibc.read(file.descriptor, buffer, count) }
      var written = 0
      while written < count {
        let result = pwrite(
          copy.file.descriptor, buffer + written, count - written, off_t(length + written))
        if result < 0, errno == EINTR { continue }
        guard result > 0 else {
          throw ActionLogError(
            .cannotWrite, file: path,
            "is a stream (a pipe, a FIFO or a device), which this command reads more than once, and "
              + "the copy of it it keeps in \(copy.folder) cannot grow: "
              + "\(String(cString: strerror(errno))); save the log to a file first and give that file"
          )
        }
        written += result
      }
      length += count
      return count
    }
  }

  /// Runs a read until it is not interrupted; its count, or the error it ended with.
  private func retrying(_ read: () -> Int) throws(ActionLogError) -> Int {
    while true {
      let count = read()
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else {
        throw ActionLogError(
          .cannotOpen, file: path, "cannot read: \(String(cString: strerror(errno)))")
      }
      return count
    }
  }

  /// Where the copy of a stream goes: `TMPDIR`, else `/tmp`.
  package static var temporaryFolder: String {
    guard let folder = ProcessInfo.processInfo.environment["TMPDIR"], !folder.isEmpty else {
      return "/tmp"
    }
    return folder
  }

  /// An unnamed file in `folder`, open for reading and writing, readable by this user alone:
  /// `O_TMPFILE`, or where the file system has none, a file removed as soon as it is made.
  private static func privateCopy(of path: String, in folder: String)
    throws(ActionLogError) -> OpenFile
  {
    var descriptor = open(folder, ScratchFile.unnamed | O_RDWR | O_CLOEXEC, 0o600)
    if descriptor < 0, ScratchFile.unnamedUnsupported(errno) {
      var name = folder + "/uniflow-log-XXXXXX"
      descriptor = ScratchFile.make(&name)
      if descriptor >= 0 { unlink(name) }
    }
    guard descriptor >= 0 else {
      throw ActionLogError(
        .cannotOpen, file: path,
        "is a stream (a pipe, a FIFO or a device), which this command reads more than once, and "
          + "it cannot keep a copy of it in \(folder): \(String(cString: strerror(errno))); set "
          + "TMPDIR to a folder it can write, or save the log to a file first and give that file")
    }
    return OpenFile(descriptor)
  }
}

/// The private copy of a stream that is read more than once, and how many bytes of it hold
/// data.
private final class StreamCopy: Sendable {
  let file: OpenFile
  /// The folder it is in, as messages name it.
  let folder: String
  let length = Mutex(0)

  init(file: OpenFile, folder: String) {
    self.file = file
    self.folder = folder
  }
}

/// A file descriptor, closed when the last copy of the value holding it goes away.
final class OpenFile: Sendable {
  let descriptor: Int32

  init(_ descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }
}

/// What making a temporary file takes that Glibc's module does not bring.
package enum ScratchFile {
  /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which the module does not import: a file
  /// with no name in the folder opened.
  package static let unnamed: Int32 = 0o20_000_000 | O_DIRECTORY

  /// Whether `open` failed with `code` because the file system has no unnamed files.
  package static func unnamedUnsupported(_ code: Int32) -> Bool {
    code == EOPNOTSUPP || code == EISDIR || code == EINVAL
  }

  /// `mkstemp` with close-on-exec: creates a file from `template` (ending in `XXXXXX`, which
  /// becomes its name's unique part) readable by this user alone; its descriptor, or -1.
  package static func make(_ template: inout String) -> Int32 {
    var bytes = Array(template.utf8CString)
    let descriptor = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return -1 }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    template = bytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    return descriptor
  }
}
