import ActionLog
import Foundation
import Store

@testable import Console

/// An app whose effect asks its echo client twice and then sends both answers (`ask TEXT`);
/// `slow TEXT` asks once and then waits five seconds on the app's clock. Each cancels the
/// other's effect still in flight.
struct EchoTwice: Reducer {
  struct State: Equatable, Codable, Sendable {
    var heard: [String] = []
  }

  enum Action: Equatable, Sendable {
    case ask(String)
    case slow(String)
    case heard(String)
  }

  enum Asking: Hashable, Sendable { case id }

  @Dependency(\.echo) var echo
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ask(let text):
      return .run { [echo] send in
        let first = try await echo.echo(text)
        let second = try await echo.echo(text + "!")
        await send(.heard(first + " " + second))
      }
      .cancellable(id: Asking.id, cancelInFlight: true)
    case .slow(let text):
      return .run { [echo, clock] send in
        let answer = try await echo.echo(text)
        try await clock.sleep(for: .seconds(5))
        await send(.heard(answer))
      }
      .cancellable(id: Asking.id, cancelInFlight: true)
    case .heard(let text):
      state.heard.append(text)
      return .none
    }
  }
}

extension EchoTwice.Action: LoggableAction {
  enum Name: String, CaseIterable, Sendable { case ask, slow, heard }
  static let names = LogNames<Name>()

  func encode(to line: inout LogLineWriter) {
    switch self {
    case .ask(let text):
      line.action(Name.ask)
      line.string("text", text)
    case .slow(let text):
      line.action(Name.slow)
      line.string("text", text)
    case .heard(let text):
      line.action(Name.heard)
      line.string("text", text)
    }
  }

  init(logLine line: inout LogLine) throws(LogLineError) {
    switch try line.action(in: Self.names) {
    case .ask: self = .ask(try line.string("text"))
    case .slow: self = .slow(try line.string("text"))
    case .heard: self = .heard(try line.string("text"))
    }
  }
}

/// `EchoTwice` on the console; recordings log its clock and echo calls.
struct EchoTwiceApp: ConsoleApp {
  var name: String { "echotwice" }
  var version: String { "1.0.0" }
  var reducer: EchoTwice { EchoTwice() }

  func screens(of state: EchoTwice.State) -> [ConsoleScreen] {
    [ConsoleScreen("heard", state.heard.joined(separator: ", "))]
  }

  var commands: [ActionCommand<EchoTwice.Action>] {
    [
      ActionCommand("ask", .rest("TEXT"), summary: "ask twice", example: "ask hi") {
        .ask($0.text("TEXT"))
      },
      ActionCommand("slow", .rest("TEXT"), summary: "ask, then wait", example: "slow hi") {
        .slow($0.text("TEXT"))
      },
    ]
  }

  var testEmission: TestEmission? {
    TestEmission(
      imports: ["ConsoleTests"], reducer: "EchoTwice()",
      dependencies: [LoggedDependency(\.echo, named: "echo")])
  }
}
