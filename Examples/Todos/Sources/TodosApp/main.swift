import Store
import Todos

// A short session against the live dependencies (the catalogue in memory, the real clock).
let store = Store(initialState: Todos.State(), reducer: Todos())

@MainActor func show(_ label: String) {
  let rows = store.state.todos.map { ($0.isDone ? "✓ " : "· ") + $0.title }
  print("\(label): \(rows.joined(separator: ", "))")
}

store.send(.addTapped("Buy milk"))
store.send(.addTapped("Walk the dog"))
store.send(.rows(.element(id: 1, action: .toggled)))
show("todos")

// Typing: each keystroke restarts the debounce; only the last query is searched.
store.send(.search(.queryChanged("w")))
store.send(.search(.queryChanged("wa")))
await store.send(.search(.queryChanged("wat"))).finish()
print("suggestions for wat: \(store.state.search.suggestions.joined(separator: ", "))")

// The detail: edit, save (which closes it and cancels its pending autosave).
store.send(.rowTapped(2))
store.send(.detail(.edited("Walk the dog twice")))
store.send(.detail(.saveTapped))
show("after saving the detail")
print("detail open: \(store.state.detail != nil), effects running: \(store.runningEffects)")

// A reminder on a row, then the row removed: its reminder is cancelled with it.
store.send(.rows(.element(id: 1, action: .remindTapped)))
print("effects running with a reminder set: \(store.runningEffects)")
store.send(.removeTapped(1))
print("effects running after removing its row: \(store.runningEffects)")

// The focus timer, on the real clock: wait for its first tick, then stop it.
store.send(.timer(.startTapped))
while store.state.timer.secondsLeft == store.state.timer.length {
  try await Task.sleep(for: .milliseconds(20))
}
store.send(.timer(.stopTapped))
print(
  "timer: \(store.state.timer.secondsLeft) seconds left, running: \(store.state.timer.isRunning)")
