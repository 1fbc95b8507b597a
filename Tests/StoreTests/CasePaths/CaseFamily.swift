import Store

/// Three levels of features whose actions name their cases once (``CasePathable``), for the
/// case-path tests: parent → child → grandchild.
enum LeafAction: Equatable, Sendable, CasePathable {
  case load
  case loaded(Int)
  case tapped

  struct AllCasePaths: Sendable {
    let load = ActionCase(LeafAction.load)
    let loaded = ActionCase(LeafAction.loaded)
    let tapped = ActionCase(LeafAction.tapped)
  }
  static let allCasePaths = AllCasePaths()
}

enum MidAction: Equatable, Sendable, CasePathable {
  case grandchild(LeafAction)
  case reset

  struct AllCasePaths: Sendable {
    let grandchild = ActionCase(MidAction.grandchild)
    let reset = ActionCase(MidAction.reset)
  }
  static let allCasePaths = AllCasePaths()
}

enum TopAction: Equatable, Sendable, CasePathable {
  case child(MidAction)
  case other(MidAction)
  case quit

  struct AllCasePaths: Sendable {
    let child = ActionCase(TopAction.child)
    let other = ActionCase(TopAction.other)
    let quit = ActionCase(TopAction.quit)
  }
  static let allCasePaths = AllCasePaths()
}

struct LeafState: Equatable, Sendable {
  var value = 0
  var taps = 0
  var isLoading = false
}

struct MidState: Equatable, Sendable {
  var grandchild = LeafState()
  var resets = 0
}

struct TopState: Equatable, Sendable {
  var child = MidState()
  var other = MidState()
  var quits = 0
}

/// `load` answers `loaded(42)` through an effect.
struct LeafFeature: Reducer {
  func reduce(into state: inout LeafState, action: LeafAction) -> Effect<LeafAction> {
    switch action {
    case .load:
      state.isLoading = true
      return .send(.loaded(42))
    case .loaded(let value):
      state.isLoading = false
      state.value = value
    case .tapped:
      state.taps += 1
    }
    return .none
  }
}

func midFeature() -> some Reducer<MidState, MidAction> {
  CombineReducers<MidState, MidAction, _> {
    Scope(state: \MidState.grandchild, action: \.grandchild) { LeafFeature() }
    Reduce<MidState, MidAction> { state, action in
      if case .reset = action { state.resets += 1 }
      return .none
    }
  }
}

func topFeature() -> some Reducer<TopState, TopAction> {
  CombineReducers<TopState, TopAction, _> {
    Scope(state: \TopState.child, action: \.child) { midFeature() }
    Scope(state: \TopState.other, action: \.other) { midFeature() }
    Reduce<TopState, TopAction> { state, action in
      if case .quit = action { state.quits += 1 }
      return .none
    }
  }
}
