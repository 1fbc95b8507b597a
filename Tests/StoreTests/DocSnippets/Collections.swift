// The example of docs/store.md, "Collections of features", compiled here (DocSnippetTests checks
// that the document shows exactly this region).

// snippet: collections
import Store

struct Todo: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
  var isDone = false
}

enum TodoAction: Equatable, Sendable {
  case toggle
  case rename(String)
}

struct TodoRow: Reducer {
  func reduce(into todo: inout Todo, action: TodoAction) -> Effect<TodoAction> {
    switch action {
    case .toggle: todo.isDone.toggle()
    case .rename(let title): todo.title = title
    }
    return .none
  }
}

struct Todos: Equatable, Sendable {
  var rows: IdentifiedArrayOf<Todo> = []
}

enum TodosAction: Equatable, Sendable {
  case add(String)
  case clearDone
  case rows(IdentifiedAction<Int, TodoAction>)
}

extension ActionCase where Root == TodosAction, Value == IdentifiedAction<Int, TodoAction> {
  static let rows = ActionCase(embed: TodosAction.rows) {
    if case .rows(let action) = $0 { action } else { nil }
  }
}

func todosReducer() -> some Reducer<Todos, TodosAction> {
  Reduce<Todos, TodosAction> { state, action in
    switch action {
    case .add(let title):
      state.rows.append(Todo(id: (state.rows.last?.id ?? 0) + 1, title: title))
    case .clearDone:
      state.rows.removeAll { $0.isDone }  // their rows' effects are cancelled
    case .rows:
      break  // the row's reducer has already run
    }
    return .none
  }
  .forEach(\.rows, action: .rows) { TodoRow() }
}

@MainActor func toggle(_ id: Int, in store: Store<Todos, TodosAction>) {
  store.scope(forEach: \.rows, action: .rows, id: id)?.send(.toggle)
}
// snippet: end
