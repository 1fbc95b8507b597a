import Foundation
import Store
import TestSupport
import Testing

@Suite("Dumping values and diffing lines")
struct DumpAndDiffTests {
  struct Inner: Equatable { var flag = true }
  struct Outer: Equatable {
    var name = "a"
    var numbers = [1, 2]
    var inner = Inner()
    var choice: Choice = .pick(3, label: "x")
    var missing: Int? = nil
    var table = ["b": 2, "a": 1]
  }
  enum Choice: Equatable { case none, pick(Int, label: String) }

  @Test("a struct dumps one field a line, with enums, optionals and sorted dictionaries")
  func dumpsStructs() {
    #expect(
      dumpLines(Outer()) == [
        "DumpAndDiffTests.Outer(",
        "  name: \"a\",",
        "  numbers: [1, 2],",
        "  inner: DumpAndDiffTests.Inner(",
        "    flag: true",
        "  ),",
        "  choice: .pick(3, label: \"x\"),",
        "  missing: nil,",
        "  table: [",
        "    \"a\": 1,",
        "    \"b\": 2",
        "  ]",
        ")",
      ])
  }

  enum Todo { struct State: Equatable { var title = "milk" } }
  enum Todos { struct State: Equatable { var todos = [Todo.State()] } }

  @Test("types are named with the types they are nested in, so Todo.State and Todos.State differ")
  func nestedTypeNames() {
    #expect(
      dumpLines(Todos.State()) == [
        "DumpAndDiffTests.Todos.State(",
        "  todos: [",
        "    DumpAndDiffTests.Todo.State(",
        "      title: \"milk\"",
        "    )",
        "  ]",
        ")",
      ])
    struct Local: Equatable { var value = 1 }
    #expect(dumpLines(Local()) == ["Local(", "  value: 1", ")"])
    #expect(typeName([Todo.State?].self) == "Array<Optional<DumpAndDiffTests.Todo.State>>")
    #expect(typeName((Int, label: String).self) == "(Int, label: String)")
  }

  @Test("a type name nested 100 generic levels deep loses every module prefix, once each")
  func hundredfoldTypeName() {
    func wrap<T>(_: T.Type) -> Any.Type { [T].self }
    var type: Any.Type = Todo.State.self
    for _ in 0..<100 { type = wrap(type) }
    let name = typeName(type)
    #expect(name.components(separatedBy: "Array<").count - 1 == 100)
    #expect(name.hasSuffix("DumpAndDiffTests.Todo.State" + String(repeating: ">", count: 100)))
    #expect(!name.contains("Swift.") && !name.contains("StoreTests."))
  }

  @Test(
    "dates dump as ISO 8601 with every fraction digit, and payload-free enum cases as their name")
  func dumpsLeaves() {
    #expect(dumpText(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    #expect(dumpText(Date(timeIntervalSince1970: 0.25)) == "1970-01-01T00:00:00.25Z")
    #expect(
      dumpText(Date(timeIntervalSinceReferenceDate: 1e15))
        == "Date(timeIntervalSinceReferenceDate: 1000000000000000.0)")
    #expect(dumpText(Choice.none) == ".none")
  }

  @Test("the diff marks removed lines with − and added lines with +, shared lines indented")
  func diffMarksChanges() {
    let text = lineDiff(expected: ["a", "b", "c"], actual: ["a", "x", "c"])
    #expect(text == "  a\n\u{2212} b\n+ x\n  c")
  }

  @Test("long runs of unchanged lines far from a change are folded")
  func diffFoldsContext() {
    let expected = (1...60).map(String.init)
    var actual = expected
    actual[30] = "changed"
    let text = lineDiff(expected: expected, actual: actual, context: 2)
    #expect(text == "  …\n  29\n  30\n\u{2212} 31\n+ changed\n  32\n  33\n  …")
  }
}
