import Store

/// A focus timer: counts seconds down from ``State/length`` on the app's clock, then stops.
public struct FocusTimer: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    public var length = 25 * 60
    public var secondsLeft = 25 * 60
    public var isRunning = false
    public init() {}
  }

  public enum Action: Equatable, Sendable, Codable {
    case startTapped, stopTapped, ticked
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTapped:
      state.isRunning = true
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.ticked) }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .stopTapped:
      state.isRunning = false
      return .cancel(id: CancelID.timer)
    case .ticked:
      state.secondsLeft -= 1
      guard state.secondsLeft <= 0 else { return .none }
      state.secondsLeft = state.length
      state.isRunning = false
      return .cancel(id: CancelID.timer)
    }
  }
}
