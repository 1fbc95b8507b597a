import StoreTesting
import Testing

@testable import Store

private enum MyValue: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var myValue: Int {
    get { self[MyValue.self] }
    set { self[MyValue.self] = newValue }
  }
}

/// TCA's `Feature` in DependencyKeyWritingReducerTests: a tap copies the dependency into state.
private struct Feature: Reducer {
  @Dependency(\.myValue) var myValue
  struct State: Equatable { var value = 0 }
  enum Action: Equatable, Sendable { case tap }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.value = myValue
    return .none
  }
}

/// TCA's `Feature_testDependency_EffectOfEffect`: effects read the dependency, and so do the
/// effects of the actions they send.
private struct EffectOfEffect: Reducer {
  @Dependency(\.myValue) var myValue
  struct State: Equatable { var count = 0 }
  enum Action: Equatable, Sendable {
    case tap
    case response(Int)
    case otherResponse(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      state.count += 1
      return .run { send in await send(.response(myValue)) }
    case .response(let value):
      state.count = value
      return .run { send in await send(.otherResponse(myValue)) }
    case .otherResponse(let value):
      state.count = value
      return .none
    }
  }
}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// DependencyKeyWritingReducerTests.swift: `dependency(_:_:)` and `transformDependency`. TCA's
/// `_DependencyKeyWritingReducer` is `DependencyWritingReducer` here.
@MainActor
@Suite("Ported from TCA: DependencyKeyWritingReducerTests")
struct TCADependencyWritingTests {
  /// testWritingFusion
  @Test("dependency settings in a row fuse into one reducer")
  func writingFusion() {
    let reducer: DependencyWritingReducer<Feature> = Feature()
      .dependency(\.myValue, 42)
      .dependency(\.myValue, 1729)
      .dependency(\.myValue, 1)
      .dependency(\.myValue, 2)
      .dependency(\.myValue, 3)
    #expect((reducer as Any) is DependencyWritingReducer<Feature>)
    #expect(reducer.updates.count == 5)
  }

  /// testTransformFusion
  @Test("dependency changes in a row fuse into one reducer")
  func transformFusion() {
    let reducer: DependencyWritingReducer<Feature> = Feature()
      .transformDependency(\.myValue) { $0 = 42 }
      .transformDependency(\.myValue) { $0 = 1729 }
      .transformDependency(\.myValue) { $0 = 1 }
    #expect((reducer as Any) is DependencyWritingReducer<Feature>)
    #expect(reducer.updates.count == 3)
  }

  /// testWritingFusionOrder
  @Test("of fused settings, the innermost wins")
  func writingFusionOrder() async {
    let store = TestStore(
      initialState: Feature.State(),
      reducer: Feature().dependency(\.myValue, 42).dependency(\.myValue, 1729))
    await store.send(.tap) { $0.value = 42 }
  }

  /// testTransformFusionOrder
  @Test("of fused changes, the innermost wins")
  func transformFusionOrder() async {
    let store = TestStore(
      initialState: Feature.State(),
      reducer: Feature()
        .transformDependency(\.myValue) { $0 = 42 }
        .transformDependency(\.myValue) { $0 = 1729 })
    await store.send(.tap) { $0.value = 42 }
  }

  /// testWritingOrder
  @Test("a setting inside a combined reducer wins over one around it")
  func writingOrder() async {
    let store = TestStore(
      initialState: Feature.State(),
      reducer: CombineReducers<Feature.State, Feature.Action, _> {
        Feature().dependency(\.myValue, 42)
      }
      .dependency(\.myValue, 1729))
    await store.send(.tap) { $0.value = 42 }
  }

  /// testTransformOrder
  @Test("a change inside a combined reducer wins over one around it")
  func transformOrder() async {
    let store = TestStore(
      initialState: Feature.State(),
      reducer: CombineReducers<Feature.State, Feature.Action, _> {
        Feature().transformDependency(\.myValue) { $0 = 42 }
      }
      .transformDependency(\.myValue) { $0 = 1729 })
    await store.send(.tap) { $0.value = 42 }
  }

  /// testDependency_EffectOfEffect
  @Test("effects see the setting, and so do the effects of the actions they send")
  func effectOfEffect() async {
    let store = TestStore(
      initialState: EffectOfEffect.State(), reducer: EffectOfEffect().dependency(\.myValue, 42))
    await store.send(.tap) { $0.count = 1 }
    await store.receive(.response(42)) { $0.count = 42 }
    await store.receive(.otherResponse(42))
  }

  @Test("a change applies on top of the store's own value, inside effects too")
  func transformBuildsOnTheStoresValue() async {
    let store = TestStore(
      initialState: EffectOfEffect.State(),
      reducer: EffectOfEffect().transformDependency(\.myValue) { $0 += 1 },
      withDependencies: { $0.myValue = 10 })
    await store.send(.tap) { $0.count = 1 }
    await store.receive(.response(11)) { $0.count = 11 }
    await store.receive(.otherResponse(11))
  }

  @Test("the setting does not leak to a sibling reducer or to the store")
  func settingStaysWithItsReducer() async {
    let store = TestStore(
      initialState: Feature.State(),
      reducer: CombineReducers<Feature.State, Feature.Action, _> {
        Feature().dependency(\.myValue, 42)
        Reduce { state, _ in
          @Dependency(\.myValue) var myValue
          state.value += myValue * 1000
          return .none
        }
      },
      withDependencies: { $0.myValue = 7 })
    await store.send(.tap) { $0.value = 42 + 7000 }
  }
}
