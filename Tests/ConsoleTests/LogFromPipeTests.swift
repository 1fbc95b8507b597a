import ActionLog
import Foundation
import StoreTesting
import Testing

@testable import Console
@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A log that is a stream — `replay <(zcat s.log.gz)`, `/dev/stdin` — can be read once: every
/// command opens it once and reads what it needs of it from there (``LogInput``), so each mode
/// prints through a pipe exactly what it prints from the file.
@MainActor
@Suite("A log read from a pipe replays, verifies, traces, diffs, emits and shrinks as a file does")
struct LogFromPipeTests {
  /// The contents of `file` in a pipe, written whole and closed, so that reading it ends; its
  /// path under `/dev/fd` and the descriptor to close after.
  private func pipe(of file: TemporaryFile) throws -> (path: String, descriptor: Int32) {
    let bytes = Array(try file.read().utf8)
    var ends: [Int32] = [0, 0]
    guard Glibc.pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
    // A log of these tests is far smaller than a pipe's 64 KiB buffer: no reader is needed.
    #expect(bytes.count < 60_000)
    let written = bytes.withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress!, $0.count) }
    #expect(written == bytes.count)
    close(ends[1])
    return ("/dev/fd/\(ends[0])", ends[0])
  }

  /// What `request` prints and its status when the log is `file`, then when it is a pipe of it:
  /// the two, with the pipe's path named as the file's in what it printed.
  private func both<App: ConsoleApp>(
    _ app: App, _ file: TemporaryFile, _ request: (String) -> ReplayRequest
  ) throws -> (file: [String], pipe: [String]) {
    func run(_ path: String) -> [String] {
      let console = CapturingConsole()
      let status = ConsoleReplay(app).run(request(path), console: console)
      return ["status \(status)"] + console.outputs + console.errors.map { "error: " + $0 }
    }
    let fromFile = run(file.path)
    let (path, descriptor) = try pipe(of: file)
    defer { close(descriptor) }
    let fromPipe = run(path).map { $0.replacingOccurrences(of: path, with: file.path) }
    return (fromFile, fromPipe)
  }

  @Test("every replay mode prints from a pipe what it prints from the file")
  func everyReplayMode() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    try recordTally(
      [.add(2), .note("hi"), .add(3), .reset, .add(1)], app: "tally 1.0.0", to: file)
    let requests: [(String, (String) -> ReplayRequest)] = [
      ("plain", { ReplayRequest(path: $0) }),
      ("--verify", { ReplayRequest(path: $0, verify: true) }),
      ("--trace", { ReplayRequest(path: $0, trace: true) }),
      ("--trace --until 3", { ReplayRequest(path: $0, trace: true, until: 3) }),
      ("--diff", { ReplayRequest(path: $0, diff: true) }),
      ("--skip 2,4 --diff", { ReplayRequest(path: $0, diff: true, skip: [2, 4]) }),
      ("--skip 1 --trace", { ReplayRequest(path: $0, trace: true, skip: [1]) }),
    ]
    for (mode, request) in requests {
      let (fromFile, fromPipe) = try both(TallyApp(), file, request)
      #expect(fromFile.first == "status 0", "\(mode): \(fromFile)")
      #expect(fromPipe == fromFile, "\(mode)")
    }
  }

  @Test("--emit-test reads a piped log's times and calls in step with its actions")
  func emitTestFromPipe() async throws {
    let file = TemporaryFile("echo.log")
    defer { file.remove() }
    try await recordEcho(["hi", "boom", "again"], to: file)
    let (fromFile, fromPipe) = try both(EchoApp(), file) { ReplayRequest(path: $0, emitTest: "") }
    #expect(fromFile.first == "status 0")
    #expect(
      fromFile.contains(
        ##"  await calls.answer("echo.echo", input: #""hi""#, output: #""HI""#)"##))
    // The test's name is the log's file name: the same from the store on.
    func body(_ lines: [String]) -> [String] {
      Array(lines.drop { !$0.hasPrefix("  let clock") })
    }
    #expect(body(fromFile).count > 30)
    #expect(body(fromPipe) == body(fromFile))
    #expect(fromPipe.first == "status 0")
  }

  @Test("shrink reads a piped log once and shrinks it as it shrinks the file")
  func shrinkFromPipe() throws {
    let file = TemporaryFile()
    let output = TemporaryFile("shrunk.log")
    defer {
      file.remove()
      output.remove()
    }
    try recordTally(
      Array(repeating: .add(1), count: 8) + [.note("boom"), .add(2)], app: "tally 1.0.0",
      to: file)
    let (path, descriptor) = try pipe(of: file)
    defer { close(descriptor) }
    let console = CapturingConsole()
    let status = ConsoleShrink(TallyApp()).run(
      ShrinkRequest(path: path, pattern: "boom", screen: "notes", output: output.path),
      console: console)
    #expect(status == 0, "\(console.errors)")
    #expect(console.outputs.first?.hasPrefix("10 actions → 1 action in ") == true)
    let replay = CapturingConsole()
    #expect(ConsoleReplay(TallyApp()).run(ReplayRequest(path: output.path), console: replay) == 0)
    #expect(replay.outputs == ["total: 0", "notes: boom"])
  }

  @Test("a pipe read twice keeps its copy in TMPDIR; one it cannot write there says what to do")
  func streamCopyRefused() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    try recordTally([.add(2)], app: "tally 1.0.0", to: file)
    let (path, descriptor) = try pipe(of: file)
    defer { close(descriptor) }
    #expect(throws: ActionLogError.self) {
      try LogInput(path: path, rereading: true, temporaryFolder: "/nonexistent-uniflow-folder")
    }
    do {
      _ = try LogInput(path: path, rereading: true, temporaryFolder: "/nonexistent-uniflow-folder")
    } catch {
      #expect(
        error.description
          == "\(path): is a stream (a pipe, a FIFO or a device), which this command reads more "
          + "than once, and it cannot keep a copy of it in /nonexistent-uniflow-folder: No such "
          + "file or directory; set TMPDIR to a folder it can write, or save the log to a file "
          + "first and give that file")
    }
    // Read once, a stream needs no copy.
    let once = try LogInput(path: path, temporaryFolder: "/nonexistent-uniflow-folder")
    #expect(!once.isRereadable)
  }
}

/// Records `say` of each of `texts` on `EchoApp` into `file`, on a test clock, each answered
/// before the next is said.
@MainActor
func recordEcho(_ texts: [String], to file: TemporaryFile) async throws {
  let clock = TestClock()
  let session = ConsoleSession(
    EchoApp(), initialState: Echo.State(), horizon: 10,
    dependencies: { $0.continuousClock = clock }, console: CapturingConsole(), isScript: false)
  #expect(session.startRecording(RecordRequest(path: file.path)) == nil)
  await session.launch([])
  for (number, text) in texts.enumerated() {
    _ = await session.handle("say \(text)", number: number + 1)
    await clock.advance(by: .seconds(1))
    await session.store.settle()
  }
  session.finish()
}
