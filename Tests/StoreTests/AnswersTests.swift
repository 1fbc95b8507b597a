import Foundation
import StoreTesting
import Testing

@Suite("Answers: dependencies answered by the test")
struct AnswersTests {
  @Test("calls are answered oldest first, with values or errors")
  func oldestFirst() async throws {
    let answers = Answers<Int>()
    let first = Task { try await answers.next() }
    await answers.answer(.success(1))
    let second = Task { try await answers.next() }
    await answers.answer(.failure(CancellationError()))
    #expect(try await first.value == 1)
    await #expect(throws: CancellationError.self) { try await second.value }
  }

  @Test("answer waits for the call, however late it comes")
  func waitsForTheCall() async throws {
    let answers = Answers<String>()
    async let answered: Void = answers.answer(.success("late"))
    await Task.yield()
    let call = Task { try await answers.next() }
    await answered
    #expect(try await call.value == "late")
    #expect(answers.waitingCalls == 0)
  }

  @Test("a cancelled call stops waiting and is never answered; the next call gets the answer")
  func cancelledCallsAreSkipped() async throws {
    let answers = Answers<Int>()
    for _ in 0..<50 {
      let cancelled = Task { try await answers.next() }
      cancelled.cancel()
      await #expect(throws: CancellationError.self) { try await cancelled.value }
    }
    let live = Task { try await answers.next() }
    await answers.answer(.success(7))
    #expect(try await live.value == 7)
    #expect(answers.waitingCalls == 0)
  }

  @Test("an answer nobody asks for fails the test at its line, after the timeout")
  func nobodyAsks() async {
    let answers = Answers<Int>(timeout: .milliseconds(50))
    let line = #line + 2
    await withKnownIssue {
      await answers.answer(.success(1))
    } matching: { issue in
      issue.sourceLocation?.line == line
        && String(describing: issue.comments).contains("found no call to answer")
    }
  }
}
