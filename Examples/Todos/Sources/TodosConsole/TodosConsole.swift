import Console
import Store
import Todos

// snippet: app
/// The todo app on the console, when it wants more than the one line: its name and version,
/// its screens, its dependency for emitted tests, what it refuses, and options of its own. Its
/// actions are typed and logged as Swift, from their `Codable`.
struct TodosConsoleApp: ConsoleApp {
  var name: String { "todos" }
  var version: String { "1.0.0" }
  var reducer: Todos { Todos() }

  func screens(of state: Todos.State) -> [ConsoleScreen] {
    let rows = state.todos.map { "\($0.id) " + ($0.isDone ? "✓ " : "· ") + $0.title }
    let search =
      state.search.query.isEmpty
      ? "" : "\(state.search.query) → \(state.search.suggestions.joined(separator: ", "))"
    let detail = state.detail.map { "\($0.todo.id) \($0.draft)" } ?? "closed"
    let timer = "\(state.timer.secondsLeft) s" + (state.timer.isRunning ? " running" : "")
    return [
      ConsoleScreen("todos", rows.joined(separator: ", ")), ConsoleScreen("search", search),
      ConsoleScreen("detail", detail), ConsoleScreen("timer", timer),
    ]
  }
  // snippet: end

  // snippet: emission
  /// What a test emitted from a recording needs: the module, the reducer, and the dependency
  /// whose calls the recording logs.
  var testEmission: TestEmission? {
    TestEmission(
      imports: ["Todos"], reducer: "Todos()",
      dependencies: [LoggedDependency(\.searchClient, named: "searchClient")])
  }
  // snippet: end

  func rejection(of action: Todos.Action, in state: Todos.State) -> String? {
    switch action {
    case .removeTapped(let id), .rowTapped(let id), .rows(.element(let id, _)):
      state.todos[id: id] == nil ? "no todo \(id)" : nil
    case .detail where state.detail == nil: "no todo is open: open ID first"
    default: nil
    }
  }
}

// snippet: options
/// Options of the app's own, after the console's: `--todo TITLE` (as often as wanted) starts
/// with those todos, `--catalogue TITLES` replaces what the search suggests.
extension TodosConsoleApp {
  var options: [ConsoleOption<Todos.State>] {
    [
      ConsoleOption("--todo", argument: "TITLE", help: "start with a todo TITLE (repeatable)") {
        title, state, _ in
        state.nextID += 1
        state.todos.append(Todo.State(id: state.nextID, title: title))
      },
      ConsoleOption(
        "--catalogue", argument: "TITLES", help: "what the search suggests, comma-separated"
      ) { titles, _, dependencies in
        let catalogue = titles.split(separator: ",").map(String.init)
        guard !catalogue.isEmpty else {
          throw ConsoleOptionError("needs a title at least, e.g. --catalogue 'Buy milk,Call mom'")
        }
        dependencies.searchClient = SearchClient { query in
          catalogue.filter { $0.lowercased().contains(query.lowercased()) }
        }
      },
    ]
  }
}
// snippet: end

// snippet: main
@main
enum Main {
  static func main() async {
    await ConsoleMain.run(TodosConsoleApp(), initialState: Todos.State())
  }
}
// snippet: end
