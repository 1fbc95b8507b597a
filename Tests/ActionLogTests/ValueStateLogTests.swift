import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

@testable import ActionLog

/// A greeting whose whole state is a `String`, as a small feature's may be.
private struct Greeter: Reducer {
  enum Action: Codable, Equatable, Sendable {
    case greet(String)
    case clear
  }

  func reduce(into state: inout String, action: Action) -> Effect<Action> {
    switch action {
    case .greet(let name): state = "hello \(name)"
    case .clear: state = ""
    }
    return .none
  }
}

/// A counter whose whole state is an `Int`.
private struct Steps: Reducer {
  enum Action: Codable, Equatable, Sendable { case step(Int) }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    guard case .step(let by) = action else { return .none }
    state &+= by
    return .none
  }
}

@Suite("A log whose state is not an object")
struct ValueStateLogTests {
  @Test("a String state is recorded, replayed and verified, snapshots and checkpoint included")
  func stringState() {
    let failures = FailureLog()
    ReducerProperty(Greeter(), initialState: "")
      .action("greet") { _ in Gen.string(count: 0...6).map(Greeter.Action.greet) }
      .action("clear") { _ in .just(.clear) }
      .laws(.replayMatchesLive)
      .steps(0...20)
      .check(.examples(30), reportFailure: failures.reporter)
    #expect(failures.messages == [])
  }

  @Test("an Int state is recorded, replayed and verified")
  func intState() {
    let failures = FailureLog()
    ReducerProperty(Steps(), initialState: 0)
      .action("step") { _ in Gen.int(in: -9...9).map(Steps.Action.step) }
      .laws(.replayMatchesLive)
      .check(.examples(30), reportFailure: failures.reporter)
    #expect(failures.messages == [])
  }

  @Test("a header's string state is its state, not one of its settings")
  func stringStateIsNoSetting() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("uniflow-value-state-\(UUID().uuidString).log").path
    defer { unlink(path) }
    let recorder = try ActionLogRecorder<String, DerivedAction<Greeter.Action>>(
      path: path, settings: [LogSetting("app", "greeter 1.0")], state: "")
    try recorder.record(DerivedAction(.greet("Ann")), origin: .sent, state: "hello Ann")
    try recorder.finish(state: "hello Ann")
    let replayer = try ActionLogReplayer<String, DerivedAction<Greeter.Action>>(path: path)
    #expect(replayer.header.settings == [LogSetting("app", "greeter 1.0")])
    #expect(String(decoding: replayer.header.line(), as: UTF8.self).contains(#""state":"""#))
    let replay = try replayer.run(
      until: nil, verify: true,
      apply: { state, logged in
        _ = Greeter().reduce(into: &state, action: logged.action)
      }, step: nil)
    #expect(replay.state == "hello Ann")
  }
}
