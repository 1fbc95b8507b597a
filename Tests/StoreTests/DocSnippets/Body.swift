// The examples of docs/store.md, "A feature's body", "Reacting to a change" and "Middleware",
// compiled here (DocSnippetTests checks that the document shows exactly these regions) and run
// by BodyDocExamples (BodyRun.swift).

// snippet: body
import Store

struct Checkout: Reducer {
  struct State: Equatable {
    var items: [String] = []
    var total = 0
    var banner: String?
  }
  enum Action: Equatable, Sendable {
    case add(String, price: Int)
    case clear
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .add(let item, let price):
        state.items.append(item)
        state.total += price
      case .clear:
        state = State()
      }
      return .none
    }
    // snippet: on-change
    .onChange(of: \.total) { oldTotal, newTotal in
      Reduce { state, _ in
        state.banner = newTotal >= 50 && oldTotal < 50 ? "free shipping" : state.banner
        return .none
      }
    }
    // snippet: end
  }
}

// In a test:
//   let store = TestStore(initialState: Checkout.State()) { Checkout() }
//   await store.send(.add("tea", price: 60)) {
//     $0.items = ["tea"]
//     $0.total = 60
//     $0.banner = "free shipping"
//   }
// snippet: end

// snippet: middleware
/// Logs every action, then hands it to the reducer it wraps.
struct Logging<Next: Reducer>: Reducer {
  let next: Next
  let log: (String) -> Void

  func reduce(into state: inout Next.State, action: Next.Action) -> Effect<Next.Action> {
    log("action: \(action)")
    return next.reduce(into: &state, action: action)
  }
}

// let store = Store(initialState: Checkout.State(), reducer: Logging(next: Checkout()) { print($0) })
// snippet: end
