import Store
import Testing

/// Appends its name to the state's log for every action.
private struct Note: Reducer {
  let name: String

  init(_ name: String) {
    self.name = name
  }

  func reduce(into state: inout [String], action: Int) -> Effect<Int> {
    state.append(name)
    return action > 0 ? .send(action - 1) : .none
  }
}

private enum Mode { case first, second, third }

private struct Screen: Equatable {
  var notes: [String] = []
  var other = 0
}

private func run<R: Reducer>(_ reducer: R, action: Int = 0) -> ([String], Bool)
where R.State == [String], R.Action == Int {
  var state: [String] = []
  let effect = reducer.reduce(into: &state, action: action)
  return (state, effect.isNone)
}

@Suite("ReducerBuilder takes if, if let, if/else, switch and for")
struct ReducerBuilderControlFlowTests {
  @Test("an if without else runs its reducer only when the condition held")
  func ifWithoutElse() {
    func build(_ flag: Bool) -> some Reducer<[String], Int> {
      CombineReducers<[String], Int, _> {
        Note("a")
        if flag { Note("b") }
      }
    }
    #expect(run(build(true)).0 == ["a", "b"])
    #expect(run(build(false)).0 == ["a"])
  }

  @Test("an if let runs its reducer with the unwrapped value")
  func ifLet() {
    func build(_ name: String?) -> some Reducer<[String], Int> {
      CombineReducers<[String], Int, _> {
        if let name { Note(name) }
        Note("z")
      }
    }
    #expect(run(build("x")).0 == ["x", "z"])
    #expect(run(build(nil)).0 == ["z"])
  }

  @Test("an if/else runs the branch taken")
  func ifElse() {
    func build(_ flag: Bool) -> some Reducer<[String], Int> {
      CombineReducers<[String], Int, _> {
        if flag { Note("yes") } else { Note("no"); Note("really") }
      }
    }
    #expect(run(build(true)).0 == ["yes"])
    #expect(run(build(false)).0 == ["no", "really"])
  }

  @Test("a switch runs the reducer of its case")
  func switchStatement() {
    func build(_ mode: Mode) -> some Reducer<[String], Int> {
      CombineReducers<[String], Int, _> {
        switch mode {
        case .first: Note("1")
        case .second: Note("2")
        case .third: Note("3"); Note("3b")
        }
      }
    }
    #expect(run(build(.first)).0 == ["1"])
    #expect(run(build(.second)).0 == ["2"])
    #expect(run(build(.third)).0 == ["3", "3b"])
  }

  @Test("a for loop runs one reducer per element, in order, and merges their effects")
  func forLoop() {
    let reducer = CombineReducers<[String], Int, _> {
      for name in ["a", "b", "c"] { Note(name) }
    }
    let (notes, isNone) = run(reducer, action: 1)
    #expect(notes == ["a", "b", "c"])
    #expect(!isNone)
    #expect(run(reducer, action: 0).1)
    let none = CombineReducers<[String], Int, _> {
      for name in [String]() { Note(name) }
    }
    #expect(run(none).0 == [])
  }

  @Test("a for loop of 10,000 reducers runs each exactly once")
  func forLoopHundredTimes() {
    // 100× a list of 100 reducers: the count is exact.
    let reducer = CombineReducers<[String], Int, _> {
      for index in 0..<10_000 { Note("\(index)") }
    }
    let (notes, _) = run(reducer)
    #expect(notes.count == 10_000)
    #expect(notes.last == "9999")
  }

  @Test("control flow works in a Scope's body too")
  func insideScope() {
    func build(_ flag: Bool, _ mode: Mode) -> some Reducer<Screen, Int> {
      Scope(state: \Screen.notes, action: ActionCase(embed: { $0 }, extract: { $0 })) {
        if flag { Note("flag") }
        switch mode {
        case .first: Note("first")
        default: Note("other")
        }
        for name in ["x", "y"] { Note(name) }
      }
    }
    var state = Screen()
    _ = build(true, .first).reduce(into: &state, action: 0)
    #expect(state.notes == ["flag", "first", "x", "y"])
    state = Screen()
    _ = build(false, .third).reduce(into: &state, action: 0)
    #expect(state.notes == ["other", "x", "y"])
  }

  @Test("an if #available branch is built and runs")
  func limitedAvailability() {
    let reducer = CombineReducers<[String], Int, _> {
      if #available(macOS 99, *) { Note("new") } else { Note("old") }
    }
    #expect(run(reducer).0 == ["new"])
  }
}
