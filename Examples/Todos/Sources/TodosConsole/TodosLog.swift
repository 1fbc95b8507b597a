import ActionLog
import Store
import Todos

/// The names the app's actions have in its log, one a case.
enum TodosActionName: String, CaseIterable, Sendable {
  case add, remove, open, toggle, rename, remind, reminded
  case edit = "detail.edit", autosaved = "detail.autosaved", save = "detail.save"
  case close = "detail.close"
  case query = "search.query", answered = "search.answered", failed = "search.failed"
  case start = "timer.start", stop = "timer.stop", tick = "timer.tick"
}

/// How the app's actions are written to the action log and read back: every case with its
/// payload, a row's actions with the row's id.
extension Todos.Action: LoggableAction {
  static let names = LogNames<TodosActionName>()

  public func encode(to line: inout LogLineWriter) {
    switch self {
    case .addTapped(let title):
      line.action(TodosActionName.add)
      line.string("title", title)
    case .removeTapped(let id):
      line.action(TodosActionName.remove)
      line.int("id", id)
    case .rowTapped(let id):
      line.action(TodosActionName.open)
      line.int("id", id)
    case .rows(.element(let id, let action)):
      switch action {
      case .toggled: line.action(TodosActionName.toggle)
      case .renamed(let title):
        line.action(TodosActionName.rename)
        line.string("title", title)
      case .remindTapped: line.action(TodosActionName.remind)
      case .reminded: line.action(TodosActionName.reminded)
      }
      line.int("id", id)
    case .detail(.edited(let draft)):
      line.action(TodosActionName.edit)
      line.string("draft", draft)
    case .detail(.autosaved): line.action(TodosActionName.autosaved)
    case .detail(.saveTapped): line.action(TodosActionName.save)
    case .detail(.closeTapped): line.action(TodosActionName.close)
    case .search(.queryChanged(let query)):
      line.action(TodosActionName.query)
      line.string("query", query)
    case .search(.answered(let titles)):
      line.action(TodosActionName.answered)
      line.int("count", titles.count)
      for (index, title) in titles.enumerated() { line.string("title\(index)", title) }
    case .search(.failed(let message)):
      line.action(TodosActionName.failed)
      line.string("message", message)
    case .timer(.startTapped): line.action(TodosActionName.start)
    case .timer(.stopTapped): line.action(TodosActionName.stop)
    case .timer(.ticked): line.action(TodosActionName.tick)
    }
  }

  public init(logLine line: inout LogLine) throws(LogLineError) {
    switch try line.action(in: Self.names) {
    case .add: self = .addTapped(try line.string("title"))
    case .remove: self = .removeTapped(try line.int("id"))
    case .open: self = .rowTapped(try line.int("id"))
    case .toggle: self = .rows(.element(id: try line.int("id"), action: .toggled))
    case .rename:
      let title = try line.string("title")
      self = .rows(.element(id: try line.int("id"), action: .renamed(title)))
    case .remind: self = .rows(.element(id: try line.int("id"), action: .remindTapped))
    case .reminded: self = .rows(.element(id: try line.int("id"), action: .reminded))
    case .edit: self = .detail(.edited(try line.string("draft")))
    case .autosaved: self = .detail(.autosaved)
    case .save: self = .detail(.saveTapped)
    case .close: self = .detail(.closeTapped)
    case .query: self = .search(.queryChanged(try line.string("query")))
    case .answered:
      let count = try line.int("count")
      var titles: [String] = []
      for index in 0..<max(0, min(count, 1_000)) { titles.append(try line.string("title\(index)")) }
      self = .search(.answered(titles))
    case .failed: self = .search(.failed(try line.string("message")))
    case .start: self = .timer(.startTapped)
    case .stop: self = .timer(.stopTapped)
    case .tick: self = .timer(.ticked)
    }
  }
}
