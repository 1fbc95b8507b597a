import Store
import StoreTesting
import Testing

/// A feature that counts the actions it reduces: two in a row in a builder count two.
private struct Counting: Reducer {
  struct State: Equatable, Sendable, Identifiable {
    var id = 0
    var count = 0
  }
  enum Action: Equatable, Sendable { case tap }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// TCA's `Features`: one of two counting children.
private struct Features: Reducer {
  enum State: Equatable, Sendable {
    case featureA(Counting.State)
    case featureB(Counting.State)
  }
  enum Action: Equatable, Sendable {
    case featureA(Counting.Action)
    case featureB(Counting.Action)
  }

  static let stateA = ActionCase<State, Counting.State>(embed: State.featureA) {
    if case .featureA(let state) = $0 { state } else { nil }
  }
  static let stateB = ActionCase<State, Counting.State>(embed: State.featureB) {
    if case .featureB(let state) = $0 { state } else { nil }
  }
  static let actionA = ActionCase<Action, Counting.Action>(embed: Action.featureA) {
    if case .featureA(let action) = $0 { action } else { nil }
  }
  static let actionB = ActionCase<Action, Counting.Action>(embed: Action.featureB) {
    if case .featureB(let action) = $0 { action } else { nil }
  }

  var body: some Reducer<State, Action> {
    EmptyReducer()
      .ifCaseLet(Self.stateA, action: Self.actionA) { Counting() }
      .ifCaseLet(Self.stateB, action: Self.actionB) { Counting() }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// TCA's `Root`: a child in a struct, an optional, an enum and a collection, each composed with
/// a builder of two counting reducers.
private struct Root: Reducer {
  struct State: Equatable, Sendable {
    var feature = Counting.State()
    var optionalFeature: Counting.State? = Counting.State()
    var enumFeature: Features.State? = .featureA(Counting.State())
    var features: IdentifiedArrayOf<Counting.State> = [Counting.State(id: 1)]
  }
  enum Action: Equatable, Sendable {
    case feature(Counting.Action)
    case optionalFeature(Counting.Action)
    case enumFeature(Features.Action)
    case features(IdentifiedAction<Int, Counting.Action>)
  }

  static let feature = ActionCase<Action, Counting.Action>(embed: Action.feature) {
    if case .feature(let action) = $0 { action } else { nil }
  }
  static let optionalFeature = ActionCase<Action, Counting.Action>(embed: Action.optionalFeature) {
    if case .optionalFeature(let action) = $0 { action } else { nil }
  }
  static let enumFeature = ActionCase<Action, Features.Action>(embed: Action.enumFeature) {
    if case .enumFeature(let action) = $0 { action } else { nil }
  }
  static let features = ActionCase<Action, IdentifiedAction<Int, Counting.Action>>(
    embed: Action.features
  ) {
    if case .features(let action) = $0 { action } else { nil }
  }

  var body: some Reducer<State, Action> {
    CombineReducers {
      Scope(state: \.feature, action: Self.feature) {
        Counting()
        Counting()
      }
      Scope(state: \.feature, action: Self.feature) {
        Counting()
        Counting()
      }
    }
    .ifLet(\.optionalFeature, action: Self.optionalFeature) {
      Counting()
      Counting()
    }
    .ifLet(\.enumFeature, action: Self.enumFeature) {
      EmptyReducer()
        .ifCaseLet(Features.stateA, action: Features.actionA) {
          Counting()
          Counting()
        }
        .ifCaseLet(Features.stateB, action: Features.actionB) {
          Counting()
          Counting()
        }
      Features()
    }
    .forEach(\.features, action: Self.features) {
      Counting()
      Counting()
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// ReducerBuilderTests.swift. TCA's file only has to compile (generic inference through the
/// builder); here each composition also runs, and counts how many reducers it reached.
///
/// Not ported: the `@Reducer` macro (no macros here: conformances and case paths are written
/// out), `Unavailable` reducers behind `@available(iOS 9999…)` (Linux has no such platforms; the
/// `if #available` branch is checked in ReducerBuilderControlFlowTests, with testFlowControl's
/// `if`, `if`/`else` and `for`), and `action: \.self` (no identity case path: the examples that
/// use it compose nothing the others do not).
@MainActor
@Suite("Ported from TCA: ReducerBuilderTests")
struct TCAReducerBuilderTests {
  /// testExistentialReducers
  @Test("a reducer given as an existential composes with a concrete one")
  func existentialReducers() async {
    let reducer = CombineReducers {
      Counting()
      Counting() as any Reducer<Counting.State, Counting.Action>
    }
    var state = Counting.State()
    _ = reducer.reduce(into: &state, action: .tap)
    #expect(state.count == 2)
  }

  /// Root: every child's builder runs both of its reducers (and the enum child its own too).
  @Test("children composed by Scope, ifLet, ifCaseLet and forEach run every reducer they build")
  func root() async {
    let store = TestStore(initialState: Root.State(), reducer: Root())
    await store.send(.feature(.tap)) { $0.feature.count = 4 }
    await store.send(.optionalFeature(.tap)) { $0.optionalFeature?.count = 2 }
    await store.send(.enumFeature(.featureA(.tap))) {
      $0.enumFeature = .featureA(Counting.State(count: 3))
    }
    await store.send(.features(.element(id: 1, action: .tap))) { $0.features[id: 1]?.count = 2 }
  }
}
