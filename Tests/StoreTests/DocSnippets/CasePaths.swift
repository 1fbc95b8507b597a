// The examples of docs/store.md's "Case paths", compiled here (DocSnippetTests checks that the
// document shows exactly these regions).
import Store
import StoreTesting
import Testing

// snippet: define
enum Row: Equatable, Sendable, CasePathable {
  case tapped
  case loaded(String)
  case moved(from: Int, to: Int)

  struct AllCasePaths: Sendable {
    let tapped = ActionCase(Row.tapped)
    let loaded = ActionCase(Row.loaded)
    let moved = ActionCase(Row.moved)  // Value: (Int, Int)
  }
  static let allCasePaths = AllCasePaths()
}

enum ListAction: Equatable, Sendable, CasePathable {
  case row(Row)
  case refresh

  struct AllCasePaths: Sendable {
    let row = ActionCase(ListAction.row)
    let refresh = ActionCase(ListAction.refresh)
  }
  static let allCasePaths = AllCasePaths()
}
// snippet: end

struct RowState: Equatable, Sendable {
  var name = ""
  var taps = 0
}

struct ListState: Equatable, Sendable {
  var row = RowState()
}

struct RowFeature: Reducer {
  func reduce(into state: inout RowState, action: Row) -> Effect<Row> {
    switch action {
    case .tapped:
      state.taps += 1
      return .send(.loaded("one"))
    case .loaded(let name):
      state.name = name
      return .none
    case .moved:
      return .none
    }
  }
}

func caseExamples() -> Bool {
  // snippet: compose
  let loaded = ListAction.case(\.row.loaded)  // ActionCase<ListAction, String>
  let action = loaded.embed("one")  // ListAction.row(.loaded("one"))
  let explicit = ActionCase(ListAction.row).appending(ActionCase(Row.loaded))
  let same = explicit.extract(from: action) == "one"  // true
  // snippet: end
  return same && loaded.extract(from: .refresh) == nil
}

// snippet: scope
func listFeature(verbose: Bool) -> some Reducer<ListState, ListAction> {
  CombineReducers<ListState, ListAction, _> {
    Scope(state: \ListState.row, action: \.row) { RowFeature() }
    if verbose {
      Reduce<ListState, ListAction> { _, action in
        print(action)
        return .none
      }
    }
  }
}

@MainActor func rowStore(_ store: Store<ListState, ListAction>) -> Store<RowState, Row> {
  store.scope(state: \.row, action: \.row)
}
// snippet: end

@MainActor
@Test("docs/store.md: a row's case, received by key path, with and without its payload")
func receiveByCaseExample() async {
  #expect(caseExamples())
  // snippet: receive
  let store = TestStore(initialState: ListState(), reducer: listFeature(verbose: false))
  await store.send(.row(.tapped)) { $0.row.taps = 1 }
  await store.receive(\.row.loaded) { $0.row.name = "one" }  // any payload
  await store.send(\.row.tapped, ()) { $0.row.taps = 2 }
  await store.receive(\.row.loaded, "one")  // this payload
  // snippet: end
}
