import ActionLog
import Features
import Foundation
import Store
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

/// What `uniflow replay LOG --emit-test` costs, counted in the units its bounds are stated in:
/// parts walked with `Mirror`, list elements taken out of their list, and look-ups of shared
/// values — at 10 and 100 times a normal session, never timed.
@Suite("The cost of emitting a test")
struct EmitTestCostTests {
  /// A session of `rounds` rounds — change the location (its place and weather answered, each a
  /// new one), move a day — then `rounds` adoptions; its emitted test, and what writing it cost.
  /// (The adoptions come last only to keep the recording quick: the recorder fingerprints the
  /// whole state after every action.)
  private func emitted(rounds: Int) throws -> (
    source: String, work: SessionTestEmitter<AppState, AppAction>.Work, steps: Int
  ) {
    let zone = TimeZone(identifier: "Asia/Seoul")!
    let launch = Date(timeIntervalSince1970: 1_795_923_912)
    var actions: [(AppAction, ActionOrigin)] = [(.launched(at: launch), .sent)]
    for round in 1...rounds {
      let place = Place(
        name: "City \(round)", countryCode: "KR", latitude: 35, longitude: 129,
        timeZone: "Asia/Seoul")
      let report = WeatherReport(
        time: launch, temperatureF: Double(round), description: "Overcast", iconName: "c04d",
        timeZone: "Asia/Seoul")
      actions += [
        (.weather(.changeLocation("City \(round)")), .sent),
        (.weather(.geocodeResponse(request: round, .success(place))), .effect),
        (.weather(.weatherResponse(request: round, .success(report))), .effect),
        (.clock(.moveDay(1)), .sent),
      ]
    }
    for round in 1...rounds {
      let birthday = CalendarDay(year: 2020, month: 1, day: 1)!
      actions.append((.dog(.adopt(name: "dog\(round)", birthday: birthday, breed: .pug)), .sent))
    }
    let log = TemporaryFile("cost.log")
    defer { log.remove() }
    let reducer = AppReducer()
    var state = AppState(timeZone: zone)
    let recorder = try ActionLogRecorder<AppState, AppAction>(
      path: log.path, overwrite: true, settings: UniflowApp.settings(timeZone: zone),
      state: state)
    for (action, origin) in actions {
      _ = reducer.reduce(into: &state, action: action)
      try recorder.record(action, origin: origin, state: state)
    }
    try recorder.finish(state: state)
    let replayer = try ActionLogReplayer<AppState, AppAction>(path: log.path)
    var steps: [ReplayStep<AppAction>] = []
    _ = try replayer.run(reduce: reducer.reduce(into:action:)) { steps.append(ReplayStep($0)) }
    let answers = try #require(UniflowApp().testAnswers)
    var work = answers.emitter(program: "uniflow").work()
    var source = ""
    answers.write(
      for: UniflowApp(), log: "cost.log", start: replayer.startState, steps: steps, work: &work
    ) { source += $0 + "\n" }
    return (source, work, steps.count)
  }

  @Test(
    "writing a test walks only what each step changed: 100 times the session, 100 times the work"
  )
  func emittingIsLinear() async throws {
    try await onThreadOfItsOwn {
      let normal = try emitted(rounds: 10)
      let tenfold = try emitted(rounds: 100)
      let large = try emitted(rounds: 1_000)
      for session in [normal, tenfold, large] {
        let rounds = (session.steps - 1) / 5
        // The example dog at launch, then one a round.
        #expect(session.source.components(separatedBy: ".dogs.append(").count - 1 == rounds + 1)
        #expect(session.source.contains("  let place\(rounds) = Place(name: \"City \(rounds)\""))
        #expect(session.source.contains("places.answer(.success([place\(rounds)]))"))
        // A few structs along the path of each step's change (the state, a screen's state, a
        // report): 17 a round, however many dogs and places came before.
        #expect(session.work.changes.reflected <= 4 * session.steps, "\(session.work.changes)")
        // Only the dogs added (and the example dog) leave their list: none of those kept.
        #expect(session.work.changes.boxed == rounds + 1, "\(session.work.changes)")
        // Each place and report is looked up where a line holds one: the answer, the action
        // that brings it, the state that shows it.
        #expect(session.work.naming.lookups <= 8 * rounds, "\(session.work.naming)")
      }
      #expect(large.work.changes.reflected <= 100 * normal.work.changes.reflected)
      #expect(large.work.naming.lookups <= 100 * normal.work.naming.lookups)
      #expect(large.source.utf8.count <= 110 * normal.source.utf8.count)
    }
  }
}
