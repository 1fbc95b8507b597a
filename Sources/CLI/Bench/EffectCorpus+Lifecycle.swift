import PropertyTesting
import Store

/// A detail sheet that loads when it opens. Planted bug: closing it does not cancel the load,
/// whose answer then fills a closed sheet. Ideal counterexample: open, close; settling answers
/// the load.
struct DetailSheet: Reducer {
  let fixed: Bool

  struct State: Equatable, Sendable {
    var isOpen = false
    var detail: Int?
  }

  enum Action: Equatable, Sendable {
    case open
    case close
    case loaded(Int)
  }

  enum CancelID { case load }

  @Dependency(\.corpus) var corpus

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .open:
      state.isOpen = true
      return .run { [corpus] send in
        await send(.loaded(try await corpus.fetch("detail")))
      } catch: { _, send in
        await send(.loaded(-1))
      }
      .cancellable(id: CancelID.load, cancelInFlight: true)
    case .close:
      state.isOpen = false
      state.detail = nil
      return fixed ? .cancel(id: CancelID.load) : .none
    case .loaded(let detail):
      state.detail = detail
      return .none
    }
  }

  static func property(fixed: Bool) -> EffectProperty<DetailSheet> {
    EffectProperty(DetailSheet(fixed: fixed), initialState: State())
      .action("open", when: { !$0.isOpen }) { _ in .just(.open) }
      .action("close", when: { $0.isOpen }) { _ in .just(.close) }
      .answeringFetch()
      .invariant("a closed sheet shows nothing") { $0.isOpen || $0.detail == nil }
  }
}

/// A screen with a timer that ticks every second while it is shown. Planted bug: closing it
/// does not stop the timer. Ideal counterexample: show it; the teardown closes it, and settling
/// moves the clock a second.
struct TickingScreen: Reducer {
  let fixed: Bool

  struct State: Equatable, Sendable {
    var isShown = false
    var ticks = 0
    var ticksWhileHidden = 0
  }

  enum Action: Equatable, Sendable {
    case show
    case hide
    case tick
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .show:
      state.isShown = true
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .hide:
      state.isShown = false
      return fixed ? .cancel(id: CancelID.timer) : .none
    case .tick:
      if state.isShown { state.ticks += 1 } else { state.ticksWhileHidden += 1 }
      return .none
    }
  }

  static func property(fixed: Bool) -> EffectProperty<TickingScreen> {
    EffectProperty(TickingScreen(fixed: fixed), initialState: State())
      .action("show", when: { !$0.isShown }) { _ in .just(.show) }
      .action("hide", when: { $0.isShown }) { _ in .just(.hide) }
      .teardown { $0.isShown ? [.hide] : [] }
      .invariant("a hidden screen does not tick") { $0.ticksWhileHidden == 0 }
  }
}

/// A load that retries a failed request, up to three attempts. Planted bug: the effect retries
/// by itself *and* the reducer retries on the failure it reports, so two requests run at once.
/// Ideal counterexample: load, and its request fails.
struct RetryingLoad: Reducer {
  let fixed: Bool

  struct State: Equatable, Sendable {
    var attempts = 0
    var inFlight = 0
    var value: Int?
  }

  enum Action: Equatable, Sendable {
    case load
    case started
    case failed
    case loaded(Int)
  }

  enum CancelID { case load }

  @Dependency(\.corpus) var corpus

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      state.attempts = 0
      return request(retryingInline: !fixed).cancellable(id: CancelID.load, cancelInFlight: true)
    case .started:
      state.attempts += 1
      state.inFlight += 1
      return .none
    case .failed:
      state.inFlight -= 1
      guard state.attempts < 3 else { return .none }
      return request(retryingInline: false)
    case .loaded(let value):
      state.inFlight -= 1
      state.value = value
      return .none
    }
  }

  private func request(retryingInline: Bool) -> Effect<Action> {
    .run { [corpus] send in
      await send(.started)
      do {
        await send(.loaded(try await corpus.fetch("load")))
      } catch {
        await send(.failed)
        guard retryingInline else { return }
        await send(.started)
        do {
          await send(.loaded(try await corpus.fetch("load")))
        } catch {
          await send(.failed)
        }
      }
    }
  }

  static func property(fixed: Bool) -> EffectProperty<RetryingLoad> {
    EffectProperty(RetryingLoad(fixed: fixed), initialState: State())
      .action("load", when: { $0.inFlight == 0 }) { _ in .just(.load) }
      .answeringFetch()
      .invariant("at most one request runs at a time") { $0.inFlight <= 1 }
  }
}
