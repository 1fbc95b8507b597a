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

  /// `add TITLE…`, `remove ID`, `toggle ID`, `open ID`, `edit TEXT…`, `save`, `close`,
  /// `search TEXT…`, `start`, `stop`, and the console's `:` commands.
  func command(_ line: String) throws(CommandError) -> ConsoleCommand<Todos.Action> {
    let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard let word = words.first, !word.hasPrefix("#") else { return .nothing }
    let rest = words.dropFirst().joined(separator: " ")
    func id() throws(CommandError) -> Int {
      guard words.count == 2, let id = Int(words[1]) else {
        throw CommandError(
          problem: "\(word) needs the id of a todo", column: word.count + 2,
          hint: "e.g. \(word) 1")
      }
      return id
    }
    switch word {
    case "add": return .action(.addTapped(rest))
    case "remove": return .action(.removeTapped(try id()))
    case "toggle": return .action(.rows(.element(id: try id(), action: .toggled)))
    case "open": return .action(.rowTapped(try id()))
    case "edit": return .action(.detail(.edited(rest)))
    case "save": return .action(.detail(.saveTapped))
    case "close": return .action(.detail(.closeTapped))
    case "search": return .action(.search(.queryChanged(rest)))
    case "start": return .action(.timer(.startTapped))
    case "stop": return .action(.timer(.stopTapped))
    case ":help": return .help(nil)
    case ":state": return .state
    case ":view": return .view
    case ":history": return .history
    case ":diff": return .diff(words.count == 2 ? Int(words[1]) : nil)
    case ":wait": return .wait
    case ":record": return .record(RecordRequest(path: rest))
    case ":stop": return .stop
    case ":quit": return .quit
    default:
      throw CommandError(
        problem: "unknown command '\(word)'", column: 1, hint: "type :help for the commands")
    }
  }

  func helpLines(topic: String?) -> [String] {
    [
      "add TITLE  remove ID  toggle ID  open ID  edit TEXT  save  close  search TEXT  start  stop",
      ":state  :view  :history  :diff [SEQ]  :wait  :record FILE  :stop  :quit",
    ]
  }

  func rejection(of action: Todos.Action, in state: Todos.State) -> String? {
    switch action {
    case .addTapped(let title) where title.isEmpty: "add needs a title"
    case .removeTapped(let id), .rowTapped(let id), .rows(.element(let id, _)):
      state.todos[id: id] == nil ? "no todo \(id)" : nil
    case .detail where state.detail == nil: "no todo is open: open ID first"
    default: nil
    }
  }
}

// snippet: main
@main
enum Main {
  static func main() async {
    await ConsoleMain.run(TodosConsoleApp(), initialState: Todos.State())
  }
}
// snippet: end
