import Foundation
import StoreTesting
import Synchronization
import Testing
import Todos

/// The app's reducer with one bug: saving the detail closes it without writing the draft back.
private struct LosesDrafts: Reducer {
  func reduce(into state: inout Todos.State, action: Todos.Action) -> Effect<Todos.Action> {
    if case .detail(.saveTapped) = action {
      state.detail = nil
      return .none
    }
    return Todos().reduce(into: &state, action: action)
  }
}

/// The app's reducer with another: the search asks for the query in capitals.
private struct AsksLoudly: Reducer {
  @Dependency(\.searchClient) var searchClient
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout Todos.State, action: Todos.Action) -> Effect<Todos.Action> {
    let effect = Todos().reduce(into: &state, action: action)
    guard case .search(.queryChanged(let query)) = action, !query.isEmpty else { return effect }
    return .run { [searchClient, clock] send in
      try await clock.sleep(for: Search.pause)
      await send(.search(.answered(try await searchClient.search(query.uppercased()))))
    }
  }
}

@MainActor
@Suite("The emitted session against a changed reducer")
struct ChangedReducerTests {
  /// The issues `session` records, and the line of EditsSession.swift holding `text`.
  private func issues(
    of session: @MainActor () async throws -> Void, lineWith text: String
  ) async throws -> (issues: [Issue], line: Int) {
    let source = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("EditsSession.swift"), encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let index = try #require(lines.firstIndex { $0.contains(text) })
    let issues = Mutex<[Issue]>([])
    try await withKnownIssue {
      try await session()
    } matching: { issue in
      issues.withLock { $0.append(issue) }
      return true
    }
    return (issues.withLock { $0 }, index + 1)
  }

  @Test("a changed state fails at the action that parted, with the diff it expected")
  func failsWhereTheStatesPart() async throws {
    let found = try await issues(
      of: { try await editsLog(LosesDrafts()) }, lineWith: "store.send(.detail(.saveTapped))")
    let first = try #require(found.issues.first)
    #expect(first.sourceLocation?.fileName == "EditsSession.swift")
    #expect(first.sourceLocation?.line == found.line)
    let message = String(describing: first.comments.first ?? "")
    #expect(message.contains("A state change does not match expectation"))
    #expect(message.contains("title: \"BUG\""))
  }

  @Test("a changed dependency call fails at the call the log answers, naming both")
  func failsWhereTheCallsPart() async throws {
    let found = try await issues(
      of: { try await editsLog(AsksLoudly()) }, lineWith: "calls.answer(\"searchClient.search\"")
    let first = try #require(found.issues.first)
    #expect(first.sourceLocation?.fileName == "EditsSession.swift")
    #expect(first.sourceLocation?.line == found.line)
    let message = String(describing: first.comments.first ?? "")
    #expect(
      message.contains(
        #"The log answers searchClient.search("wat"), but no such call is waiting: the calls "#
          + #"waiting are searchClient.search("WAT")."#))
  }
}
