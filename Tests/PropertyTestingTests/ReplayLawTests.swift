import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

/// A counter whose log codec loses what it should not: amounts over 100 are written as 100. Its
/// `Codable` (synthesized) loses nothing: the law logs an action by its own codec, which wins,
/// as in a console.
private struct Lossy: Reducer {
  enum Action: Equatable, Sendable, Codable, LoggableAction {
    case add(Int)
    enum Name: String, CaseIterable, Sendable { case add }
    static let names = LogNames<Name>()

    func encode(to line: inout LogLineWriter) {
      guard case .add(let amount) = self else { return }
      line.action(Name.add)
      line.int("amount", min(amount, 100))  // the bug the law must find
    }

    init(logLine line: inout LogLine) throws(LogLineError) {
      _ = try line.action(in: Self.names)
      self = .add(try line.int("amount"))
    }
  }

  struct State: Equatable, Codable, Sendable {
    var total = 0
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard case .add(let amount) = action else { return .none }
    state.total &+= amount
    return .none
  }
}

@Suite("The replay law")
struct ReplayLawTests {
  @Test("a faithful codec passes: recording then replaying the run gives the live state")
  func faithfulCodecPasses() {
    let failures = FailureLog()
    ReducerProperty(Tally(), initialState: Tally.State())
      .action("add") { _ in Gen.int(in: -1000...1000).map(Tally.Action.add) }
      .action("note") { _ in Gen.string(count: 0...8).map(Tally.Action.note) }
      .action("reset") { _ in .just(.reset) }
      .laws(.replayMatchesLive)
      .check(.examples(40), reportFailure: failures.reporter)
    #expect(failures.messages.isEmpty)
  }

  @Test("a codec that loses information is caught, and the run shrinks to one action")
  func lossyCodecIsCaught() {
    let failures = FailureLog()
    ReducerProperty(Lossy(), initialState: Lossy.State())
      .action("add") { _ in Gen.int(in: 0...1000).map(Lossy.Action.add) }
      .laws(.replayMatchesLive)
      .check(.examples(100), reportFailure: failures.reporter)
    #expect(failures.messages.count == 1)
    let message = failures.messages.first ?? ""
    #expect(message.contains("replay of the recorded log equals the live run"))
    #expect(message.contains(".add(101)"))
  }
}
