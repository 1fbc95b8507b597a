import Features
import Foundation
import Store
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

/// Recording driven inside the process, where a test can hold an effect at a gate: in-flight
/// requests, cancellations and late answers, as an interactive session has them.
@MainActor
@Suite("Recording an interactive session")
struct SessionRecordingTests {
  let launch = Date(timeIntervalSince1970: 1_795_923_912)
  let later = Date(timeIntervalSince1970: 1_795_999_999)

  @Test("a reload cancelled by a newer one is not in the log; the replay ends on the same screens")
  func cancellationRecordsAndReplays() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    let gate = Gate()
    let calls = Locked(0)
    let later = self.later
    let time = TimeClient {
      let call = calls.withLock {
        $0 += 1; return $0
      }
      if call == 1 { await gate.wait() }  // the first reload hangs until it has been cancelled
      return later
    }
    let console = RecordingConsole()
    var options = Options()
    options.timeZone = TimeZone(identifier: "Asia/Seoul")!
    options.showsDefaultLocation = false
    let session = Session(
      options: options, dependencies: { $0.time = time }, console: console,
      isScript: false)
    #expect(session.startRecording(RecordRequest(path: log.path)) == nil)
    await session.launch(at: launch)
    _ = await session.handle("reload", number: 1)
    await gate.someoneArrived()
    _ = await session.handle("reload", number: 2)  // cancels the first
    await session.store.settle()
    await gate.open()  // the cancelled request answers late; nothing reaches the store
    _ = await session.handle("tomorrow", number: 3)
    #expect(session.stopRecording() == nil)

    #expect(
      log.lines().dropFirst().prefix(9).map(\.withoutFingerprint)
        == [
          #"{"seq":1,"src":"sent","action":"launched","at":"2026-11-29T03:45:12Z"}"#,
          #"{"effect":1,"start":2,"site":"Features/FetchEffect.swift:17"}"#,
          #"{"seq":2,"src":"sent","action":"clock.reload","cause":"line 1"}"#,
          // The second reload cancels the first's effect, and starts its own.
          #"{"effect":1,"cancel":3}"#,
          #"{"effect":2,"start":3,"site":"Features/FetchEffect.swift:17"}"#,
          #"{"seq":3,"src":"sent","action":"clock.reload","cause":"line 2"}"#,
          #"{"seq":4,"src":"effect","action":"clock.timeResponse","request":2,"#
            + #""ok":"2026-11-30T00:53:19Z","cause":"effect 2 of 3 at Features/FetchEffect.swift:17"}"#,
          #"{"effect":2,"end":4}"#,
          #"{"seq":5,"src":"sent","action":"clock.moveDay","days":1,"cause":"line 3"}"#,
        ])

    let replayConsole = RecordingConsole()
    let status = ConsoleReplay(UniflowApp()).run(
      ReplayRequest(path: log.path, verify: true), console: replayConsole)
    #expect(status == 0)
    #expect(replayConsole.outputs == AppView(state: session.store.state).screens.map(\.rendered))
    #expect(replayConsole.outputs.first == "clock: 2026년 12월 01일 09시 53분")
  }

  @Test("a recording that cannot be written reports it once and the session goes on")
  func writeFailure() async throws {
    let console = RecordingConsole()
    let session = Session(
      options: Options(), dependencies: { $0.time = .constant(launch) }, console: console,
      isScript: true)
    let error = session.startRecording(RecordRequest(path: "/nonexistent/dir/s.log"))
    #expect(
      error?.description
        == "/nonexistent/dir/s.log: cannot create the log: No such file or directory")
    #expect(session.recording == nil)
    #expect(await session.handle("tomorrow", number: 1))
  }
}
