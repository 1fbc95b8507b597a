import StoreTesting
import Testing

@testable import Todos

@MainActor
@Suite("Todos, tested as a TCA user would")
struct TodosTests {
  let clock = TestClock()

  func makeStore(search: SearchClient? = nil) -> TestStore<Todos.State, Todos.Action> {
    var initial = Todos.State()
    initial.todos = [
      Todo.State(id: 1, title: "Buy milk"), Todo.State(id: 2, title: "Walk the dog"),
    ]
    initial.nextID = 2
    return TestStore(initialState: initial, reducer: Todos()) { [clock] in
      $0.continuousClock = clock
      if let search { $0.searchClient = search }
    }
  }

  @Test("typing debounces the search, and only the last query is asked for")
  func searchDebounces() async {
    let store = makeStore(search: SearchClient { ["\($0)!"] })
    await store.send(.search(.queryChanged("w"))) {
      $0.search.query = "w"
      $0.search.isSearching = true
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(.search(.queryChanged("wa"))) { $0.search.query = "wa" }
    await clock.advance(by: Search.pause)
    await store.receive(\.search.answered, ["wa!"]) {
      $0.search.isSearching = false
      $0.search.suggestions = ["wa!"]
    }
  }

  @Test("clearing the query cancels the search in flight")
  func clearingCancels() async {
    let store = makeStore(search: SearchClient { ["\($0)!"] })
    await store.send(.search(.queryChanged("w"))) {
      $0.search.query = "w"
      $0.search.isSearching = true
    }
    await store.send(.search(.queryChanged(""))) {
      $0.search.query = ""
      $0.search.isSearching = false
    }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test("a row's action reaches that row by its id")
  func rowAction() async {
    let store = makeStore()
    await store.send(.rows(.element(id: 2, action: .toggled))) { $0.todos[id: 2]?.isDone = true }
    await store.send(.rows(.element(id: 1, action: .renamed("Buy oat milk")))) {
      $0.todos[id: 1]?.title = "Buy oat milk"
    }
  }

  @Test("a row's reminder arrives on the clock, and removing the row cancels it")
  func removingCancelsReminder() async {
    let store = makeStore()
    await store.send(.rows(.element(id: 1, action: .remindTapped)))
    await clock.advance(by: Todo.reminderDelay)
    await store.receive(.rows(.element(id: 1, action: .reminded))) {
      $0.todos[id: 1]?.reminders = 1
    }
    await store.send(.rows(.element(id: 1, action: .remindTapped)))
    await store.send(.removeTapped(1)) { $0.todos.remove(id: 1) }
    await clock.advance(by: Todo.reminderDelay)
    await store.finish()
  }

  @Test("an action for a row that is gone is reported as misuse, with the id")
  func missingRow() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.rows(.element(id: 9, action: .toggled)))
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("missing element") && text.contains("9")
    }
  }

  @Test("saving the detail writes the draft back, closes it and cancels its autosave")
  func detailSaves() async {
    let store = makeStore()
    await store.send(.rowTapped(2)) {
      $0.detail = Detail.State(todo: Todo.State(id: 2, title: "Walk the dog"))
    }
    await store.send(.detail(.edited("Walk the dog twice"))) {
      $0.detail?.draft = "Walk the dog twice"
    }
    await store.send(.detail(.saveTapped)) {
      $0.todos[id: 2]?.title = "Walk the dog twice"
      $0.detail = nil
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("the detail autosaves once typing pauses")
  func detailAutosaves() async {
    let store = makeStore()
    await store.send(.rowTapped(1)) {
      $0.detail = Detail.State(todo: Todo.State(id: 1, title: "Buy milk"))
    }
    await store.send(.detail(.edited("Buy"))) { $0.detail?.draft = "Buy" }
    await clock.advance(by: .seconds(1))
    await store.receive(.detail(.autosaved)) { $0.detail?.savedDrafts = 1 }
    await store.send(.detail(.closeTapped)) { $0.detail = nil }
  }

  @Test("the focus timer ticks every second of the clock until stopped")
  func timerTicks() async {
    let store = makeStore()
    await store.send(.timer(.startTapped)) { $0.timer.isRunning = true }
    await clock.advance(by: .seconds(2))
    await store.receive(.timer(.ticked)) { $0.timer.secondsLeft = 25 * 60 - 1 }
    await store.receive(.timer(.ticked)) { $0.timer.secondsLeft = 25 * 60 - 2 }
    await store.send(.timer(.stopTapped)) { $0.timer.isRunning = false }
  }

  @Test("a search the test did not provide fails the test, naming SearchClient.search")
  func unimplementedSearch() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.search(.queryChanged("w"))) {
        $0.search.query = "w"
        $0.search.isSearching = true
      }
      await clock.advance(by: Search.pause)
      let failure: String
      do {
        _ = try await SearchClient.testValue.search("w")
        failure = "no error"
      } catch {
        failure = "\(error)"
      }
      await store.receive(.search(.failed(failure))) {
        $0.search.isSearching = false
        $0.search.failure = failure
      }
    } matching: { issue in
      String(describing: issue).contains("SearchClient.search")
    }
  }
}
