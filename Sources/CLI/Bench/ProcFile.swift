import Foundation

/// A file of Linux's `/proc`, read whole: procfs reports a size of 0 for its files, and
/// `String(contentsOfFile:)` trusts that and stops after the first 4 KB, so read until EOF.
///
/// ```swift
/// let maps = ProcFile.read("/proc/self/maps")   // every mapping of this process
/// ```
enum ProcFile {
  /// The whole text of `path`, or `nil` where it cannot be opened (not Linux).
  static func read(_ path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    var data = Data()
    while let chunk = try? handle.read(upToCount: 65_536), !chunk.isEmpty {
      data.append(chunk)
    }
    return String(decoding: data, as: UTF8.self)
  }
}
