import ActionLog
import Console
import Foundation
import Store

/// An app the console knows nothing of, with the shapes real states have — a list of structs
/// with optional and nested parts, an optional selection, an enum with payloads, a dictionary —
/// for fuzzing the console's tools on logs that are not the demo's.
struct Shelf: Reducer {
  struct Item: Codable, Equatable, Sendable {
    var name: String
    var count: Int
    var tags: [String]
    var due: Date?
  }

  enum Mode: Codable, Equatable, Sendable {
    case browsing
    case editing(index: Int, draft: String)
  }

  struct State: Codable, Equatable, Sendable {
    var items: [Item] = []
    var selected: Int?
    var mode: Mode = .browsing
    var totals: [String: Int] = [:]
  }

  /// `Codable` too, so that it can be typed as Swift at the REPL (its log lines stay its own).
  enum Action: Codable, Equatable, Sendable {
    case add(name: String, count: Int)
    case remove(index: Int)
    case tag(index: Int, tag: String)
    case due(index: Int, at: Date)
    case select(Int?)
    case edit(index: Int, draft: String)
    case commit
    case clear
  }

  /// Every action is checked against the state, so that no log, however mutated, traps here:
  /// what the fuzzer finds is the console's.
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let name, let count):
      state.items.append(Item(name: name, count: count, tags: [], due: nil))
      state.totals[name, default: 0] &+= count
    case .remove(let index):
      guard state.items.indices.contains(index) else { break }
      state.items.remove(at: index)
      if let selected = state.selected, selected >= state.items.count { state.selected = nil }
    case .tag(let index, let tag):
      guard state.items.indices.contains(index) else { break }
      state.items[index].tags.append(tag)
    case .due(let index, let date):
      guard state.items.indices.contains(index) else { break }
      state.items[index].due = date
    case .select(let index):
      state.selected = index.flatMap { state.items.indices.contains($0) ? $0 : nil }
    case .edit(let index, let draft):
      guard state.items.indices.contains(index) else { break }
      state.mode = .editing(index: index, draft: draft)
    case .commit:
      if case .editing(let index, let draft) = state.mode, state.items.indices.contains(index) {
        state.items[index].name = draft
      }
      state.mode = .browsing
    case .clear:
      state = State()
    }
    return .none
  }
}

extension Shelf.Action: LoggableAction {
  enum Name: String, CaseIterable, Sendable {
    case add, remove, tag, due, select, edit, commit, clear
  }
  static let names = LogNames<Name>()

  func encode(to line: inout LogLineWriter) {
    switch self {
    case .add(let name, let count):
      line.action(Name.add)
      line.string("name", name)
      line.int("count", count)
    case .remove(let index):
      line.action(Name.remove)
      line.int("index", index)
    case .tag(let index, let tag):
      line.action(Name.tag)
      line.int("index", index)
      line.string("tag", tag)
    case .due(let index, let date):
      line.action(Name.due)
      line.int("index", index)
      line.date("at", date)
    case .select(let index):
      line.action(Name.select)
      line.int("index", index)
    case .edit(let index, let draft):
      line.action(Name.edit)
      line.int("index", index)
      line.string("draft", draft)
    case .commit: line.action(Name.commit)
    case .clear: line.action(Name.clear)
    }
  }

  init(logLine line: inout LogLine) throws(LogLineError) {
    switch try line.action(in: Self.names) {
    case .add: self = .add(name: try line.string("name"), count: try line.int("count"))
    case .remove: self = .remove(index: try line.int("index"))
    case .tag: self = .tag(index: try line.int("index"), tag: try line.string("tag"))
    case .due: self = .due(index: try line.int("index"), at: try line.date("at"))
    case .select: self = .select(try line.optionalInt("index"))
    case .edit: self = .edit(index: try line.int("index"), draft: try line.string("draft"))
    case .commit: self = .commit
    case .clear: self = .clear
    }
  }
}

/// The console for ``Shelf``: its screens and commands, and the rest by the console's defaults.
struct ShelfApp: ConsoleApp {
  var name: String { "shelf" }
  var version: String { "1.0.0" }
  var reducer: Shelf { Shelf() }

  /// Commands of every kind of argument the console's table takes, a custom one included.
  var commands: [ActionCommand<Shelf.Action>] {
    [
      ActionCommand(
        "add", .word("NAME"), CommandArgument.integer("N", in: -5...5).described("a count"),
        summary: "add", example: "add pen 2"
      ) { .add(name: $0.text("NAME"), count: $0.integer("N")) },
      ActionCommand(
        "edit",
        .custom("INDEX") { input throws(CommandError) in
          guard let index = Int(input.text), index >= 0 else {
            throw CommandError(problem: "no index", column: input.column, hint: input.example)
          }
          return index
        }, .rest("DRAFT"), summary: "edit", example: "edit 0 new name"
      ) { .edit(index: $0.value("INDEX"), draft: $0.text("DRAFT")) },
      ActionCommand(
        "pick", .choice("WHICH", ["first", "none"]).optional, summary: "pick", example: "pick"
      ) {
        .select($0.optionalText("WHICH") == "first" ? 0 : nil)
      },
    ]
  }

  func screens(of state: Shelf.State) -> [ConsoleScreen] {
    [
      ConsoleScreen("items", state.items.map { "\($0.name)×\($0.count)" }.joined(separator: ", ")),
      ConsoleScreen(
        "selected",
        state.selected.flatMap { state.items.indices.contains($0) ? state.items[$0].name : nil }
          ?? "none"),
    ]
  }
}
