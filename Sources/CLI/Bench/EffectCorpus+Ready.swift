import PropertyTesting
import Store

/// A settings screen that, on launch, applies the default theme and then the user's saved one,
/// each in an effect of its own. Planted bug: the two effects are merged instead of
/// concatenated, so when the default's effect happens to run second it overwrites the saved
/// theme. No dependency or clock is involved: only the order in which ready effects run finds
/// it. Ideal counterexample: launch, and the saved theme's effect runs first.
struct ThemeSettings: Reducer {
  let fixed: Bool

  struct State: Equatable, Sendable {
    var isLaunched = false
    var saved = "dark"
    var theme = ""
  }

  enum Action: Equatable, Sendable {
    case launch
    case close
    case pick(String)
    case applied(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .launch:
      state.isLaunched = true
      let saved = state.saved
      let defaults = Effect<Action>.run { send in await send(.applied("light")) }
      let user = Effect<Action>.run { send in await send(.applied(saved)) }
      return fixed ? .concatenate(defaults, user) : .merge(defaults, user)
    case .close:
      state.isLaunched = false
      state.theme = ""
      return .none
    case .pick(let theme):
      state.saved = theme
      state.theme = theme
      return .none
    case .applied(let theme):
      if state.isLaunched { state.theme = theme }
      return .none
    }
  }

  static func property(fixed: Bool) -> EffectProperty<ThemeSettings> {
    EffectProperty(ThemeSettings(fixed: fixed), initialState: State())
      .action("launch", when: { !$0.isLaunched }) { _ in .just(.launch) }
      .action("close", when: { $0.isLaunched }) { _ in .just(.close) }
      .action("pick", when: { $0.isLaunched }) { _ in
        Gen.element(of: ["dark", "blue"]).map(Action.pick)
      }
      .eventually("a launched screen shows the saved theme") {
        !$0.isLaunched || $0.theme == $0.saved
      }
  }
}
