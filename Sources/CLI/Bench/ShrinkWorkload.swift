import ActionLog
import AppLog
import Features
import Foundation
import PropertyTesting
import Store
import UniflowConsole

/// Logs with a planted symptom among many other actions, for measuring and testing `shrink`:
/// clock and dog actions that never touch the weather screen, with the three actions that show
/// Busan's weather (`weather: Busan · Sunday, Nov 29 · Overcast - 41℉`) spread among them.
@MainActor
enum ShrinkWorkload {
  static let zone = TimeZone(identifier: "Asia/Seoul")!
  static let launch = Date(timeIntervalSince1970: 1_795_923_912)  // 2026-11-29T03:45:12Z
  static let busan = Place(
    name: "Busan", countryCode: "KR", latitude: 35.1, longitude: 129.0, timeZone: "Asia/Seoul")

  /// The three actions that put Busan's weather on the screen.
  static let planted: [AppAction] = [
    .weather(.changeLocation("Busan")),
    .weather(.geocodeResponse(request: 1, .success(busan))),
    .weather(
      .weatherResponse(
        request: 1,
        .success(
          WeatherReport(
            time: launch, temperatureF: 41.3, description: "Overcast", iconName: "c04d",
            timeZone: "Asia/Seoul")))),
  ]

  /// `launched`, then `count` other actions with ``planted`` spread through them, one in each
  /// third.
  static func actions(count: Int, seed: UInt64) -> [AppAction] {
    var random = SplitMix64(seed: seed)
    var actions = [AppAction.launched(at: launch)]
    actions += (0..<count).map { _ in noise(&random) }
    let third = max(1, count / 3)
    for (offset, action) in planted.enumerated() {
      actions.insert(action, at: 1 + offset * third + random.below(third))
    }
    return actions
  }

  private static func noise(_ random: inout SplitMix64) -> AppAction {
    switch random.below(4) {
    case 0: .clock(.moveDay(random.below(7) - 3))
    case 1: .dog(.show("poodle"))
    case 2: .clock(.reload)
    default: .clock(.timeResponse(request: 1 + random.below(9), .success(launch)))
    }
  }

  /// Writes `actions` as a log starting before launch, as a recording would.
  static func write(_ actions: [AppAction], to path: String) throws(ActionLogError) {
    let reducer = AppReducer()
    var state = AppState(timeZone: zone)
    let recorder = try ActionLogRecorder<AppState, AppAction>(
      path: path, overwrite: true, settings: UniflowApp.settings(timeZone: zone),
      state: state)
    for action in actions {
      _ = reducer.reduce(into: &state, action: action)
      try recorder.record(action, origin: .sent, state: state)
    }
    try recorder.finish(state: state)
  }
}
