import Store

/// A number dependency for the tests: 1 live, 2 in a test store, anything when overridden.
enum NumberKey: DependencyKey {
  static let liveValue = 1
  static let testValue = 2
}

/// A dependency whose key gives no test value.
enum GreetingKey: DependencyKey {
  static let liveValue = "live hello"
}

extension DependencyValues {
  var number: Int {
    get { self[NumberKey.self] }
    set { self[NumberKey.self] = newValue }
  }

  var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
}

/// Reads `\.number` in the reducer (into `read`) and in its effect (sent back as `.effectRead`),
/// and in a child task of the effect (`.childRead`).
struct NumberReader: Reducer {
  struct State: Equatable, Sendable {
    var read: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case read
    case startEffect
    case effectRead(Int)
    case childRead(Int)
  }

  @Dependency(\.number) var number

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .read:
      state.read.append(number)
      return .none
    case .startEffect:
      return .run { send in
        await send(.effectRead(number))
        async let child = number
        await send(.childRead(await child))
      }
    case .effectRead(let value), .childRead(let value):
      state.read.append(value)
      return .none
    }
  }
}

/// What a reporter was given, with positions.
final class FailureSites: Sendable {
  private let box = Locked<[TestFailure]>([])

  var failures: [TestFailure] { box.value }

  var reporter: FailureReporter {
    { [box] failure in box.withLock { $0.append(failure) } }
  }
}
