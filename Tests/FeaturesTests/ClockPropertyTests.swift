import Features
import Foundation
import Store
import StoreTesting
import Testing

/// Generators for the clock's values, shared by the clock's and the app's property tests.
enum ClockGen {
  /// Every zone the system knows, in the system's order.
  static let zones = TimeZone.knownTimeZoneIdentifiers.compactMap(TimeZone.init(identifier:))

  /// Instants from 1900 to 2100, to the second; shrinks toward 1970.
  static let instant = Gen.int(in: -2_208_988_800...4_102_444_800).map {
    Date(timeIntervalSince1970: Double($0))
  }

  /// Day counts: mostly a few days or a few years, sometimes anything an `Int` holds, its ends
  /// included.
  static let days = Gen.frequency(
    (6, Gen.int(in: -400...400)),
    (3, Gen.int(in: -2 * ClockState.maxDayOffset...2 * ClockState.maxDayOffset)),
    (1, Gen.int),
    (1, Gen.element(of: [Int.min, Int.max, Int.min + 1, -ClockState.maxDayOffset])))

  /// A clock at rest in any known zone, moved any allowed number of days from any instant (or not
  /// moved at all, a third of the time).
  static let state = Gen.zip(
    Gen.element(of: zones), instant,
    Gen.frequency(
      (1, Gen.just(0)), (2, Gen.int(in: -ClockState.maxDayOffset...ClockState.maxDayOffset)))
  ).map { zone, anchor, offset in ClockState(timeZone: zone, anchor: anchor, dayOffset: offset) }

  /// Whether `text` follows the clock screen's display rules: `Loading..` exactly while loading,
  /// otherwise `yyyy년 MM월 dd일 HH시 mm분` (astronomical years: `-0999년`, `10500년`), then the
  /// reason when the last reload failed.
  static func followsDisplayRules(_ text: String, of state: ClockState) -> Bool {
    if state.isLoading { return text == "Loading.." }
    let pattern = /-?\d{4,5}년 \d{2}월 \d{2}일 \d{2}시 \d{2}분/
    guard let failure = state.failure else { return text.wholeMatch(of: pattern) != nil }
    let suffix = " · unavailable: \(failure)"
    return text.hasSuffix(suffix) && text.dropLast(suffix.count).wholeMatch(of: pattern) != nil
  }
}

struct ZoneMismatch: Error, CustomStringConvertible {
  let zone: String
  let shown: Date
  var description: String { "in \(zone) the clock came back to \(shown)" }
}

@Suite("Clock properties")
struct ClockPropertyTests {
  @Test("moveDay(n) then moveDay(-n) returns to the same instant, in every zone the system knows")
  func moveDayRoundTrip() {
    let reducer = ClockReducer()
    let moves = Gen.zip(
      ClockGen.instant, Gen.int(in: -ClockState.maxDayOffset...ClockState.maxDayOffset),
      ClockGen.days)
    #expect(ClockGen.zones.count > 300)
    forAll(moves, .examples(40)) { anchor, offset, days in
      for zone in ClockGen.zones {
        var state = ClockState(timeZone: zone, anchor: anchor, dayOffset: offset)
        let start = state.date
        guard ClockReducer.rejection(ofMovingBy: days, in: state) == nil else { continue }
        _ = reducer.reduce(into: &state, action: .moveDay(days))
        _ = reducer.reduce(into: &state, action: .moveDay(-days))
        if state.date != start { throw ZoneMismatch(zone: zone.identifier, shown: state.date) }
      }
      return true
    }
  }

  @Test("no action sequence crashes the clock reducer or breaks the clock screen's display rules")
  func displayRules() {
    let requests = References<Int>("reload requests")
    ReducerProperty(ClockReducer(), initialState: ClockGen.state)
      .action("moveDay") { _ in ClockGen.days.map(ClockAction.moveDay) }
      .action("reload", adding: requests, value: \.request) { _ in .just(.reload) }
      .action("answer", using: requests) { _, request in
        Gen.oneOf(
          ClockGen.instant.map { Result<Date, FetchFailure>.success($0) },
          Gen.element(of: ["timed out after 5 s", "HTTP 503", ""]).map {
            .failure(FetchFailure(message: $0))
          }
        ).map { ClockAction.timeResponse(request: request, $0) }
      }
      .action("answer an unknown request") { _ in
        Gen.int(in: -2...50).map {
          .timeResponse(request: $0, .success(Date(timeIntervalSince1970: 0)))
        }
      }
      .invariant("the screen shows Loading.. while loading, else the date in the Korean format") {
        ClockGen.followsDisplayRules(ClockViewModel(state: $0).text, of: $0)
      }
      .invariant("the clock stays within 1000 years of the loaded time") {
        abs($0.dayOffset) <= ClockState.maxDayOffset
      }
      .laws(.deterministic, .codableRoundTrip)
      .check(.examples(200))
  }

  @Test(
    "moveDay(Int.min) from the loaded time is refused, not a crash (found by the property above)")
  func moveDayIntMin() {
    let state = ClockState(timeZone: .gmt)
    #expect(ClockReducer.rejection(ofMovingBy: Int.min, in: state) != nil)
    var moved = state
    _ = ClockReducer().reduce(into: &moved, action: .moveDay(Int.min))
    #expect(moved == state)
  }

  // snippet: clock-reducer-property
  @Test("only the answer to the latest reload ends the loading, whatever order answers arrive in")
  func latestReloadWins() {
    let requests = References<Int>("reload requests")
    ReducerProperty(ClockReducer(), initialState: ClockState(timeZone: .gmt))
      .action("reload", adding: requests, value: \.request) { _ in .just(.reload) }
      .action("answer", using: requests) { _, request in
        Gen.just(.timeResponse(request: request, .success(Date(timeIntervalSince1970: 86_400))))
      }
      .invariant("answered means the latest request was answered") { state in
        state.request == 0 || state.isLoading || state.anchor == Date(timeIntervalSince1970: 86_400)
      }
      .check(.examples(60))
  }
  // snippet: end
}
