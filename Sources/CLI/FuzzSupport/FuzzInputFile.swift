import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The file a fuzzing process writes each input to, so that the code under test can read it as
/// a file: inside a directory of the process's own, made by `mkdtemp` (mode 0700) in the
/// temporary directory, and opened with `O_NOFOLLOW`, so that no other user can put a link or a
/// FIFO where the input goes and have the fuzzer write through it.
///
/// ```swift
/// let input = FuzzInputFile(prefix: "uniflow-log-fuzzer", name: "input.log")
/// if let problem = input.write(bytes) { print(problem) }   // a full disk, say
/// ```
package struct FuzzInputFile: Sendable {
  /// The directory of the process's own.
  package let directory: String
  /// The input's path, inside ``directory``.
  package let path: String
  /// Why the directory could not be made, or nil.
  private let problem: String?

  /// Makes a directory `PREFIX.XXXXXX` of the process's own in the temporary directory (the
  /// scripts point `TMPDIR` at one they remove); if it cannot, every ``write(_:)`` says why.
  package init(prefix: String, name: String) {
    let temporary = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
    let template = temporary.appendingPathComponent("\(prefix).XXXXXX").path
    var characters = Array(template.utf8CString)
    if let made = characters.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) {
      directory = String(cString: made)
      problem = nil
    } else {
      directory = temporary.path
      problem = "cannot make the directory \(template): \(String(cString: strerror(errno)))"
    }
    path = directory + "/" + name
  }

  /// Another file in ``directory``: where a tool under test writes its output.
  ///
  /// ```swift
  /// let shrunk = input.sibling("shrunk.log")
  /// ```
  package func sibling(_ name: String) -> String { directory + "/" + name }

  /// Writes `bytes` as the whole file (never through a link); why it could not, or nil.
  package func write(_ bytes: some Collection<UInt8>) -> String? {
    if let problem { return problem }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      return "cannot create \(path): \(String(cString: strerror(errno)))"
    }
    defer { close(descriptor) }
    return Array(bytes).withUnsafeBytes { buffer -> String? in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
        guard written > 0 else {
          return "cannot write \(path): \(String(cString: strerror(errno)))"
        }
        offset += written
      }
      return nil
    }
  }
}
