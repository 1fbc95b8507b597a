import StoreTesting
import Testing

/// A list of rows and an optional detail, routed by case key paths.
private struct Board: Reducer {
  struct Row: Equatable, Identifiable, Sendable {
    let id: Int
    var count = 0
  }
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    var detail: Row?
  }
  enum Phase: Equatable, CasePathable {
    case idle
    case active(Row)
    struct AllCasePaths: Sendable {
      let idle = ActionCase(Phase.idle)
      let active = ActionCase(Phase.active)
    }
    static let allCasePaths = AllCasePaths()
  }
  enum RowAction: Equatable, Sendable { case bump }
  enum Action: Equatable, Sendable, CasePathable {
    case rows(IdentifiedAction<Int, RowAction>)
    case detail(RowAction)
    case active(RowAction)
    struct AllCasePaths: Sendable {
      let rows = ActionCase(Action.rows)
      let detail = ActionCase(Action.detail)
      let active = ActionCase(Action.active)
    }
    static let allCasePaths = AllCasePaths()
  }

  static var bump: Reduce<Row, RowAction> {
    Reduce { row, _ in
      row.count += 1
      return .none
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { _, _ in .none }
      .forEach(\.rows, action: \.rows) { Self.bump }
      .ifLet(\.detail, action: \.detail) { Self.bump }
      .reduce(into: &state, action: action)
  }
}

/// One case of an enum state, routed by case key paths on both the state and the action.
private struct PhaseReducer: Reducer {
  func reduce(into state: inout Board.Phase, action: Board.Action) -> Effect<Board.Action> {
    Reduce<Board.Phase, Board.Action> { _, _ in .none }
      .ifCaseLet(\.active, action: \.active) { Board.bump }
      .reduce(into: &state, action: action)
  }
}

@MainActor
@Suite("forEach, ifLet, ifCaseLet and scope(forEach:) take case key paths")
struct CaseChildrenKeyPathTests {
  @Test("an element's action reaches it by key path, and so do the optional and enum children")
  func routing() async {
    var initial = Board.State()
    initial.detail = Board.Row(id: 9)
    let store = TestStore(initialState: initial, reducer: Board())
    await store.send(.rows(.element(id: 2, action: .bump))) { $0.rows[id: 2]?.count = 1 }
    await store.send(.detail(.bump)) { $0.detail?.count = 1 }
    let phases = TestStore(
      initialState: Board.Phase.active(Board.Row(id: 7)), reducer: PhaseReducer())
    await phases.send(.active(.bump)) { $0 = .active(Board.Row(id: 7, count: 1)) }
  }

  @Test("a store scoped by key path to one element sends to that element")
  func scopedElement() {
    let store = Store(initialState: Board.State(), reducer: Board())
    let row = store.scope(forEach: \.rows, action: \.rows, id: 1)
    row?.send(.bump)
    #expect(store.state.rows[id: 1]?.count == 1)
    #expect(store.scope(forEach: \.rows, action: \.rows, id: 5) == nil)
  }
}
