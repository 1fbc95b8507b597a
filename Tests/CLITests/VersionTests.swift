import Foundation
import Testing

@testable import Console
@testable import UniflowConsole

@Suite("the version")
struct VersionTests {
  /// The repository's root, from this file's place in it.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test("the newest released version in CHANGELOG.md is the one uniflow reports")
  func changelogMatches() throws {
    let changelog = try String(
      contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let released = changelog.split(separator: "\n").compactMap { line in
      line.wholeMatch(of: #/## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}/#).map { String($0.1) }
    }
    let newest = try #require(released.first, "CHANGELOG.md has no `## [X.Y.Z] - YYYY-MM-DD`")
    #expect(
      newest == UniflowApp().version,
      "CHANGELOG.md's newest release is \(newest) but UniflowApp.version is \(UniflowApp().version)"
    )
    #expect(UniflowApp().nameAndVersion == "uniflow \(newest)")
    // scripts/check-release-url.sh reads the version from this very line.
    let source = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/CLI/Uniflow/UniflowApp.swift"),
      encoding: .utf8)
    #expect(source.contains("\n  package var version: String { \"\(newest)\" }\n"))
  }

  @Test("the version is MAJOR.MINOR.PATCH")
  func semanticVersion() {
    #expect(UniflowApp().version.wholeMatch(of: #/\d+\.\d+\.\d+/#) != nil)
  }
}
