import Foundation
import TestSupport
import Testing

/// `:view`, `:history`, `:undo`, `:wait`, `:help` and `--json`, through the built binary.
@Suite("uniflow's meta commands")
struct MetaCommandTests {
  let arguments = ["--offline", "--time-zone", "UTC"]

  @Test(":view prints every screen, changed or not")
  func view() async throws {
    let result = try await UniflowBinary.run(arguments, input: ":view\n", environment: fixedNow)
    #expect(result.lines.count == 6)
    #expect(Array(result.lines.prefix(3)) == Array(result.lines.suffix(3)))
  }

  @Test(":history lists each action with its number and where it came from, > at the screens")
  func history() async throws {
    let result = try await UniflowBinary.run(
      arguments + ["--no-default-location"], input: "tomorrow\n:history\n", environment: fixedNow
    )
    #expect(
      result.lines.suffix(2) == [
        "  1  launch  -         .launched(at: 2026-11-29T03:45:12Z)",
        "> 2  typed   line 1    .clock(.moveDay(1))",
      ])
  }

  @Test(":undo steps back over the last command and what its effects did, one command at a time")
  func undo() async throws {
    let result = try await UniflowBinary.run(
      arguments, input: "tomorrow\nchangeLocation Seoul\n:undo\n:undo\n:undo\n:history\n",
      environment: fixedNow)
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "line 5: nothing to undo: none of the actions up to seq 4 came from a typed command (:history lists them)"
      ])
    #expect(
      result.lines(of: "weather").suffix(2) == [
        "weather: Seoul · unavailable: offline", "weather: Anchorage, AK · unavailable: offline",
      ])
    #expect(
      result.lines(of: "clock").suffix(2) == [
        "clock: 2026년 11월 30일 03시 45분", "clock: 2026년 11월 29일 03시 45분",
      ])
    #expect(
      result.lines.filter { $0.hasPrefix("at seq ") } == ["at seq 5 of 8", "at seq 4 of 8"])
    #expect(
      result.lines.filter { $0.hasPrefix(">") } == [
        "> 4  effect  of 3      .weather(.weatherResponse(request: 1, .failure(FetchFailure(message: \"offline\"))))"
      ])
  }

  @Test(":undo of a session with nothing typed is an error that changes nothing")
  func undoNothing() async throws {
    let result = try await UniflowBinary.run(arguments, input: ":undo\n", environment: fixedNow)
    #expect(result.status == 1)
    #expect(result.lines.count == 3)
  }

  @Test(":wait and :help run in script mode too; :help lists every command")
  func waitAndHelp() async throws {
    let result = try await UniflowBinary.run(
      arguments, input: ":wait\n:help\n", environment: fixedNow)
    #expect(result.status == 0)
    for word in [
      "reload", "moveDay", "dog", "adopt", "changeLocation", ":view", ":history", ":undo",
    ] {
      #expect(result.stdout.contains(word), "help mentions \(word)")
    }
  }

  @Test("--json prints every screen change, error and result as one JSON object a line")
  func json() async throws {
    let result = try await UniflowBinary.run(
      arguments + ["--json", "--no-default-location"], input: "tomorrow\nbad\n:state\n",
      environment: fixedNow)
    #expect(result.status == 1)
    let objects = try result.lines.map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
    }
    #expect(objects.count == 6)
    #expect(objects[0]["screen"] as? String == "clock")
    #expect(objects[3]["text"] as? String == "2026년 11월 30일 03시 45분")
    #expect(objects[4]["line"] as? Int == 2)
    #expect(objects[4]["column"] as? Int == 1)
    #expect((objects[4]["error"] as? String)?.hasPrefix("unknown command 'bad'") == true)
    #expect(
      ((objects[5]["state"] as? [String: Any])?["clock"] as? [String: Any])?["dayOffset"] as? Int
        == 1)
    #expect(result.stderr.isEmpty)
  }
}
