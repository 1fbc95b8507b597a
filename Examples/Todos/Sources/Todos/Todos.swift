import Store

/// The app: a list of todos (each row its own feature), a search field for suggestions, the
/// detail of one todo while it is open, and a focus timer.
///
/// Composed from the child features with the library's operators: `Scope` for the search and
/// the timer, `forEach` for the rows (an action reaches its row by id; a removed row's effects
/// are cancelled), `ifLet` for the detail (closing it cancels its effects). Cases are named
/// once, in ``Action/AllCasePaths``.
public struct Todos: Reducer {
  public struct State: Equatable, Sendable, Codable {
    public var todos: IdentifiedArrayOf<Todo.State> = []
    public var search = Search.State()
    public var detail: Detail.State?
    public var timer = FocusTimer.State()
    public var nextID = 0
    public init() {}
  }

  public enum Action: Equatable, Sendable, Codable, CasePathable {
    case addTapped(String)
    case removeTapped(Int)
    case rowTapped(Int)
    case rows(IdentifiedAction<Int, Todo.Action>)
    case detail(Detail.Action)
    case search(Search.Action)
    case timer(FocusTimer.Action)

    /// Each case with a child's actions, named once.
    public struct AllCasePaths: Sendable {
      public let rows = ActionCase(Action.rows)
      public let detail = ActionCase(Action.detail)
      public let search = ActionCase(Action.search)
      public let timer = ActionCase(Action.timer)
    }
    public static let allCasePaths = AllCasePaths()
  }

  public init() {}

  // snippet: composition
  public var body: some ReducerOf<Self> {
    CombineReducers {
      Scope(state: \State.search, action: \.search) { Search() }
      Scope(state: \State.timer, action: \.timer) { FocusTimer() }
      Reduce(Self.core)
    }
    .forEach(\.todos, action: \.rows) { Todo() }
    .ifLet(\.detail, action: \.detail) { Detail() }
  }
  // snippet: end

  /// The list's own rules; the children have run already.
  static func core(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .addTapped(let title):
      state.nextID += 1
      state.todos.append(Todo.State(id: state.nextID, title: title))
      return .none
    case .removeTapped(let id):
      state.todos.remove(id: id)
      if state.detail?.todo.id == id { state.detail = nil }
      return .none
    case .rowTapped(let id):
      state.detail = state.todos[id: id].map(Detail.State.init(todo:))
      return .none
    case .detail(.saveTapped):
      if let detail = state.detail { state.todos[id: detail.todo.id]?.title = detail.draft }
      state.detail = nil
      return .none
    case .detail(.closeTapped):
      state.detail = nil
      return .none
    case .rows, .detail, .search, .timer:
      return .none
    }
  }
}
