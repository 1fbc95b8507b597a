/// uniflow's version, the one place it is written: `--version` prints it and every action log's
/// header names it. It is the newest released version in CHANGELOG.md (a test checks that they
/// agree), so a release changes both.
///
/// ```swift
/// print(Version.name)   // "uniflow 0.8.0"
/// ```
enum Version {
  /// The version number, `MAJOR.MINOR.PATCH`.
  static let number = "0.8.0"

  /// The program's name and version, as `--version` prints it.
  static let name = "uniflow \(number)"
}
