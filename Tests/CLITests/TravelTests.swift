import ActionLog
import AppLog
import Features
import Foundation
import PropertyTesting
import Store
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

/// `:back`, `:forward`, `:goto`, `:undo` and `:diff` in a session inside the process, with a time
/// source and geocoder that answer at once.
@MainActor
@Suite("Time travel in the REPL")
struct TravelTests {
  private static func dependencies(_ values: inout DependencyValues) {
    values.time = .constant(fixtureNow)
    values.geocoder = GeocodingClient { name in
      [Place(name: name, countryCode: "KR", latitude: 37.5, longitude: 127, timeZone: "Asia/Seoul")]
    }
    values.weather = WeatherClient { place in
      WeatherReport(
        time: fixtureNow, temperatureF: 41.3, description: "Overcast", iconName: "c04d",
        timeZone: place.timeZone)
    }
  }

  private func launched(recordingTo log: TemporaryFile? = nil) async -> (Session, RecordingConsole)
  {
    var options = Options()
    options.timeZone = TimeZone(identifier: "Asia/Seoul")!
    options.showsDefaultLocation = false
    let console = RecordingConsole()
    let session = Session(
      options: options, dependencies: Self.dependencies, console: console, isScript: true)
    if let log { #expect(session.startRecording(RecordRequest(path: log.path)) == nil) }
    await session.launch(at: fixtureNow)
    console.clear()
    return (session, console)
  }

  private func run(_ session: Session, _ lines: [String]) async {
    for (index, line) in lines.enumerated() { _ = await session.handle(line, number: index + 1) }
  }

  /// Whether the store holds the state at `position` as travel shows it: the recorded state,
  /// with what was loading there cancelled, since its effect is not running.
  private func isShowing(_ position: Int, _ session: Session) -> Bool {
    var shown = session.history.state(at: position)
    let reducer = AppReducer()
    if shown.clock.isLoading { _ = reducer.reduce(into: &shown, action: .clock(.cancel)) }
    if shown.weather.isLoading { _ = reducer.reduce(into: &shown, action: .weather(.cancel)) }
    return session.history.position == position && session.store.state == shown
  }

  private static let commands = [
    "tomorrow", "yesterday", "moveDay 40", "reload", "changeLocation Seoul",
    "changeLocation Busan", "adopt rex 2020-02-29 pug", "dog poodle", "dog rex",
  ]

  /// A command line: mostly the app's commands, with travel among them.
  private static func line(_ random: inout SplitMix64) -> String {
    switch Int.random(in: 0..<10, using: &random) {
    case 0: ":back \(Int.random(in: 1...4, using: &random))"
    case 1: ":forward \(Int.random(in: 1...4, using: &random))"
    case 2: ":goto \(Int.random(in: 0...12, using: &random))"
    case 3: ":undo"
    default: commands.randomElement(using: &random)!
    }
  }

  @Test("after any mix of commands and travel, the screens show the state at the position")
  func screensFollowThePosition() async {
    for seed in 0..<40 {
      var random = SplitMix64(seed: UInt64(seed))
      let (session, console) = await launched()
      for number in 1...25 {
        let line = Self.line(&random)
        let before = session.history.position
        _ = await session.handle(line, number: number)
        if line.hasPrefix(":") {
          #expect(isShowing(session.history.position, session), "seed \(seed): \(line)")
        } else if console.errors.isEmpty {  // the command was not refused: it continues
          #expect(session.history.position == session.history.count, "seed \(seed): \(line)")
          #expect(session.history.count > before)
          #expect(session.store.state == session.history.state(at: session.history.count))
        }
        console.clear()
      }
    }
  }

  @Test(":back N then :forward N comes back to the same screens, printing only what changed")
  func backAndForward() async {
    let (session, console) = await launched()
    await run(session, ["tomorrow", "changeLocation Seoul", "adopt rex 2020-02-29 pug"])
    let end = session.store.state
    let count = session.history.count
    console.clear()
    await run(session, [":back 4", ":forward 4"])
    #expect(session.store.state == end)
    #expect(session.history.count == count)
    #expect(count == 6)  // launched, tomorrow, changeLocation and its two answers, adopt
    #expect(
      console.outputs == [
        "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg",
        "weather: no location (changeLocation CITY)", "at seq 2 of 6",
        "dog: rex · 6 살 · 30000원 · pug.jpeg",
        "weather: Seoul · Sunday, Nov 29 · Overcast - 41℉", "at seq 6 of 6",
      ])
  }

  @Test("a command typed after going back continues from there; the states ahead are dropped")
  func continueAfterGoingBack() async {
    let (session, console) = await launched()
    await run(session, ["tomorrow", "tomorrow", "tomorrow", ":back 2", "moveDay 10"])
    #expect(session.history.count == 3)
    #expect(session.history.position == 3)
    #expect(session.store.state.clock.dayOffset == 11)
    console.clear()
    await run(session, [":forward"])
    #expect(console.errors == ["line 1: already at the last state (seq 3)"])
  }

