import Store

// snippet: counter
/// A counter that can also fetch a number from somewhere slow.
public struct Counter: Reducer, Sendable {
  public struct State: Equatable, Codable, Sendable {
    public var count = 0
    public var isFetching = false
    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case increment, decrement, fetch, fetched(Int), cancel
  }

  /// The dependency: where `fetch` gets its number. Tests pass their own.
  let fetchNumber: @Sendable () async -> Int

  public init(fetchNumber: @escaping @Sendable () async -> Int) {
    self.fetchNumber = fetchNumber
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .decrement:
      state.count -= 1
      return .none
    // snippet: cancellation
    case .fetch:
      state.isFetching = true
      return .run { send in await send(.fetched(await fetchNumber())) }
        .cancellable(id: "fetch", cancelInFlight: true)
    case .fetched(let number):
      state.count = number
      state.isFetching = false
      return .none
    case .cancel:
      state.isFetching = false
      return .cancel(id: "fetch")
    // snippet: end
    }
  }
}
// snippet: end
