import Console
import Store
import Todos

// snippet: app
/// The todo app on the console: its name, reducer, screens and grammar.
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

  // snippet: commands
  /// The commands, as data: the console parses them, suggests, explains and reports errors.
  var commands: [ActionCommand<Todos.Action>] {
    let id = CommandArgument.integer("ID", in: 1...Int.max)
    return [
      ActionCommand("add", .rest("TITLE"), summary: "add a todo", example: "add Buy milk") {
        .addTapped($0.text("TITLE"))
      },
      ActionCommand("remove", id, summary: "remove a todo", example: "remove 1") {
        .removeTapped($0.integer("ID"))
      },
      ActionCommand("toggle", id, summary: "mark a todo done or not", example: "toggle 1") {
        .rows(.element(id: $0.integer("ID"), action: .toggled))
      },
      ActionCommand("open", id, summary: "open a todo to edit it", example: "open 1") {
        .rowTapped($0.integer("ID"))
      },
      ActionCommand(
        "edit", .rest("TEXT").optional, summary: "edit the open todo's draft",
        example: "edit Buy oat milk"
      ) { .detail(.edited($0.text("TEXT"))) },
      ActionCommand("save", summary: "save the draft", example: "save") { _ in
        .detail(.saveTapped)
      },
      ActionCommand("close", summary: "close without saving", example: "close") { _ in
        .detail(.closeTapped)
      },
      ActionCommand(
        "search", .rest("TEXT").optional, summary: "suggest titles", example: "search wat"
      ) { .search(.queryChanged($0.text("TEXT"))) },
      ActionCommand("start", summary: "start the focus timer", example: "start") { _ in
        .timer(.startTapped)
      },
      ActionCommand("stop", summary: "stop the focus timer", example: "stop") { _ in
        .timer(.stopTapped)
      },
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
