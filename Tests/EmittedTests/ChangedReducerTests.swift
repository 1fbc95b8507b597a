import Features
import Foundation
import StoreTesting
import Testing

/// The app's reducer with one bug: moving back by N days moves back by N - 1.
private struct OffByOne: Reducer {
  let app: AppReducer

  func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    if case .clock(.moveDay(let days)) = action, days < 0 {
      return app.reduce(into: &state, action: .clock(.moveDay(days + 1)))
    }
    return app.reduce(into: &state, action: action)
  }
}

@MainActor
@Suite("An emitted test against a changed reducer")
struct ChangedReducerTests {
  @Test("fails at the action that parted, with the diff of the state it expected")
  func failsWhereTheStatesPart() async throws {
    let source = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ClockSession.swift"), encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let parted = try #require(lines.firstIndex { $0.contains("store.send(.clock(.moveDay(-3)))") })
    let issues = Locked<[Issue]>([])
    await withKnownIssue {
      await clockLog(OffByOne(app: AppReducer()))
    } matching: { issue in
      issues.withLock { $0.append(issue) }
      return true
    }
    let first = try #require(issues.value.first)
    #expect(first.sourceLocation?.fileName == "ClockSession.swift")
    #expect(first.sourceLocation?.line == parted + 1)
    let message = String(describing: first.comments.first ?? "")
    #expect(message.contains("A state change does not match expectation"))
    #expect(message.contains("\u{2212}     dayOffset: -3,"))
    #expect(message.contains("+     dayOffset: -2,"))
  }
}
