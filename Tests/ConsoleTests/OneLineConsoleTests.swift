import ActionLog
import Foundation
import Store
import Testing

@testable import Console
@testable import TestSupport

/// The console of an app given by its reducer alone (`ConsoleMain.run(Podcast(), initialState:)`):
/// actions typed and logged as Swift, the state shown path by path.
@MainActor
@Suite("The console of a reducer alone")
struct OneLineConsoleTests {
  typealias App = ReducerConsoleApp<Podcast>
  let app = App(Podcast(), name: "podcast", version: "1.0.0")

  private func session(_ console: CapturingConsole, state: Podcast.State = Podcast.State())
    -> ConsoleSession<App>
  {
    ConsoleSession(
      app, initialState: state, horizon: 100, dependencies: { _ in }, console: console,
      isScript: true)
  }

  private func lines(_ text: String) -> AsyncStream<String> {
    AsyncStream { continuation in
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        continuation.yield(String(line))
      }
      continuation.finish()
    }
  }

  /// Records `input` typed at a session into `file`.
  private func record(_ input: String, to file: TemporaryFile) async -> CapturingConsole {
    let console = CapturingConsole()
    let session = session(console)
    #expect(session.startRecording(RecordRequest(path: file.path)) == nil)
    await session.launch([])
    await session.run(lines(input))
    return console
  }

  @Test("actions typed as Swift print the state's paths they changed, one line each")
  func typedActionsPrintChangedPaths() async {
    let console = CapturingConsole()
    let session = session(console)
    await session.launch([])
    await session.run(
      lines(
        """
        .added(title: "Swift Talk")
        .episodes(.element(id: 1, action: .progress(40)))
        .destination(.player(episode: 1, speed: .fast))
        .volume(0.75)
        .moved(from: 0, to: 0)
        """))
    #expect(
      console.outputs == [
        "episodes: []", "destination: nil", "nowPlaying: nil", "ratings: [:]", "volume: 0.5",
        #"episodes[id: 1]: (id: 1, title: "Swift Talk", download: .idle, tags: [])"#,
        "episodes[id: 1].download: .downloading(40)",
        "destination: .player(episode: 1, speed: .fast)", "volume: 0.75",
      ])
    #expect(!session.hadErrors)
  }

  @Test("a mistyped action says where, what was expected there, and what was meant")
  func typedMistakes() async {
    let console = CapturingConsole()
    let session = session(console)
    await session.launch([])
    await session.run(lines(".episodes(.element(id: 1, action: .progres(40)))\n.mvoed"))
    #expect(
      console.errors == [
        "line 1: unknown case '.progres' of Podcast.EpisodeAction (column 35) — expected one of its "
          + "cases: .progress(Int), .finished(bytes: Int, at: Date), .tagged([String]), "
          + ".downloadTapped; did you mean '.progress'?",
        "line 2: unknown case '.mvoed' of Podcast.Action (column 1) — expected one of its cases: "
          + ".added(title: String), .moved(from: Int, to: Int), "
          + ".episodes(IdentifiedAction<Int, EpisodeAction>), .search(SearchAction), "
          + ".destination(Destination?), .rated([String: Int]), "
          + ".played(Int?, speed: Speed), .volume(Double), .cleared; "
          + "did you mean '.moved'?",
      ])
  }

  @Test("a recording's lines are the actions as Swift, and replay, verify and trace as any log")
  func recordsDerivedLines() async throws {
    let file = TemporaryFile("podcast.log")
    defer { file.remove() }
    _ = await record(
      #".added(title: "A \"quoted\" title")"#
        + "\n.episodes(.element(id: 1, action: .downloadTapped))\n.cleared",
      to: file)
    let lines = try file.read().split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropFirst().dropLast()) == [
        #"{"seq":1,"src":"sent","action":".added(title: \"A \\\"quoted\\\" title\")","cause":"line 1"}"#,
        #"{"effect":1,"start":2,"site":"TestSupport/Podcast.swift:85"}"#,
        #"{"seq":2,"src":"sent","action":".episodes(.element(id: 1, action: .downloadTapped))","#
          + #""cause":"line 2"}"#,
        #"{"seq":3,"src":"effect","action":".episodes(.element(id: 1, action: .progress(50)))","#
          + #""cause":"effect 1 of 2 at TestSupport/Podcast.swift:85"}"#,
        #"{"seq":4,"src":"effect","action":".episodes(.element(id: 1, action: .tagged([\"downloaded\"])))","#
          + #""cause":"effect 1 of 2 at TestSupport/Podcast.swift:85"}"#,
        #"{"effect":1,"end":4}"#,
        #"{"seq":5,"src":"sent","action":".cleared","cause":"line 3"}"#,
      ])
    let verify = CapturingConsole()
    #expect(
      ConsoleReplay(app).run(ReplayRequest(path: file.path, verify: true), console: verify) == 0)
    #expect(verify.errors.first?.hasPrefix("podcast: verified: the replay reproduces") == true)
    let trace = CapturingConsole()
    #expect(
      ConsoleReplay(app).run(ReplayRequest(path: file.path, trace: true), console: trace) == 0)
    #expect(
      trace.outputs.prefix(5) == [
        #"#1 sent line 1 .added(title: "A \"quoted\" title")"#,
        #"episodes[id: 1]: (id: 1, title: "A \"quoted\" title", download: .idle, tags: [])"#,
        "#2 sent line 2 .episodes(.element(id: 1, action: .downloadTapped))",
        "episodes[id: 1].download: .downloading(0)",
        "#3 effect of 2 .episodes(.element(id: 1, action: .progress(50)))",
      ])
  }

  @Test("a log whose case was renamed stops at its line, naming the case and the cases there")
  func renamedCase() throws {
    let file = TemporaryFile("old.log")
    defer { file.remove() }
    try file.write(
      #"{"format":"uniflow-action-log","version":1,"app":"podcast 1.0.0","state":{"episodes":[],"ratings":{},"volume":0.5}}"#
        + "\n" + #"{"seq":1,"src":"sent","action":".added(title: \"a\")"}"# + "\n"
        + #"{"seq":2,"src":"sent","action":".episodes(.element(id: 1, action: .downloadTaped))"}"#
        + "\n")
    let console = CapturingConsole()
    #expect(ConsoleReplay(app).run(ReplayRequest(path: file.path), console: console) == 2)
    #expect(console.outputs.isEmpty)
    #expect(
      console.errors == [
        "podcast: \(file.path):3:67: unknown case '.downloadTaped' of Podcast.EpisodeAction; expected "
          + "one of its cases: .progress(Int), .finished(bytes: Int, at: Date), "
          + ".tagged([String]), .downloadTapped — did you mean '.downloadTapped'?"
      ])
  }

  @Test(
    "the lines a change prints follow the size of the change, not of the state: 10,000 episodes")
  func changesAreBounded() async {
    var state = Podcast.State()
    state.episodes = IdentifiedArrayOf(
      uniqueElements: (1...10_000).map { Podcast.Episode(id: $0, title: "e\($0)") })
    var next = state
    next.episodes[id: 5_000]?.download = .downloading(40)
    next.episodes.append(Podcast.Episode(id: 10_001, title: "new"))
    var walk = StateScreens.walk()
    let lines = StateScreens.changes(from: state, to: next, walk: &walk)
    #expect(
      lines.map(\.rendered) == [
        "episodes[id: 5000].download: .downloading(40)",
        #"episodes[id: 10001]: (id: 10001, title: "new", download: .idle, tags: [])"#,
      ])
    // The structs on the way (State, the changed episode), and only the elements that differ.
    #expect(walk.reflected <= 3, "\(walk.reflected)")
    #expect(walk.boxed <= 4, "\(walk.boxed)")
    let shown = StateScreens.lines(of: next)
    #expect(shown[0].text.hasSuffix("… 9997 more]"), "\(shown[0].text)")
    #expect(shown[0].text.count < 400)
  }
}

