import Store

/// The weather screen's rules.
///
/// `changeLocation` geocodes the name; the first match's weather is fetched next. Both requests
/// run under one cancellation id, and `changeLocation` cancels whatever runs under it, so a new
/// `changeLocation` cancels whichever of the previous one's requests is in flight; an answer that still arrives for an older request (from a log,
/// say) is recognised by its request number and ignored. The screen always ends on the last
/// request.
///
/// ```swift
/// let store = Store(initialState: WeatherState(), reducer: WeatherReducer()) {
///   $0.geocoder = .gazetteer
///   $0.weather = .offline
/// }
/// ```
public struct WeatherReducer: Reducer, Sendable {
  /// Where `changeLocation` looks names up. Like ``weather``, read by the effects only.
  @Dependency(\.geocoder) var geocoder
  /// Where the weather of the place found comes from.
  @Dependency(\.weather) var weather

  /// Identifies the requests of a `changeLocation`, for cancellation.
  public enum CancelID: Hashable, Sendable { case changeLocation }

  /// A weather reducer asking the `\.geocoder` and `\.weather` dependencies.
  public init() {}

  public func reduce(into state: inout WeatherState, action: WeatherAction)
    -> Effect<WeatherAction>
  {
    reduce(into: &state, action: action, buildingEffects: true)
  }

  /// `reduce(into:action:)`, building its effects only when `buildingEffects`, as the
  /// clock's: the state changes the same either way.
  @inline(__always)
  func reduce(into state: inout WeatherState, action: WeatherAction, buildingEffects: Bool)
    -> Effect<WeatherAction>
  {
    switch action {
    case .changeLocation(let name):
      guard WeatherReducer.rejection(ofChangingLocationTo: name) == nil else { return .none }
      state.request &+= 1  // a counter: it wraps past Int.max, as the clock's does
      state.query = name
      state.status = .geocoding
      guard buildingEffects else { return .none }
      let request = state.request
      return Effect.fetch {
        try await self.geocoder.search(name).first
      } answer: {
        .geocodeResponse(request: request, $0)
      }
      .cancellable(id: CancelID.changeLocation, cancelInFlight: true)

    case .geocodeResponse(let request, let result):
      guard request == state.request, case .geocoding = state.status else { return .none }  // stale
      switch result {
      case .success(nil):
        state.status = .notFound
        return .none
      case .success(let place?):
        if let problem = place.rangeProblem {
          state.status = .failed(place: nil, message: "the place found is out of range: \(problem)")
          return .none
        }
        state.status = .fetching(place: place)
        guard buildingEffects else { return .none }
        // Not `cancelInFlight`: the only effect under the id now is the lookup that has just
        // answered, and cancelling it would leave the executor idle for an instant, releasing
        // `settle()` before this fetch is registered.
        return Effect.fetch {
          try await self.weather.current(place)
        } answer: {
          .weatherResponse(request: request, $0)
        }
        .cancellable(id: CancelID.changeLocation)
      case .failure(let failure):
        state.status = .failed(place: nil, message: failure.message)
        return .none
      }

    case .cancel:
      switch state.status {
      case .geocoding:
        state.status = .failed(place: nil, message: "cancelled")
      case .fetching(let place):
        state.status = .failed(place: place, message: "cancelled")
      default:
        return .none
      }
      state.request &+= 1  // any answer still on its way is now stale
      return buildingEffects ? .cancel(id: CancelID.changeLocation) : .none

    case .weatherResponse(let request, let result):
      guard request == state.request, case .fetching(let place) = state.status else {
        return .none  // stale
      }
      switch result {
      case .success(let report):
        if let problem = report.rangeProblem {
          state.status = .failed(
            place: place, message: "the weather report is out of range: \(problem)")
        } else {
          state.status = .loaded(place: place, report: report)
        }
      case .failure(let failure): state.status = .failed(place: place, message: failure.message)
      }
      return .none
    }
  }

  /// Why `changeLocation(name)` is refused, or nil when it is allowed: the name must have
  /// something besides spaces, at most ``WeatherState/maxLocationLength`` characters, and no
  /// control characters.
  public static func rejection(ofChangingLocationTo name: String) -> String? {
    let limit = WeatherState.maxLocationLength
    if let plain = PrintableASCII(name) {
      if !plain.isAllSpaces, plain.count <= limit { return nil }
      return rejectionByCharacters(ofChangingLocationTo: name)
    }
    // Not printable ASCII: at most `limit` scalars make at most `limit` characters, and a
    // first scalar that is not white space makes a first character that is not.
    let scalars = ScalarName(name)
    if scalars.count > 0, scalars.count <= limit, !scalars.startsWithWhitespace {
      // Something besides white space, and few enough characters and scalars: only control
      // characters are left to refuse it for.
      return scalars.hasControl ? controlCharacters : nil
    }
    return rejectionByCharacters(ofChangingLocationTo: name)
  }

  /// Why a city name with a control character in it is refused.
  static let controlCharacters = "a city name cannot contain control characters"

  /// ``rejection(ofChangingLocationTo:)`` character by character, with no shortcut: what the
  /// shortcut is held to.
  static func rejectionByCharacters(ofChangingLocationTo name: String) -> String? {
    let limit = WeatherState.maxLocationLength
    if name.allSatisfy(\.isWhitespace) {
      return "changeLocation needs a city name, e.g. changeLocation Seoul"
    }
    if name.count > limit {
      return "a city name can be at most \(limit) characters; this one has \(name.count)"
    }
    // One character can be built of any number of scalars; bound those too.
    if name.unicodeScalars.count > 4 * limit {
      return "a city name can be at most \(4 * limit) Unicode scalars; this one has "
        + "\(name.unicodeScalars.count)"
    }
    if name.unicodeScalars.contains(where: \.isControlCharacter) { return controlCharacters }
    return nil
  }
}
