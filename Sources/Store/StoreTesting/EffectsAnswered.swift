import Store

extension Reducer where Action: Sendable {
  /// This reducer with each effect it starts replaced by one that sends what the test answers
  /// `effects` with, in order: how a test emitted from a recorded session makes the session's
  /// effects happen again without the app's dependencies — each action an effect sent is given
  /// to `effects`, then received.
  ///
  /// ```swift
  /// let effects = Answers<Feature.Action>()
  /// let store = TestStore(initialState: Feature.State(), reducer: Feature().effectsAnswered(by: effects))
  /// await store.send(.downloadTapped) { $0.download = .downloading(0) }
  /// await effects.answer(.success(.progress(40)))
  /// await store.receive(.progress(40)) { $0.download = .downloading(40) }
  /// ```
  ///
  /// A reducer changed so that it no longer starts the effect leaves the answer without an
  /// effect to take it: the test fails there. The stand-ins run until cancelled (a test ends
  /// with `store.cancelAllEffects()`); the reducer's own effects never run.
  public func effectsAnswered(by effects: Answers<Action>) -> EffectsAnswered<Self> {
    EffectsAnswered(base: self, effects: effects)
  }
}

/// A reducer whose effects send what a test answers (`reducer.effectsAnswered(by:)`).
///
/// ```swift
/// let reducer: EffectsAnswered<Feature> = Feature().effectsAnswered(by: effects)
/// ```
public struct EffectsAnswered<Base: Reducer>: Reducer where Base.Action: Sendable {
  let base: Base
  let effects: Answers<Base.Action>

  /// The state and actions of the reducer whose effects are replaced.
  ///
  /// ```swift
  /// let state: EffectsAnswered<Feature>.State = Feature.State()
  /// ```
  public typealias State = Base.State
  /// The actions of the reducer whose effects are replaced.
  ///
  /// ```swift
  /// let action: EffectsAnswered<Feature>.Action = .downloadTapped
  /// ```
  public typealias Action = Base.Action

  /// Reduces with the base reducer; an effect it starts is replaced by one that sends each
  /// action the test answers with.
  ///
  /// ```swift
  /// _ = reducer.reduce(into: &state, action: .downloadTapped)   // .run { … effects.next() … }
  /// ```
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard !base.reduce(into: &state, action: action).isNone else { return .none }
    return .run { [effects] send in
      while let action = try? await effects.next() { await send(action) }
    }
  }
}
