import Foundation
import Store

#if canImport(Glibc)
  import Glibc
#endif

/// Opens the file a recording writes, refusing at once, with one line, what it cannot own:
///
/// - anything but a regular file — a FIFO (which would block `open` until a reader came), a
///   device such as `/dev/null` (which cannot be synced to disk), a socket, a directory;
/// - a symbolic link, even with `overwrite`: the link is neither written through nor replaced;
/// - with `overwrite`, a file with other hard links, which overwriting would change too;
/// - a file another recording holds: each recording keeps an advisory lock (`flock`) on its file
///   until it closes, and a second recorder on the same file is refused rather than left to
///   interleave its lines with the first's;
/// - without `overwrite`, any existing file;
/// - any of `inputs`, the files the command writing the log read, however `path` spells them
///   (through a linked directory, `..`, `/proc/self/cwd`, another hard link): they are compared
///   by device and inode once opened, before anything is truncated, `overwrite` or not.
///
/// ```swift
/// let descriptor = try RecordingFile.open("session.log", overwrite: false)
/// ```
///
/// The checks hold whatever happens to the path meanwhile: `lstat` only chooses the message;
/// the file is opened with `O_NOFOLLOW` (no link is followed) and `O_NONBLOCK` (no FIFO waited
/// for), then what was opened is checked with `fstat`, locked, and only then truncated.
package enum RecordingFile {
  package static func open(_ path: String, overwrite: Bool, inputs: [FileIdentity] = [])
    throws(ActionLogError) -> Int32
  {
    if let identity = FileIdentity(path: path), inputs.contains(identity) {
      throw isAnInput(path)
    }
    var status = stat()
    if lstat(path, &status) == 0 {
      if let refusal = refusal(of: status, path: path, overwrite: overwrite) { throw refusal }
      if !overwrite { throw alreadyExists(path) }
    }
    let flags =
      O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | (overwrite ? 0 : O_EXCL)
    let descriptor = Glibc.open(path, flags, 0o644)
    guard descriptor >= 0 else {
      let code = errno
      switch code {
      case EEXIST: throw alreadyExists(path)
      case ELOOP: throw refused(path, symbolicLink)
      case ENXIO: throw refused(path, "is a FIFO, not a regular file; \(regularOnly)")
      case EISDIR: throw refused(path, "is a directory, not a regular file; \(regularOnly)")
      default:
        throw ActionLogError(
          .cannotOpen, file: path, "cannot create the log: \(String(cString: strerror(code)))")
      }
    }
    do throws(ActionLogError) {
      // What was opened decides, whatever the path named when `lstat` looked.
      guard fstat(descriptor, &status) == 0 else {
        throw ActionLogError(
          .cannotOpen, file: path, "cannot check the log: \(String(cString: strerror(errno)))")
      }
      if inputs.contains(FileIdentity(status)) { throw isAnInput(path) }
      if let refusal = refusal(of: status, path: path, overwrite: overwrite) { throw refusal }
      if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
        throw refused(
          path,
          "is being recorded by another uniflow; stop that recording (:stop or :quit) or record "
            + "to another file")
      }
      if overwrite, ftruncate(descriptor, 0) != 0 {
        throw ActionLogError(
          .cannotOpen, file: path, "cannot empty the log: \(String(cString: strerror(errno)))")
      }
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
      return descriptor
    } catch {
      _ = Glibc.close(descriptor)
      throw error
    }
  }

  /// Why a file with `status` cannot be recorded to, or nil when it can.
  private static func refusal(of status: stat, path: String, overwrite: Bool) -> ActionLogError? {
    let kinds: [(mode_t, String)] = [
      (S_IFIFO, "a FIFO"), (S_IFCHR, "a character device"), (S_IFBLK, "a block device"),
      (S_IFSOCK, "a socket"), (S_IFDIR, "a directory"),
    ]
    let type = status.st_mode & S_IFMT
    if type == S_IFLNK { return refused(path, symbolicLink) }
    if let (_, name) = kinds.first(where: { $0.0 == type }) {
      return refused(path, "is \(name), not a regular file; \(regularOnly)")
    }
    if overwrite, type == S_IFREG, status.st_nlink > 1 {
      return refused(
        path,
        "has \(status.st_nlink) names (hard links), and overwriting it would change the others "
          + "too; remove it or record to another file")
    }
    return nil
  }

  private static let regularOnly = "a recording writes only to a regular file"

  private static let symbolicLink =
    "is a symbolic link, and a recording never writes through one, even to overwrite; record "
    + "to the file it points to, or remove the link"

  private static func refused(_ path: String, _ reason: String) -> ActionLogError {
    ActionLogError(.cannotOpen, file: path, reason)
  }

  private static func isAnInput(_ path: String) -> ActionLogError {
    ActionLogError(
      .cannotOpen, file: path,
      "is a file this command reads (the same file, by another path), and writing it would "
        + "destroy it; choose another file")
  }

  private static func alreadyExists(_ path: String) -> ActionLogError {
    ActionLogError(
      .alreadyExists, file: path, "already exists, and a recording never overwrites a file")
  }
}
