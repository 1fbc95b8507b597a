import PropertyTesting
import Store

/// A like button whose effect saves, then writes the count it read when tapped. Planted bug:
/// two taps read the same count, and the second write loses the first (read, wait, write).
/// Ideal counterexample: tap twice; settling answers both saves.
struct LikeButton: Reducer {
  let fixed: Bool

  struct State: Equatable, Sendable {
    var taps = 0
    var likes = 0
  }

  enum Action: Equatable, Sendable {
    case tap
    case saved(likes: Int)
    case savedOne
  }

  @Dependency(\.corpus) var corpus

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      state.taps += 1
      let read = state.likes
      return .run { [corpus, fixed] send in
        _ = try await corpus.save()
        await send(fixed ? .savedOne : .saved(likes: read + 1))
      }
    case .saved(let likes):
      state.likes = likes
      return .none
    case .savedOne:
      state.likes += 1
      return .none
    }
  }

  static func property(fixed: Bool) -> EffectProperty<LikeButton> {
    EffectProperty(LikeButton(fixed: fixed), initialState: State())
      .action("tap") { _ in .just(.tap) }
      .answeringSaveAndReload()
      .eventually("every tap is counted") { $0.likes == $0.taps }
  }
}

/// A form that saves, then reloads what the server has. Planted bug: the two requests are
/// merged instead of concatenated, so the reload can answer while the save is still pending.
/// Ideal counterexample: save, then the reload answers first.
struct SaveThenReload: Reducer {
  let fixed: Bool

  struct State: Equatable, Sendable {
    var isSaving = false
    var isReloading = false
    var reloadsBeforeSaved = 0
  }

  enum Action: Equatable, Sendable {
    case save
    case saved
    case reloaded(Int)
  }

  @Dependency(\.corpus) var corpus

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .save:
      state.isSaving = true
      state.isReloading = true
      let save = Effect<Action>.run { [corpus] send in
        _ = try await corpus.save()
        await send(.saved)
      }
      let reload = Effect<Action>.run { [corpus] send in
        await send(.reloaded(try await corpus.reload()))
      }
      return fixed ? .concatenate(save, reload) : .merge(save, reload)
    case .saved:
      state.isSaving = false
      return .none
    case .reloaded:
      if state.isSaving { state.reloadsBeforeSaved += 1 }
      state.isReloading = false
      return .none
    }
  }

  static func property(fixed: Bool) -> EffectProperty<SaveThenReload> {
    EffectProperty(SaveThenReload(fixed: fixed), initialState: State())
      .action("save", when: { !$0.isSaving && !$0.isReloading }) { _ in .just(.save) }
      .answeringSaveAndReload()
      .invariant("the reload comes after the save") { $0.reloadsBeforeSaved == 0 }
  }
}
