import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes to a child process's standard input without letting the child's exit kill the tests.
///
/// A child that exits (or closes its input) before reading everything turns the next write into
/// EPIPE: by default a SIGPIPE that ends the whole test process (seen under load, "signal 13"),
/// and with `FileHandle.write(_:)` a trap. Here SIGPIPE is ignored once for the test process and
/// the write is the throwing one, whose error is dropped: what the child did not read is what the
/// test then checks in its output and exit status.
public enum ChildInput {
  /// Ignores SIGPIPE in this process, once. Safe: no test relies on being killed by it.
  private static let ignoreBrokenPipes: Void = {
    _ = signal(SIGPIPE, SIG_IGN)
  }()

  /// Writes `data` to `handle`, stopping quietly if the reader has gone.
  public static func write(_ data: Data, to handle: FileHandle) {
    ignoreBrokenPipes
    try? handle.write(contentsOf: data)
  }
}
