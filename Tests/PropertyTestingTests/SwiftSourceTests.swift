import Foundation
import Store
import StoreTesting
import Testing

@Suite("Values as Swift source")
struct SwiftSourceTests {
  enum Action: Equatable {
    case tick
    case move(Int)
    case answer(request: Int, Result<Date, Failure>)
    case rename(String?, to: [String: Int])
  }

  struct Failure: Error, Equatable {
    var message: String
  }

  @Test("enums, structs, results, optionals and collections render as code that rebuilds them")
  func rendersCode() {
    #expect(swiftSource(Action.tick) == ".tick")
    #expect(swiftSource(Action.move(-3)) == ".move(-3)")
    #expect(
      swiftSource(Action.answer(request: 2, .success(Date(timeIntervalSince1970: 1.5))))
        == ".answer(request: 2, .success(Date(timeIntervalSince1970: 1.5)))")
    #expect(
      swiftSource(Action.answer(request: 1, .failure(Failure(message: "timed \"out\""))))
        == ".answer(request: 1, .failure(SwiftSourceTests.Failure(message: \"timed \\\"out\\\"\")))"
    )
    #expect(
      swiftSource(Action.rename(nil, to: ["b": 2, "a": 1]))
        == ".rename(nil, to: [\"a\": 1, \"b\": 2])")
    #expect(swiftSource([1.0, .infinity, .nan]) == "[1.0, .infinity, .nan]")
    #expect(
      swiftSource(TimeZone(identifier: "Asia/Seoul") as Any)
        == "TimeZone(identifier: \"Asia/Seoul\")!")
    #expect(swiftSource((1, label: "x")) == "(1, label: \"x\")")
  }

  @Test("a value holding a closure has no source")
  func closuresHaveNone() {
    struct Holder {
      let run: () -> Void
    }
    #expect(swiftSource(Holder(run: {})) == nil)
  }
}
