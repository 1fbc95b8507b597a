import ActionLog
import Foundation
import Store
import TestSupport
import Testing

@testable import Console
@testable import TestSupport
@testable import UniflowConsole

@MainActor
@Suite("A log written by another app")
struct OtherAppLogTests {
  @Test("uniflow refuses another app's log in every mode with one error naming both apps")
  func refusedNamingBoth() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let store = Store(initialState: Tally.State(), reducer: Tally())
    let recorder = try ActionLogRecorder<Tally.State, Tally.Action>(
      path: file.path, settings: [LogSetting("app", "tally 1.0.0")], state: store.state)
    let observation = recorder.attach(to: store) { _ in }
    store.send(.add(1))
    observation.cancel()
    try recorder.finish(state: store.state)
    let expected =
      "uniflow: \(file.path):1: the log was written by tally 1.0.0, not by uniflow "
      + "\(UniflowApp().version) (its header's \"app\"); replay it with tally's own console: tally "
      + "replay \(file.path)"
    for request in [
      ReplayRequest(path: file.path), ReplayRequest(path: file.path, verify: true),
      ReplayRequest(path: file.path, diff: true), ReplayRequest(path: file.path, trace: true),
    ] {
      let console = RecordingConsole()
      #expect(ConsoleReplay(UniflowApp()).run(request, console: console) == 2)
      #expect(console.outputs.isEmpty)
      #expect(console.errors == [expected])
    }
    let shrink = RecordingConsole()
    let request = ShrinkRequest(path: file.path, pattern: "x", output: file.path + ".small")
    #expect(ConsoleShrink(UniflowApp()).run(request, console: shrink) == 2)
    #expect(shrink.errors == [expected])
  }
}
