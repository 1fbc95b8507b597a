import ActionLog
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a session's page to its file as the console writes files: a file that exists is kept
/// unless `force`, a file that is not a regular one (a symbolic link, a FIFO, a device, a
/// directory) is never written through, and none of `inputs` (the log being read) is ever
/// replaced, however the path spells it. The page goes to a temporary file in the same folder,
/// which then replaces FILE in one `rename`: a reader never sees half a page.
///
/// ```swift
/// try PageFile.write(page.html(), to: "session.html", force: false, inputs: [log])
/// ```
package enum PageFile {
  package struct Failure: Error, Equatable, CustomStringConvertible {
    package var description: String
  }

  package static func write(
    _ bytes: [UInt8], to path: String, force: Bool, inputs: [FileIdentity] = []
  ) throws(Failure) {
    if let identity = FileIdentity(path: path), inputs.contains(identity) {
      throw Failure(
        description: "\(path) is the log being read (the same file, by another path); a page "
          + "never replaces it: choose another file, e.g. session.html")
    }
    var status = stat()
    if lstat(path, &status) == 0 {
      let type = status.st_mode & S_IFMT
      guard type == S_IFREG else {
        let kind =
          type == S_IFLNK
          ? "a symbolic link" : type == S_IFDIR ? "a directory" : "not a regular file"
        throw Failure(
          description: "\(path) is \(kind); a page is written only to a regular file of its "
            + "own: choose another file, e.g. session.html")
      }
      guard force else {
        throw Failure(
          description: "\(path) already exists; add --force to replace it, or choose another file")
      }
    }
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    var template = Array("\(folder)/.\(url.lastPathComponent).XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw Failure(
        description:
          "\(path): cannot create a file in \(folder): \(String(cString: strerror(errno))); "
          + "check that the folder exists and that you may write to it")
    }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var failure: String?
    do {
      try handle.write(contentsOf: bytes)
    } catch {
      failure = (error as NSError).localizedDescription
    }
    _ = fchmod(descriptor, 0o644)
    try? handle.close()
    if let failure {
      unlink(temporary)
      throw Failure(
        description: "\(path): cannot write the page: \(failure); free some space or choose "
          + "another folder")
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw Failure(
        description: "\(path): cannot put the page in place: \(String(cString: strerror(code)))")
    }
  }
}
