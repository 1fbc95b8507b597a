import Counter
import Store

// snippet: app
let store = Store(initialState: Counter.State(), reducer: Counter { 42 })
let watching = store.observe { action, origin, state in
  print("\(origin) \(action) → count \(state.count)")
}
store.send(.increment)
store.send(.increment)
await store.send(.fetch).finish()  // waits for the effects `fetch` started
// snippet: end
watching.cancel()
