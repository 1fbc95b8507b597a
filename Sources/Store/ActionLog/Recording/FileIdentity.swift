#if canImport(Glibc)
  import Glibc
#endif

/// Which file a path or a descriptor is, as the file system knows it — its device and inode —
/// however the path is spelled: through symbolic links, `..`, `/proc/self/cwd` or another hard
/// link, the same file has the same identity. Commands that write compare the file they opened
/// with the files they read, so that no spelling of a path makes them write over an input.
///
/// ```swift
/// let input = FileIdentity(path: "work/d/input.log")      // stat: follows links
/// let output = FileIdentity(descriptor: descriptor)        // fstat: what was opened
/// if input == output { /* refuse: writing would destroy the input */ }
/// ```
package struct FileIdentity: Hashable, Sendable {
  package let device: UInt64
  package let inode: UInt64

  /// The identity of the file `path` leads to (following symbolic links), or nil when there is
  /// none.
  package init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.init(status)
  }

  /// The identity of the file open as `descriptor`, or nil when it cannot be checked.
  package init?(descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    self.init(status)
  }

  package init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }
}