extension OneLineConsoleTests {
  @Test("a state that is one value, a String, is named 'state' at launch and when it changes")
  func valueStateNamedAlike() {
    var walk = StateScreens.walk()
    #expect(StateScreens.lines(of: "").map(\.rendered) == [#"state: """#])
    #expect(
      StateScreens.changes(from: "", to: "hello", walk: &walk).map(\.rendered) == [
        #"state: "hello""#
      ])
  }

  @Test("--emit-test writes the session with its effects' actions sent as logged")
  func emitsEffectsAsLogged() async throws {
    let file = TemporaryFile("podcast.log")
    defer { file.remove() }
    _ = await record(
      #".added(title: "a")"# + "\n.episodes(.element(id: 1, action: .downloadTapped))", to: file)
    let console = CapturingConsole()
    #expect(
      ConsoleReplay(app).run(ReplayRequest(path: file.path, emitTest: ""), console: console) == 0)
    #expect(console.errors.isEmpty)
    let source = console.outputs
    #expect(source.contains("@testable import TestSupport"))
    #expect(source.contains { $0.hasPrefix("  try await ") && $0.hasSuffix("(Podcast())") })
    #expect(source.contains("  let effects = Answers<Podcast.Action>()"))
    #expect(source.contains("    reducer: reducer.effectsAnswered(by: effects)"))
    let body = Array(source.drop { !$0.hasPrefix("  // #2") })
    #expect(
      body == [
        "  // #2 sent .episodes(.element(id: 1, action: .downloadTapped))",
        "  await store.send(.episodes(.element(id: 1, action: .downloadTapped))) {",
        "    $0.episodes[id: 1]?.download = .downloading(0)",
        "  }",
        "",
        "  // #3 effect .episodes(.element(id: 1, action: .progress(50)))",
        "  await effects.answer(.success(.episodes(.element(id: 1, action: .progress(50)))))",
        "  await store.receive(.episodes(.element(id: 1, action: .progress(50)))) {",
        "    $0.episodes[id: 1]?.download = .downloading(50)",
        "  }",
        "",
        #"  // #4 effect .episodes(.element(id: 1, action: .tagged(["downloaded"])))"#,
        #"  await effects.answer(.success(.episodes(.element(id: 1, action: .tagged(["downloaded"])))))"#,
        #"  await store.receive(.episodes(.element(id: 1, action: .tagged(["downloaded"])))) {"#,
        #"    $0.episodes[id: 1]?.tags.append("downloaded")"#,
        "  }",
        "",
        "  // The session ended here: the console cancelled what was still running.",
        "  store.cancelAllEffects()",
        "  await store.finish()",
        "}",
      ])
  }
}
