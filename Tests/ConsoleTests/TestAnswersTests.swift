import ActionLog
import Foundation
import Store
import TestSupport
import Testing

@testable import Console

/// An app that looks a word up: its answers carry their request's number, and its recordings
/// log no dependency call — the case ``TestAnswers`` is for.
enum Lookup {
  struct State: Codable, Equatable, Sendable {
    var request = 0
    var isLoading = false
    var word: String?
  }

  enum Action: Codable, Equatable, Sendable {
    case ask
    case answered(request: Int, word: String)
    case restored(State)
  }

  struct Feature: Reducer {
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .ask:
        state.request += 1
        state.isLoading = true
        return .run { _ in }
      case .answered(let request, let word):
        guard request == state.request, state.isLoading else { return .none }
        state.isLoading = false
        state.word = word
        return .none
      case .restored(let restored):
        state = restored
        return .none
      }
    }
  }

  struct App: ConsoleApp {
    var name: String { "lookup" }
    var version: String { "1.0.0" }
    var reducer: Feature { Feature() }
    func screens(of state: State) -> [ConsoleScreen] { [ConsoleScreen("word", state.word ?? "")] }
    func restoring(_ state: State) -> Action? { .restored(state) }

    // snippet: test-answers
    /// The test of a recording: the dictionary answers with the word each answer carried.
    var testAnswers: TestAnswers<State, Action>? {
      TestAnswers(
        imports: ["Lookup"], reducer: "Lookup.Feature()",
        dependencies: [
          AnsweredDependency(
            "dictionary", variable: "words", answers: String.self, failing: Never.self,
            client: "DictionaryClient { try await words.next() }",
            awaited: { $0.isLoading ? $0.request : nil },
            carriedBy: {
              guard case .answered(let request, let word) = $0 else { return nil }
              return (request, .success(word))
            })
        ])
    }
    // snippet: end
  }
}

@Suite("Tests emitted from recordings whose effects' actions carry the answers (TestAnswers)")
struct TestAnswersTests {
  /// The test `--emit-test` writes of a session of `actions`, each with its origin.
  private func emitted(_ actions: [(Lookup.Action, ActionOrigin)]) throws -> String {
    let app = Lookup.App()
    let answers = try #require(app.testAnswers)
    let steps = actions.enumerated().map { index, step in
      ReplayStep(seq: index + 1, origin: step.1, action: step.0, summary: "\(step.0)")
    }
    var work = answers.emitter(program: app.name).work()
    var source = ""
    answers.write(
      for: app, log: "lookup.log", start: Lookup.State(), steps: steps, work: &work
    ) { source += $0 + "\n" }
    return source
  }

  @Test("the table's dependency is declared, given to the store and answered before its receive")
  func answersBeforeReceive() throws {
    let source = try emitted([
      (.ask, .sent), (.answered(request: 1, word: "hi"), .effect),
    ])
    #expect(source.contains("func lookupLog"))
    #expect(source.contains("  let words = Answers<String>()"))
    #expect(source.contains("    $0.dictionary = DictionaryClient { try await words.next() }"))
    #expect(source.contains("async throws {"), "the console's own style may write `try`")
    #expect(
      source.contains(
        """
          await words.answer(.success("hi"))
          await store.receive(.answered(request: 1, word: "hi")) {
        """))
    #expect(!source.contains("cancelAllEffects"), "nothing is left in flight")
  }

  @Test(
    "an answer to a request the test did not make is sent as it came; travel and the end cancel"
  )
  func othersAreSent() throws {
    let source = try emitted([
      (.answered(request: 0, word: "old"), .effect), (.ask, .sent), (.ask, .sent),
      (.answered(request: 1, word: "stale"), .effect), (.restored(Lookup.State()), .sent),
      (.answered(request: 2, word: "late"), .effect), (.ask, .sent),
    ])
    let sentAsItCame =
      "  // Its request was made before the recording began, or was cancelled: sent as it came."
    #expect(source.components(separatedBy: sentAsItCame).count - 1 == 3)
    #expect(!source.contains("words.answer("), "no answer is to a request the test has running")
    #expect(
      source.contains(
        "  store.cancelAllEffects()  // the app cancels what is in flight as it travels"))
    #expect(source.hasSuffix("  store.cancelAllEffects()\n  await store.finish()\n}\n"))
  }

  @Test("a type's name is written as a test writes it: arrays, optionals and dictionaries sugared")
  func typeNames() {
    #expect(EmittedSwift.typeName([Lookup.State].self) == "[Lookup.State]")
    #expect(EmittedSwift.typeName(Int?.self) == "Int?")
    #expect(EmittedSwift.typeName([String: [Int?]].self) == "[String: [Int?]]")
    #expect(EmittedSwift.typeName(Result<[Int], Never>.self) == "Result<[Int], Never>")
  }

  @Test("a date is written to the last bit, not as seconds since 1970")
  func exactDates() throws {
    let date = Date(timeIntervalSinceReferenceDate: 817_616_712.1)
    let written = EmittedSwift.value(date)
    #expect(written == "Date(timeIntervalSinceReferenceDate: 817616712.1)")
    let seconds = try #require(
      Double(written.dropFirst("Date(timeIntervalSinceReferenceDate: ".count).dropLast()))
    #expect(Date(timeIntervalSinceReferenceDate: seconds) == date)
    #expect(Date(timeIntervalSince1970: date.timeIntervalSince1970) != date, "why it matters")
  }
}
