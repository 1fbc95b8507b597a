import Foundation
import StoreTesting
import TestSupport
import Testing

/// Podcast's reducer with one bug: a download's progress is halved.
private struct HalfProgress: Reducer {
  func reduce(into state: inout Podcast.State, action: Podcast.Action) -> Effect<Podcast.Action> {
    if case .episodes(.element(let id, .progress(let percent))) = action {
      return Podcast().reduce(
        into: &state, action: .episodes(.element(id: id, action: .progress(percent / 2))))
    }
    return Podcast().reduce(into: &state, action: action)
  }
}

@MainActor
@Suite("A one-line console's emitted test against a changed reducer")
struct PodcastChangedReducerTests {
  private func line(containing text: String) throws -> Int {
    let source = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("PodcastSession.swift"), encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    return try #require(lines.firstIndex { $0.contains(text) }) + 1
  }

  @Test("fails at the effect's action whose state change parted, with the diff")
  func failsWhereTheStatesPart() async throws {
    let parted = try line(
      containing: "store.receive(.episodes(.element(id: 2, action: .progress(50))))")
    let issues = Locked<[Issue]>([])
    await withKnownIssue {
      try? await podcastLog(HalfProgress())
    } matching: { issue in
      issues.withLock { $0.append(issue) }
      return true
    }
    let first = try #require(issues.value.first)
    #expect(first.sourceLocation?.fileName == "PodcastSession.swift")
    #expect(first.sourceLocation?.line == parted)
  }
}
