import Foundation
import Store
import Testing

@testable import Console

/// A row with no memberwise initialiser the test could call (it has its own).
private struct Row: Equatable, Identifiable, Codable {
  let id: Int
  var title: String
  var done = false

  init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

private struct Screen: Equatable, Codable {
  var rows: IdentifiedArrayOf<Row> = []
  var open: Row?
  var tags: Set<String> = []
  var count = 0
}

@Suite("The Swift an emitted test is written in")
struct EmittedSwiftTests {
  @Test("an identified collection changes by id: removals, changed fields, appends")
  func identifiedChanges() {
    var before = Screen()
    before.rows = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
    var after = before
    after.rows.remove(id: 1)
    after.rows[id: 2]?.done = true
    after.rows.append(Row(id: 3, title: "c"))
    after.count = 1
    #expect(
      EmittedSwift.assignments(from: before, to: after, path: "$0") == [
        "$0.rows.remove(id: 1)",
        "$0.rows[id: 2]?.done = true",
        ##"$0.rows.append(try logValue(#"{"done":false,"id":3,"title":"c"}"#))"##,
        "$0.count = 1",
      ])
  }

  @Test("an optional that stays set changes through `?`; one that appears is written whole")
  func optionals() {
    var before = Screen()
    var after = before
    after.open = Row(id: 1, title: "a")
    #expect(
      EmittedSwift.assignments(from: before, to: after, path: "$0") == [
        ##"$0.open = try logValue(#"{"done":false,"id":1,"title":"a"}"#)"##
      ])
    before = after
    after.open?.title = "b"
    #expect(
      EmittedSwift.assignments(from: before, to: after, path: "$0") == [#"$0.open?.title = "b""#])
  }

  @Test("a set is written sorted, the same in every run")
  func sets() {
    let before = Screen()
    var after = before
    after.tags = ["pear", "apple", "fig"]
    #expect(
      EmittedSwift.assignments(from: before, to: after, path: "$0") == [
        #"$0.tags = ["apple", "fig", "pear"]"#
      ])
  }

  @Test("JSON goes in a raw string with enough #s, a terminal's controls as JSON escapes")
  func rawJSON() {
    #expect(EmittedSwift.rawJSON(#"{"a":"b"}"#) == ##"#"{"a":"b"}"#"##)
    #expect(EmittedSwift.rawJSON(##"{"a":"#"}"##) == ###"##"{"a":"#"}"##"###)
    #expect(EmittedSwift.rawJSON("{\"a\":\"\u{202E}\"}") == ##"#"{"a":"\u202e"}"#"##)
  }

  @Test("a 100 times larger collection with one change emits one line")
  func largeCollections() {
    var before = Screen()
    before.rows = IdentifiedArrayOf(uniqueElements: (1...10_000).map { Row(id: $0, title: "t") })
    var after = before
    after.rows[id: 5_000]?.title = "changed"
    #expect(
      EmittedSwift.assignments(from: before, to: after, path: "$0") == [
        #"$0.rows[id: 5000]?.title = "changed""#
      ])
  }

  @Test(
    "a list that grew or shrank at its end among 10,000 elements is written as appends or one removal"
  )
  func endChanges() {
    var before = Screen()
    before.rows = IdentifiedArrayOf(uniqueElements: (1...10_000).map { Row(id: $0, title: "t") })
    var after = before
    after.rows.append(Row(id: 10_001, title: "u"))
    after.rows.append(Row(id: 10_002, title: "v"))
    #expect(
      EmittedSwift.assignments(from: before, to: after, path: "$0") == [
        ##"$0.rows.append(contentsOf: [try logValue(#"{"done":false,"id":10001,"title":"u"}"#), try logValue(#"{"done":false,"id":10002,"title":"v"}"#)])"##
      ])
    #expect(
      EmittedSwift.assignments(from: after, to: before, path: "$0") == ["$0.rows.removeLast(2)"])
    let numbers = Array(1...10_000)
    #expect(
      EmittedSwift.assignments(from: numbers, to: numbers + [7, 8], path: "$0.n") == [
        "$0.n.append(contentsOf: [7, 8])"
      ])
    #expect(
      EmittedSwift.assignments(from: numbers, to: Array(numbers.dropLast(3)), path: "$0.n") == [
        "$0.n.removeLast(3)"
      ])
  }
}
