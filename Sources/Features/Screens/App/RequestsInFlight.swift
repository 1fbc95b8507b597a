/// The requests an emitted test's store is running after each step of a recorded session: only
/// those the test itself made. A request made before the recording began (`:record` with a
/// request in flight), one a later request or a cancel superseded, and one the app cancelled as
/// it travelled never answer in the test, so their answers must be sent, not received.
///
/// ```swift
/// var inFlight = RequestsInFlight()
/// inFlight.update(after: .clock(.reload), from: before, to: after)   // clock request 1 running
/// inFlight.answers(.clock(.timeResponse(request: 1, .success(now))))  // true: receive it
/// ```
package struct RequestsInFlight {
  /// The clock's request being fetched.
  package private(set) var clock: Int?
  /// The weather's request and whether it is geocoding (true) or fetching the weather (false).
  package private(set) var weather: (request: Int, geocoding: Bool)?

  /// Whether anything is running.
  package var any: Bool { clock != nil || weather != nil }

  /// Nothing running, as a session starts.
  package init() {}

  /// Whether `action` is the answer of a request running in the test's store.
  package func answers(_ action: AppAction) -> Bool {
    switch action {
    case .clock(.timeResponse(let request, _)): clock == request
    case .weather(.geocodeResponse(let request, _)):
      weather.map { $0.request == request && $0.geocoding } ?? false
    case .weather(.weatherResponse(let request, _)):
      weather.map { $0.request == request && !$0.geocoding } ?? false
    default: false
    }
  }

  /// Notes the requests the reducer started or ended as `action` took the state from `before`
  /// to `after`. A `restored` state starts nothing: its requests were made in another timeline.
  package mutating func update(after action: AppAction, from before: AppState, to after: AppState) {
    if case .restored = action {
      self = RequestsInFlight()
      return
    }
    if !after.clock.isLoading {
      clock = nil
    } else if !before.clock.isLoading || before.clock.request != after.clock.request {
      clock = after.clock.request
    }
    switch (before.weather.status, after.weather.status) {
    case (_, .geocoding) where before.weather.request != after.weather.request:
      weather = (after.weather.request, true)
    case (.geocoding, .fetching):
      weather = (after.weather.request, false)
    case (_, .geocoding), (_, .fetching):
      break
    default:
      weather = nil
    }
  }
}
