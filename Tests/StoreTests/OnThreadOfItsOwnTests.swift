import Foundation
import TestSupport
import Testing

@Suite("Long test work runs on a thread of its own, inside the test")
struct OnThreadOfItsOwnTests {
  @Test("the work runs on its own thread and still belongs to the test")
  func ownThreadInTheTest() async {
    let (own, test) = await onThreadOfItsOwn { (isOnThreadOfItsOwn, Test.current?.name) }
    #expect(own)
    #expect(!isOnThreadOfItsOwn)
    #expect(test == Test.current?.name)
    #expect(test != nil)
  }

  @MainActor
  @Test("from a main-actor test too, and the value and errors come back")
  func fromTheMainActor() async throws {
    let own = await onThreadOfItsOwn { isOnThreadOfItsOwn }
    #expect(own)
    struct Refused: Error {}
    await #expect(throws: Refused.self) { try await onThreadOfItsOwn { throw Refused() } }
  }

  @Test("an expectation that fails on the thread fails the test it belongs to")
  func failureBelongsToTheTest() async {
    await withKnownIssue("recorded on the thread of its own, so known to this test") {
      await onThreadOfItsOwn { #expect(Bool(false), "fails on purpose") }
    }
  }
}
