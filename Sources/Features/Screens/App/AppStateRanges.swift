import Foundation

// Whether a state keeps to ``ValueRanges``. Every state the reducers reach does; a state read
// from outside (an action log's header, snapshots, checkpoint or `restored` action) is refused
// when it does not, naming the field (the log reader asks `rangeProblem`).

extension AppState {
  /// The first field outside ``ValueRanges``, or nil when the whole state is within them.
  ///
  /// ```swift
  /// var state = AppState(timeZone: .gmt)
  /// state.clock.anchor = Date(timeIntervalSince1970: 1e300)
  /// state.rangeProblem?.description   // "clock.anchor is after the year 9999"
  /// ```
  public var rangeProblem: RangeProblem? {
    clock.rangeProblem?.within("clock") ?? dog.rangeProblem?.within("dog")
      ?? weather.rangeProblem?.within("weather")
  }
}

extension ClockState {
  /// The first field outside ``ValueRanges``, or nil: the anchor must be an instant within the
  /// years 0001…9999, the day offset at most ``maxDayOffset`` days either way.
  ///
  /// ```swift
  /// ClockState(timeZone: .gmt, dayOffset: 400_000).rangeProblem?.description
  /// // "dayOffset is 400000, more than 365250 days from the loaded time"
  /// ```
  public var rangeProblem: RangeProblem? {
    if let reason = ValueRanges.problem(instant: anchor) {
      return RangeProblem(path: "anchor", reason: reason)
    }
    if dayOffset.magnitude > ClockState.maxDayOffset.magnitude {
      return RangeProblem(
        path: "dayOffset",
        reason: "is \(dayOffset), more than \(ClockState.maxDayOffset) days from the loaded time")
    }
    return nil
  }
}

extension Dog {
  /// The first field outside the dog rules, or nil: a name `adopt` would accept, a birthday
  /// within ``ValueRanges/storedDayYears``.
  ///
  /// ```swift
  /// Dog(name: "a b", birthday: day, breed: .pug, imageName: "pug.jpeg").rangeProblem?.description
  /// // "name is not allowed: a dog's name is one word: no spaces or control characters"
  /// ```
  public var rangeProblem: RangeProblem? {
    if let rejection = DogReducer.rejection(ofName: name) {
      return RangeProblem(path: "name", reason: "is not allowed: \(rejection)")
    }
    if let reason = ValueRanges.problem(storedDay: birthday) {
      return RangeProblem(path: "birthday", reason: reason)
    }
    return nil
  }
}

extension DogState {
  /// The first dog outside the dog rules, or a selected name that names no dog; nil when there
  /// is none. (Two dogs cannot share a name ignoring case: ``dogs`` holds one per name, and
  /// decoding refuses a list with two, naming the second as
  /// `dogs[1].name is not allowed: another dog has the same name`.)
  ///
  /// ```swift
  /// DogState(dogs: [], selectedName: "rex").rangeProblem?.description
  /// // "selectedName names no dog"
  /// ```
  public var rangeProblem: RangeProblem? {
    // `dogs` holds one dog per name ignoring case, so only each dog's own rules are left:
    // what `rangeProblem(ofDogs:)` finds for it, without a set of the names.
    for (index, dog) in dogs.enumerated() {
      if let problem = dog.rangeProblem { return problem.within("dogs[\(index)]") }
    }
    if let selectedName, dogs.index(id: Dog.id(ofName: selectedName)) == nil {
      return RangeProblem(path: "selectedName", reason: "names no dog")
    }
    return nil
  }

  /// The first dog of `dogs`, in order, outside the dog rules or sharing a name (ignoring
  /// case) with one before it; nil when there is none. O(n) for n dogs (one set insertion each).
  static func rangeProblem(ofDogs dogs: some Sequence<Dog>) -> RangeProblem? {
    var names: Set<String> = []
    for (index, dog) in dogs.enumerated() {
      if let problem = dog.rangeProblem { return problem.within("dogs[\(index)]") }
      guard names.insert(dog.id).inserted else {
        return RangeProblem(
          path: "dogs[\(index)].name", reason: "is not allowed: another dog has the same name")
      }
    }
    return nil
  }
}

extension WeatherState {
  /// The query, if any, must be one `changeLocation` accepts; the places and reports in the
  /// status must be within ``ValueRanges``. Nil when they are.
  ///
  /// ```swift
  /// WeatherState(query: "").rangeProblem?.description
  /// // "query is not allowed: changeLocation needs a city name, e.g. changeLocation Seoul"
  /// ```
  public var rangeProblem: RangeProblem? {
    if let query, let rejection = WeatherReducer.rejection(ofChangingLocationTo: query) {
      return RangeProblem(path: "query", reason: "is not allowed: \(rejection)")
    }
    switch status {
    case .idle, .geocoding, .notFound, .failed(place: nil, _):
      return nil
    case .fetching(let place), .failed(let place?, _):
      return place.rangeProblem?.within("status.place")
    case .loaded(let place, let report):
      return place.rangeProblem?.within("status.place")
        ?? report.rangeProblem?.within("status.report")
    }
  }
}

extension Place {
  /// Coordinates within ``ValueRanges/latitudes`` and ``ValueRanges/longitudes``, and a
  /// population of none or more; nil when they are.
  ///
  /// ```swift
  /// Place(name: "X", countryCode: "ZZ", latitude: 91, longitude: 0, timeZone: "UTC")
  ///   .rangeProblem?.description   // "latitude is 91.0, not within -90…90"
  /// ```
  public var rangeProblem: RangeProblem? {
    if let reason = ValueRanges.problem(latitude, within: ValueRanges.latitudes) {
      return RangeProblem(path: "latitude", reason: reason)
    }
    if let reason = ValueRanges.problem(longitude, within: ValueRanges.longitudes) {
      return RangeProblem(path: "longitude", reason: reason)
    }
    if let population, population < 0 {
      return RangeProblem(path: "population", reason: "is \(population), less than none")
    }
    return nil
  }
}

extension WeatherReport {
  /// A time within the years 0001…9999 and a finite temperature; nil when they are.
  ///
  /// ```swift
  /// WeatherReport(time: .now, temperatureF: .infinity, description: "", iconName: "")
  ///   .rangeProblem?.description   // "temperatureF is inf, not a finite number"
  /// ```
  public var rangeProblem: RangeProblem? {
    if let reason = ValueRanges.problem(instant: time) {
      return RangeProblem(path: "time", reason: reason)
    }
    if !temperatureF.isFinite {
      return RangeProblem(path: "temperatureF", reason: "is \(temperatureF), not a finite number")
    }
    return nil
  }
}
