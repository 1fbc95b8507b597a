import Store
import StoreTesting
import Testing

/// The examples of Body.swift run.
@MainActor
@Suite("docs/store.md's body, onChange and middleware examples")
struct BodyDocExamples {
  @Test("the checkout's body adds up, and onChange shows the banner when the total crosses 50")
  func checkout() async {
    let store = TestStore(initialState: Checkout.State()) { Checkout() }
    await store.send(.add("pen", price: 5)) {
      $0.items = ["pen"]
      $0.total = 5
    }
    await store.send(.add("tea", price: 60)) {
      $0.items = ["pen", "tea"]
      $0.total = 65
      $0.banner = "free shipping"
    }
    await store.send(.clear) { $0 = Checkout.State() }
  }

  @Test("the logging middleware sees each action before the reducer it wraps")
  func middleware() {
    var lines: [String] = []
    let store = Store(
      initialState: Checkout.State(), reducer: Logging(next: Checkout()) { lines.append($0) })
    store.send(.add("tea", price: 1))
    #expect(lines == ["action: add(\"tea\", price: 1)"])
    #expect(store.state.items == ["tea"])
  }
}
