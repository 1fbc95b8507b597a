import Store
import StoreTesting
import TestSupport
import Testing

@testable import PropertyTesting

/// A cart as a library declares its state: with an initializer of its own, so Swift writes no
/// memberwise one, and a test in another module could not call it anyway.
struct DeclaredCart: Reducer {
  struct State: Equatable, Sendable {
    var totalCents = 0
    var discountPercent = 0
    var charged: Int?
    init() {}
  }

  enum Action: Equatable, Sendable {
    case add(Int)
    case discount(Int)
    case checkout
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let cents):
      state.totalCents += cents
      state.charged = nil
    case .discount(let percent):
      state.discountPercent = percent
      state.charged = nil
    case .checkout: state.charged = state.totalCents  // bug: the discount is forgotten
    }
    return .none
  }
}

// snippet: given-code
/// The cart's property: its regression test makes the state with the state's own initializer.
func cartProperty() -> ReducerProperty<DeclaredCart> {
  ReducerProperty(DeclaredCart(), initialState: DeclaredCart.State())
    .action("add") { _ in Gen.int(in: 1...500).map(DeclaredCart.Action.add) }
    .action("discount") { _ in Gen.int(in: 0...100).map(DeclaredCart.Action.discount) }
    .action("checkout") { _ in .just(.checkout) }
    .invariant("the charge is the discounted total") { state in
      state.charged.map { $0 == state.totalCents - state.totalCents * state.discountPercent / 100 }
        ?? true
    }
    .code(initialState: "DeclaredCart.State()")
}
// snippet: end

@Suite("What a reducer property's regression test is written with")
struct ReducerPropertyCodeTests {
  @Test("a state written memberwise comes with a comment saying how to give its Swift instead")
  func memberwiseHint() throws {
    let failures = FailureLog()
    ReducerProperty(PropertyTally(), initialState: PropertyTally.State())
      .action("increment") { _ in .just(.increment) }
      .invariant("count stays below 2") { $0.count < 2 }
      .check(.seed(3), reportFailure: failures.reporter)
    let message = try #require(failures.messages.first)
    #expect(
      message.contains(
        """
          // If PropertyTally.State(…) does not compile in your test (a type with an init of its own has no memberwise one), give the state's Swift: .code(initialState: "…") on the property.
          let reducer = PropertyTally()
          var state = PropertyTally.State(count: 0, requests: 0, answered: 0)
        """))
  }

  @Test("the Swift given with code(initialState:) is printed as given, and compiles")
  func givenCode() throws {
    let failures = FailureLog()
    cartProperty().check(.seed(3), reportFailure: failures.reporter)
    let message = try #require(failures.messages.first)
    #expect(!message.contains("does not compile"))
    #expect(
      message.contains(
        """
          let reducer = DeclaredCart()
          var state = DeclaredCart.State()
          for action: DeclaredCart.Action in [
            .add(1),
            .discount(100),
            .checkout,
          ] {
            _ = reducer.reduce(into: &state, action: action)
          }
        """))
    // The printed code, pasted: it compiles and reproduces the failure.
    let reducer = DeclaredCart()
    var state = DeclaredCart.State()
    for action: DeclaredCart.Action in [
      .add(1),
      .discount(100),
      .checkout,
    ] {
      _ = reducer.reduce(into: &state, action: action)
    }
    #expect(state.charged == 1)
  }

  @Test("the reducer's Swift given with code(reducer:) is printed as given")
  func givenReducerCode() throws {
    let failures = FailureLog()
    cartProperty().code(reducer: "makeCart()").check(.seed(3), reportFailure: failures.reporter)
    let message = try #require(failures.messages.first)
    #expect(message.contains("  let reducer = makeCart()\n  var state = DeclaredCart.State()\n"))
  }

  @Test("a state with no arguments to write, or a value, gets no such comment")
  func noHint() {
    typealias CartRun = ReducerRun<DeclaredCart.State, DeclaredCart.Action>
    #expect(CartRun.memberwiseHint("DeclaredCart.State()") == nil)
    #expect(ReducerRun<Int, DeclaredCart.Action>.memberwiseHint("0") == nil)
    #expect(CartRun.memberwiseHint("DeclaredCart.State(totalCents: 1)") != nil)
  }
}
