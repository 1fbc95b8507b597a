import Testing

@testable import Store

/// A parent of a collection, an optional child and an enum child, routed by case key paths: the
/// routers that read reflective cases in line (``LearntCaseReading``), whose rules must be those
/// of the routers built from case values.
private enum ShelfMode: Equatable, Sendable, CasePathable {
  case browsing
  case editing(Book)

  struct AllCasePaths: Sendable {
    let browsing = CasePath(ShelfMode.browsing)
    let editing = CasePath(ShelfMode.editing)
  }
  static let allCasePaths = AllCasePaths()
}

private struct Book: Equatable, Identifiable, Sendable {
  let id: Int
  var hits = 0
}

private enum BookAction: Equatable, Sendable {
  case hit
  case wait
}

private struct Shelf: Equatable, Sendable {
  var items: IdentifiedArrayOf<Book> = [Book(id: 1), Book(id: 2)]
  var open: Book? = Book(id: 7)
  var mode = ShelfMode.editing(Book(id: 8))
}

private enum ShelfModeAction: Equatable, Sendable, CasePathable {
  case edit(BookAction)
  /// Leaves the `editing` case: the `ifCaseLet`'s parent sets the state to `browsing`.
  case browse

  struct AllCasePaths: Sendable {
    let edit = ActionCase(ShelfModeAction.edit)
  }
  static let allCasePaths = AllCasePaths()
}

private enum ShelfAction: Equatable, Sendable, CasePathable {
  case items(IdentifiedAction<Int, BookAction>)
  case open(BookAction)
  case mode(ShelfModeAction)
  case remove(Int)
  case replaceOpen(Int?)
  /// Taken by no child, and changes nothing.
  case ping

  struct AllCasePaths: Sendable {
    let items = ActionCase(ShelfAction.items)
    let open = ActionCase(ShelfAction.open)
    let mode = ActionCase(ShelfAction.mode)
  }
  static let allCasePaths = AllCasePaths()
}

/// `hit` counts; `wait` starts an effect that never ends.
private func book() -> some Reducer<Book, BookAction> {
  Reduce { item, action in
    switch action {
    case .hit:
      item.hits += 1
      return .none
    case .wait:
      return .run { _ in try await never() }
    }
  }
}

private func modeReducer() -> some Reducer<ShelfMode, ShelfModeAction> {
  Reduce<ShelfMode, ShelfModeAction> { state, action in
    if action == .browse { state = .browsing }
    return .none
  }.ifCaseLet(\.editing, action: \.edit) {
    book()
  }
}

@MainActor
private func shelfStore(_ shelf: Shelf = Shelf()) -> Store<Shelf, ShelfAction> {
  let parent = Reduce<Shelf, ShelfAction> { state, action in
    switch action {
    case .remove(let id): state.items.remove(id: id)
    case .replaceOpen(let id): state.open = id.map { Book(id: $0) }
    case .ping: break
    case .items, .open, .mode: break
    }
    return .none
  }
  return Store(
    initialState: shelf,
    reducer: CombineReducers {
      Scope(state: \Shelf.mode, action: \.mode) { modeReducer() }
      parent
    }
    .forEach(\.items, action: \.items) { book() }
    .ifLet(\.open, action: \.open) { book() })
}

@MainActor
@Suite("Children routed by case key paths keep the rules of children routed by case values")
struct KeyPathRoutingTests {
  @Test("each child gets its own actions, and the parent every action after them")
  func routing() {
    let store = shelfStore()
    store.send(.items(.element(id: 2, action: .hit)))
    store.send(.open(.hit))
    store.send(.open(.hit))
    store.send(.mode(.edit(.hit)))
    #expect(store.state.items.map(\.hits) == [0, 1])
    #expect(store.state.open?.hits == 2)
    #expect(store.state.mode == .editing(Book(id: 8, hits: 1)))
  }

  @Test(
    "a removed element's, a dismissed or replaced child's and a left case's effects are cancelled")
  func cancellation() {
    let store = shelfStore()
    store.send(.items(.element(id: 1, action: .wait)))
    store.send(.items(.element(id: 2, action: .wait)))
    store.send(.open(.wait))
    store.send(.mode(.edit(.wait)))
    #expect(store.runningEffects == 4)
    store.send(.remove(1))
    #expect(store.runningEffects == 3, "the removed element's effect")
    store.send(.replaceOpen(7))
    #expect(store.runningEffects == 3, "the same id: the same child")
    store.send(.replaceOpen(9))
    #expect(store.runningEffects == 2, "another id: another child")
    store.send(.open(.wait))
    store.send(.replaceOpen(nil))
    #expect(store.runningEffects == 2, "the dismissed child's effect")
    store.send(.mode(.browse))
    #expect(store.runningEffects == 1, "the left case's effect")
    store.send(.remove(2))
    #expect(store.runningEffects == 0)
  }

  @Test("an action for a missing element, a nil child or another case is dropped and reported")
  func misuse() {
    let store = shelfStore()
    var reports: [TestFailure] = []
    store.executor.reportMisuse = { reports.append($0) }
    store.send(.items(.element(id: 5, action: .hit)))
    store.send(.replaceOpen(nil))
    store.send(.open(.hit))
    store.send(.mode(.browse))
    store.send(.mode(.edit(.hit)))
    #expect(reports.count == 3)
    let messages = reports.map(\.message)
    #expect(
      messages.first?.hasPrefix("A \"forEach\" at \"StoreTests/KeyPathRoutingTests.swift:") == true
        && messages.first?.contains("received an action for a missing element") == true,
      "\(messages)")
    #expect(
      messages.dropFirst().first?.hasPrefix(
        "An \"ifLet\" at \"StoreTests/KeyPathRoutingTests.swift:")
        == true, "\(messages)")
    #expect(
      messages.last?.hasPrefix("An \"ifCaseLet\" at \"StoreTests/KeyPathRoutingTests.swift:")
        == true
        && messages.last?.contains("when child state was set to a different case") == true,
      "\(messages)")
    #expect(store.state.items.map(\.hits) == [0, 0] && store.state.mode == .browsing)
  }

  @Test("10,000 elements, 100 times the usual: every action reaches exactly its element")
  func manyElements() {
    let count = 10_000
    let store = shelfStore(
      Shelf(items: IdentifiedArray(uniqueElements: (0..<count).map { Book(id: $0) })))
    // Element i gets i % 3 hits: a first pass forwards, a second backwards, and an action for
    // the optional child and one no child takes after each.
    let forwards = Array(0..<count).filter { $0 % 3 >= 1 }
    let backwards = Array((0..<count).reversed()).filter { $0 % 3 == 2 }
    for id in forwards + backwards {
      store.send(.items(.element(id: id, action: .hit)))
      store.send(.open(.hit))
      store.send(.ping)
    }
    #expect(store.state.items.map(\.hits) == (0..<count).map { $0 % 3 })
    #expect(store.state.open?.hits == (0..<count).map { $0 % 3 }.reduce(0, +))
    #expect(store.state.mode == .editing(Book(id: 8)))
  }
}
