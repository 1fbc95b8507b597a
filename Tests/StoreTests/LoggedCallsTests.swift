import Foundation
import StoreTesting
import Testing

/// A lookup whose calls can be logged: numbers for a word.
private struct Lookup: LoggableDependency {
  var find: @Sendable (String) async throws -> [Int]

  func routed(through route: some DependencyCallRoute) -> Lookup {
    Lookup { word in try await route.call("find", input: word) { try await self.find(word) } }
  }
}

private enum LookupKey: DependencyKey {
  static let liveValue = Lookup { _ in [] }
  static let testValue = Lookup { _ in throw unimplementedDependency("Lookup.find") }
}

extension DependencyValues {
  fileprivate var lookup: Lookup {
    get { self[LookupKey.self] }
    set { self[LookupKey.self] = newValue }
  }
}

/// Asks the lookup for a word, and keeps what it says.
private struct Asker: Reducer {
  enum Action: Equatable, Sendable {
    case ask(String)
    case found([Int])
    case failed(String)
  }

  @Dependency(\.lookup) var lookup

  func reduce(into state: inout [Int], action: Action) -> Effect<Action> {
    switch action {
    case .ask(let word):
      return .run { [lookup] send in
        do {
          await send(.found(try await lookup.find(word)))
        } catch {
          await send(.failed("\(error)"))
        }
      }
    case .found(let numbers):
      state = numbers
      return .none
    case .failed:
      state = []
      return .none
    }
  }
}

@MainActor
@Suite("LoggedCalls: dependency calls answered as a log says")
struct LoggedCallsTests {
  private func store(_ calls: LoggedCalls) -> TestStore<[Int], Asker.Action> {
    TestStore(initialState: [], reducer: Asker()) {
      $0.lookup = calls.answering(\.lookup, named: "lookup")
    }
  }

  @Test("a call is answered with the logged output, read as the dependency's type")
  func answersOutput() async {
    let calls = LoggedCalls()
    let store = store(calls)
    await store.send(.ask("two"))
    await calls.answer("lookup.find", input: #""two""#, output: "[1,2]")
    await store.receive(.found([1, 2])) { $0 = [1, 2] }
  }

  @Test("a logged failure is thrown, reading as the recording's error did")
  func answersFailure() async {
    let calls = LoggedCalls()
    let store = store(calls)
    await store.send(.ask("two"))
    await calls.answer("lookup.find", input: #""two""#, failure: "offline")
    await store.receive(.failed("offline"))
  }

  @Test("a call with another input than logged fails at the answer, naming both, at once")
  func otherInputFails() async {
    let calls = LoggedCalls()
    let store = store(calls)
    await store.send(.ask("three"))
    let line = #line + 2
    await withKnownIssue {
      await calls.answer("lookup.find", input: #""two""#, output: "[1,2]")
    } matching: { issue in
      issue.sourceLocation?.line == line
        && String(describing: issue.comments).contains(
          #"The log answers lookup.find("two"), but no such call is waiting: the calls "#
            + #"waiting are lookup.find("three")."#)
    }
    store.cancelAllEffects()
    await store.finish()
  }
}