  @Test("travel to a state where a lookup was loading shows it cancelled, and continues from it")
  func loadingStatesShowCancelled() async {
    let (session, _) = await launched()
    await run(session, ["changeLocation Seoul", ":goto 2"])
    #expect(session.store.state.weather.isLoading == false)
    #expect(session.history.state(at: 2).weather.isLoading)
    #expect(isShowing(2, session))
    await run(session, ["tomorrow", ":history"])
    // The screens as shown (the lookup cancelled) became a state of their own.
    #expect(session.history.entry(3).source == .travel)
    #expect(session.history.entry(4).action == .clock(.moveDay(1)))
    #expect(isShowing(4, session))
  }

  @Test("a session recorded across travel replays to the screens it ended on")
  func recordingAcrossTravel() async throws {
    for seed in 0..<10 {
      let log = TemporaryFile()
      defer { log.remove() }
      var random = SplitMix64(seed: UInt64(1000 + seed))
      let (session, _) = await launched(recordingTo: log)
      for number in 1...20 { _ = await session.handle(Self.line(&random), number: number) }
      let final = session.store.state
      #expect(session.stopRecording() == nil)
      let replay = try ActionLogReplayer<AppState, AppAction>(path: log.path).run(
        verify: true, reduce: AppReducer().reduce(into:action:))
      #expect(replay.state == final, "seed \(1000 + seed)")
    }
  }

  @Test(":back and :forward with counts up to Int.max stop at the first and last states")
  func extremeCounts() async {
    let (session, console) = await launched()
    await run(session, ["tomorrow", "tomorrow"])
    for (line, position) in [
      (":forward \(Int.max)", 3), (":back \(Int.max)", 0), (":back 1", 0),
      (":forward \(Int.max)", 3), (":back \(Int.max - 1)", 0),
    ] {
      _ = await session.handle(line, number: 1)
      #expect(session.history.position == position, "\(line)")
      #expect(isShowing(position, session), "\(line)")
    }
    #expect(
      console.errors == [
        "line 1: already at the last state (seq 3)", "line 1: already at the first state (seq 0)",
      ])
  }

  @Test(":undo travels to before the last typed command; :forward redoes it")
  func undoAndRedo() async {
    let (session, console) = await launched()
    await run(session, ["tomorrow", "changeLocation Seoul", ":undo", ":undo", ":undo"])
    #expect(session.history.position == 1)
    #expect(
      console.errors == [
        "line 5: nothing to undo: none of the actions up to seq 1 came from a typed command (:history lists them)"
      ])
    await run(session, [":forward 2"])
    #expect(session.store.state.clock.dayOffset == 1)
    #expect(session.store.state.weather.query == "Seoul")
  }

  @Test(":diff shows what one action changed as −/+ lines; nothing changed says so")
  func diff() async {
    let (session, console) = await launched()
    await run(
      session, ["tomorrow", "dog poodle", ":diff", ":diff 2", ":diff 9", ":goto 0", ":diff"])
    let diffOfMove = [
      "#2 typed .clock(.moveDay(1))", "  …", "    clock: ClockState(",
      "      timeZone: TimeZone(\"Asia/Seoul\"),", "      anchor: 2026-11-29T03:45:12Z,",
      "\u{2212}     dayOffset: 0,", "+     dayOffset: 1,", "      isLoading: false,",
      "      failure: nil,", "      request: 0", "  …",
    ]
    let expected: [String] =
      [
        "clock: 2026년 11월 30일 12시 45분", "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg",
        "#3 typed .dog(.show(\"poodle\"))", "(no change)",
      ]
      + diffOfMove
    #expect(Array(console.outputs.prefix(expected.count)) == expected)
    #expect(
      console.errors == [
        "line 5: no seq 9: the session has 3 actions (:history lists them)",
        "line 7: no action to diff: the screens show the state before the first action",
      ])
  }

  @Test("travel commands parse their counts and refuse anything else with the column")
  func parsing() throws {
    #expect(try UniflowApp().command(":back") == .back(1))
    #expect(try UniflowApp().command(":BACK 3") == .back(3))
    #expect(try UniflowApp().command(":forward 2") == .forward(2))
    #expect(try UniflowApp().command(":goto 0") == .goto(0))
    #expect(try UniflowApp().command(":diff") == .diff(nil))
    #expect(try UniflowApp().command(":diff 4") == .diff(4))
    for (line, message) in [
      (":back 0", "'0' is not a whole number from 1 (column 7) — usage: :back [N]"),
      (":back -1", "'-1' is not a whole number from 1 (column 7) — usage: :back [N]"),
      (
        ":goto 99999999999999999999",
        "'99999999999999999999' is out of range (column 7) — usage: :goto SEQ"
      ),
      (":goto", ":goto needs the seq of an action (:history lists them) (column 7) — e.g. :goto 2"),
      (":diff 1 2", "unexpected '2' (column 9) — usage: :diff [SEQ]"),
    ] {
      #expect(throws: CommandError.self) { try UniflowApp().command(line) }
      do {
        _ = try UniflowApp().command(line)
      } catch {
        #expect(error.description == message)
      }
    }
  }
}
