import ActionLog
import Counter

// snippet: loggable
/// The names `Counter.Action` writes in a log. Never rename one: old logs must still replay.
enum CounterActionName: String, CaseIterable, Sendable {
  case increment, decrement, fetch, fetched, cancel
}

extension Counter.Action: LoggableAction {
  static let logNames = LogNames<CounterActionName>()

  public func encode(to line: inout LogLineWriter) {
    switch self {
    case .increment: line.action(CounterActionName.increment)
    case .decrement: line.action(CounterActionName.decrement)
    case .fetch: line.action(CounterActionName.fetch)
    case .fetched(let number):
      line.action(CounterActionName.fetched)
      line.int("number", number)
    case .cancel: line.action(CounterActionName.cancel)
    }
  }

  public init(logLine line: inout LogLine) throws(LogLineError) {
    switch try line.action(in: Self.logNames) {
    case .increment: self = .increment
    case .decrement: self = .decrement
    case .fetch: self = .fetch
    case .fetched: self = .fetched(try line.int("number"))
    case .cancel: self = .cancel
    }
  }
}
// snippet: end
