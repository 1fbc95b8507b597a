import Foundation
import StoreTesting
import Synchronization
import Testing

@testable import Podcasts

/// The app's reducer with one bug: a picked search result is not added.
private struct ForgetsPicks: Reducer {
  func reduce(into state: inout Feature.State, action: Feature.Action) -> Effect<Feature.Action> {
    if case .destination(.search(.picked)) = action {
      state.destination = nil
      return .none
    }
    return Feature().reduce(into: &state, action: action)
  }
}

@MainActor
@Suite("The emitted session against a changed reducer")
struct ChangedReducerTests {
  @Test("fails at the action that parted, with the state it expected")
  func failsWhereTheStatesPart() async throws {
    let source = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("SessionSession.swift"), encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let picked = lines.firstIndex { $0.contains("store.send(.destination(.search(.picked(") }
    let parted = try #require(picked) + 1
    let issues = Mutex<[Issue]>([])
    await withKnownIssue {
      try? await sessionLog(ForgetsPicks())
    } matching: { issue in
      issues.withLock { $0.append(issue) }
      return true
    }
    let first = try #require(issues.withLock { $0.first })
    #expect(first.sourceLocation?.fileName == "SessionSession.swift")
    #expect(first.sourceLocation?.line == parted)
  }
}
