import StoreTesting
import Testing

/// The examples of docs/store.md's "Composing features" run, not only compiled.
@MainActor
@Suite("docs/store.md's composition examples")
struct CompositionDocExamples {
  @Test("a todo row toggles through its own store; clearing removes the done rows")
  func collections() async {
    let store = TestStore(initialState: Todos(), reducer: todosReducer())
    await store.send(.add("milk")) { $0.rows = [Todo(id: 1, title: "milk")] }
    await store.send(.add("eggs")) { $0.rows.append(Todo(id: 2, title: "eggs")) }
    await store.send(.rows(.element(id: 1, action: .toggle))) { $0.rows[id: 1]?.isDone = true }
    await store.send(.clearDone) { $0.rows = [Todo(id: 2, title: "eggs")] }
    let live = Store(
      initialState: Todos(rows: [Todo(id: 5, title: "tea")]), reducer: todosReducer())
    toggle(5, in: live)
    #expect(live.state.rows[id: 5]?.isDone == true)
  }

  @Test("a saved draft is kept and closed; a discarded one's save never lands")
  func children() async {
    let store = TestStore(initialState: Notes(), reducer: notesReducer())
    await store.send(.compose) { $0.draft = Draft() }
    await store.send(.draft(.edit("hi"))) { $0.draft?.text = "hi" }
    await store.send(.draft(.save))
    await store.receive(.draft(.saved)) {
      $0.saved = ["hi"]
      $0.draft = nil
    }
    let screen = TestStore(initialState: Desk.writing(Draft()), reducer: deskReducer())
    await screen.send(.draft(.edit("x"))) { $0 = .writing(Draft(text: "x")) }
    await screen.send(.discard) { $0 = .reading }
    await screen.finish()
  }

  @Test("a confirmation is dismissed by the action it sends, before the inbox reduces it")
  func ephemeral() async {
    let store = TestStore(initialState: Inbox.State()) { Inbox() }
    await store.send(.deleteTapped) { $0.confirm = ConfirmDelete(title: "Delete 2 messages?") }
    await store.send(.confirm(.delete)) {
      $0.confirm = nil
      $0.messages = []
    }
    await store.send(.deleteTapped) { $0.confirm = ConfirmDelete(title: "Delete 0 messages?") }
    await store.send(.confirm(.cancel)) { $0.confirm = nil }
  }
}
