import ActionLog
import Foundation
import Store

@testable import Console

/// An app with a dependency and a delay: each `say TEXT` waits 300 ms on the app's clock, then
/// asks its echo client, and shows what came back (or counts the failure).
struct Echo: Reducer {
  struct State: Equatable, Codable, Sendable {
    var heard: [String] = []
    var failures: [String] = []
  }

  enum Action: Equatable, Sendable {
    case say(String)
    case heard(String)
    case failed(String)
  }

  /// How long `say` waits before it asks.
  static let delay = Duration.milliseconds(300)

  @Dependency(\.echo) var echo
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .say(let text):
      return .run { [echo, clock] send in
        try await clock.sleep(for: Self.delay)
        do {
          await send(.heard(try await echo.echo(text)))
        } catch {
          await send(.failed("\(error)"))
        }
      }
    case .heard(let text):
      state.heard.append(text)
      return .none
    case .failed(let message):
      state.failures.append(message)
      return .none
    }
  }
}

/// What `Echo` asks: the text back, loud.
struct EchoClient: LoggableDependency {
  var echo: @Sendable (String) async throws -> String

  func routed(through route: some DependencyCallRoute) -> EchoClient {
    EchoClient { text in try await route.call("echo", input: text) { try await self.echo(text) } }
  }
}

/// The echo client's failure: `no echo for TEXT`.
struct NoEcho: Error, CustomStringConvertible {
  let text: String
  var description: String { "no echo for \(text)" }
}

enum EchoClientKey: DependencyKey {
  static let liveValue = EchoClient { text in
    guard text != "boom" else { throw NoEcho(text: text) }
    return text.uppercased()
  }
  static let testValue = EchoClient { _ in throw unimplementedDependency("EchoClient.echo") }
}

extension DependencyValues {
  var echo: EchoClient {
    get { self[EchoClientKey.self] }
    set { self[EchoClientKey.self] = newValue }
  }
}

extension Echo.Action: LoggableAction {
  enum Name: String, CaseIterable, Sendable { case say, heard, failed }
  static let names = LogNames<Name>()

  func encode(to line: inout LogLineWriter) {
    switch self {
    case .say(let text):
      line.action(Name.say)
      line.string("text", text)
    case .heard(let text):
      line.action(Name.heard)
      line.string("text", text)
    case .failed(let message):
      line.action(Name.failed)
      line.string("message", message)
    }
  }

  init(logLine line: inout LogLine) throws(LogLineError) {
    switch try line.action(in: Self.names) {
    case .say: self = .say(try line.string("text"))
    case .heard: self = .heard(try line.string("text"))
    case .failed: self = .failed(try line.string("message"))
    }
  }
}

/// `Echo` on the console, with a test emission: recordings log its clock and echo calls.
struct EchoApp: ConsoleApp {
  var name: String { "echo" }
  var version: String { "1.0.0" }
  var reducer: Echo { Echo() }

  func screens(of state: Echo.State) -> [ConsoleScreen] {
    [ConsoleScreen("heard", state.heard.joined(separator: ", "))]
  }

  var commands: [ActionCommand<Echo.Action>] {
    [
      ActionCommand("say", .rest("TEXT"), summary: "say something", example: "say hi") {
        .say($0.text("TEXT"))
      }
    ]
  }

  var testEmission: TestEmission? {
    TestEmission(
      imports: ["ConsoleTests"], reducer: "Echo()",
      dependencies: [LoggedDependency(\.echo, named: "echo")])
  }
}
