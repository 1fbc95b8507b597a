import Features
import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

@MainActor
@Suite("Weather reducer")
struct WeatherReducerTests {
  private typealias Store = TestStore<WeatherState, WeatherAction>

  private func text(_ state: WeatherState) -> String { WeatherViewModel(state: state).text }

  /// Sends `changeLocation(name)`, which must become request number `request`, looking up.
  @discardableResult
  private func change(
    _ store: Store, to name: String, request: Int, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> StoreTask {
    await store.send(
      .changeLocation(name), fileID: fileID, filePath: filePath, line: line, column: column
    ) {
      $0.query = name
      $0.status = .geocoding
      $0.request = request
    }
  }

  /// Receives the answers to request `request`: `place` found, then its weather.
  private func receiveWeather(
    _ store: Store, at place: Place, request: Int, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    await store.receive(
      .geocodeResponse(request: request, .success(place)), fileID: fileID, filePath: filePath,
      line: line, column: column
    ) {
      $0.status = .fetching(place: place)
    }
    await store.receive(
      .weatherResponse(request: request, .success(report(at: place))), fileID: fileID,
      filePath: filePath, line: line, column: column
    ) {
      $0.status = .loaded(place: place, report: report(at: place))
    }
  }

  @Test("changeLocation reads Loading..., takes the first match, and shows its weather")
  func changeLocation() async {
    let services = GatedServices()
    let store = TestStore(
      initialState: WeatherState(), reducer: WeatherReducer(),
      withDependencies: services.dependencies)
    await change(store, to: "Seoul", request: 1)
    #expect(text(store.state) == "Loading...")
    await store.receive(.geocodeResponse(request: 1, .success(seoulPlace))) {
      $0.status = .fetching(place: seoulPlace)
    }
    #expect(text(store.state) == "Seoul · Loading...")
    await store.receive(.weatherResponse(request: 1, .success(report(at: seoulPlace)))) {
      $0.status = .loaded(place: seoulPlace, report: report(at: seoulPlace))
    }
    await store.finish()
    let view = WeatherViewModel(state: store.state)
    #expect(view.text == "Seoul · Sunday, Nov 29 · Overcast - 41℉")
    #expect(view.locationName == "Seoul")
    #expect(view.date == "Sunday, Nov 29")
    #expect(view.iconName == "c04d")
    #expect(view.summary == "Overcast - 41℉")
    #expect(view.forecastSummary == "Summary: Overcast")
    #expect(view.failure == nil)
    #expect(services.calls.value == ["geocode Seoul", "weather Seoul"])  // Busan, second, unused
  }

  @Test("a name nothing matches reads Not found, with the other fields blank")
  func notFound() async {
    let services = GatedServices()
    let store = TestStore(
      initialState: WeatherState(
        query: "Seoul", status: .loaded(place: seoulPlace, report: report(at: seoulPlace)),
        request: 4),
      reducer: WeatherReducer(), withDependencies: services.dependencies)
    await change(store, to: "Qqqzzx", request: 5)
    await store.receive(.geocodeResponse(request: 5, .success(nil))) { $0.status = .notFound }
    await store.finish()
    let view = WeatherViewModel(state: store.state)
    #expect(view.text == "Not found")
    #expect(view.locationName == "Not found")
    #expect([view.date, view.iconName, view.summary, view.forecastSummary] == ["", "", "", ""])
    #expect(services.calls.value == ["geocode Qqqzzx"])
  }

  @Test("a failed weather fetch shows the place and the failure's message")
  func weatherFailure() async {
    let timeout = FetchFailure(message: "timed out after 5 s")
    let store = TestStore(
      initialState: WeatherState(),
      reducer: WeatherReducer()
    ) {
      $0.geocoder = GeocodingClient { _ in [seoulPlace] }
      $0.weather = WeatherClient { _ in throw timeout }
    }
    await change(store, to: "서울", request: 1)
    await store.receive(.geocodeResponse(request: 1, .success(seoulPlace))) {
      $0.status = .fetching(place: seoulPlace)
    }
    await store.receive(.weatherResponse(request: 1, .failure(timeout))) {
      $0.status = .failed(place: seoulPlace, message: "timed out after 5 s")
    }
    await store.finish()
    let view = WeatherViewModel(state: store.state)
    #expect(view.text == "Seoul · unavailable: timed out after 5 s")
    #expect(view.failure == "timed out after 5 s")
    #expect(view.summary.isEmpty)
  }

  @Test("a failed lookup shows the typed name and the error's description")
  func geocodingFailure() async {
    struct Refused: Error, CustomStringConvertible {
      var description: String { "connection refused by 127.0.0.1:8080" }
    }
    let store = TestStore(
      initialState: WeatherState(),
      reducer: WeatherReducer()
    ) { $0.geocoder = GeocodingClient { _ in throw Refused() } }
    await change(store, to: "New York", request: 1)
    let failure = FetchFailure(message: "connection refused by 127.0.0.1:8080")
    await store.receive(.geocodeResponse(request: 1, .failure(failure))) {
      $0.status = .failed(place: nil, message: failure.message)
    }
    await store.finish()
    #expect(text(store.state) == "New York · unavailable: connection refused by 127.0.0.1:8080")
  }

  @Test(
    "empty, blank, over-long and control-character names are refused before any effect starts",
    arguments: [
      ("", "changeLocation needs a city name, e.g. changeLocation Seoul"),
      (" \t ", "changeLocation needs a city name, e.g. changeLocation Seoul"),
      (
        String(repeating: "x", count: 101),
        "a city name can be at most 100 characters; this one has 101"
      ),
      (
        "a" + String(repeating: "\u{301}", count: 400),
        "a city name can be at most 400 Unicode scalars; this one has 401"
      ),
      ("Seoul\u{0}", "a city name cannot contain control characters"),
      ("New\nYork", "a city name cannot contain control characters"),
    ])
  func refusals(name: String, message: String) async {
    #expect(WeatherReducer.rejection(ofChangingLocationTo: name) == message)
    // The environment is unimplemented: an effect that ran would fail the test by name.
    let store = TestStore(
      initialState: WeatherState(),
      reducer: WeatherReducer())
    let task = await store.send(.changeLocation(name))
    #expect(await task.hasEffects == false)
  }

  @Test("a name of exactly 100 characters is allowed")
  func longestName() {
    #expect(
      WeatherReducer.rejection(ofChangingLocationTo: String(repeating: "x", count: 100)) == nil)
    #expect(
      WeatherReducer.rejection(
        ofChangingLocationTo:
          "Taumatawhakatangihangakoauauotamateaturipukakapikimaungahoronukupokaiwhenuakitanatahu")
        == nil)
  }

  @Test("a new changeLocation cancels the previous one's weather request, whose answer is dropped")
  func cancelsPreviousWeatherRequest() async {
    let services = GatedServices(weatherGates: ["Paris"])
    let store = TestStore(
      initialState: WeatherState(), reducer: WeatherReducer(),
      withDependencies: services.dependencies)
    await change(store, to: "Paris", request: 1)
    await store.receive(.geocodeResponse(request: 1, .success(parisPlace))) {
      $0.status = .fetching(place: parisPlace)
    }
    await services.weatherGates["Paris"]?.someoneArrived()
    await change(store, to: "Seoul", request: 2)
    await services.weatherGates["Paris"]?.open()  // Paris's weather answers while Seoul loads
    await receiveWeather(store, at: seoulPlace, request: 2)
    await store.finish()
    #expect(services.cancelled.value == ["weather Paris"])
  }

  @Test("race: the old lookup answers while the new one is in flight; it is ignored")
  func staleAnswerWhileTheNewOneLoads() async {
    let services = GatedServices(geocodingGates: ["Paris", "Seoul"])
    let store = TestStore(
      initialState: WeatherState(), reducer: WeatherReducer(),
      withDependencies: services.dependencies)
    let paris = await change(store, to: "Paris", request: 1)
    await services.geocodingGates["Paris"]?.someoneArrived()
    await change(store, to: "Seoul", request: 2)
    await services.geocodingGates["Seoul"]?.someoneArrived()  // the new request is in flight
    await services.geocodingGates["Paris"]?.open()
    await paris.finish()  // the old lookup has answered; the store dropped it
    #expect(text(store.state) == "Loading...")
    await services.geocodingGates["Seoul"]?.open()
    await receiveWeather(store, at: seoulPlace, request: 2)
    await store.finish()
    #expect(text(store.state) == "Seoul · Sunday, Nov 29 · Overcast - 41℉")
    #expect(services.cancelled.value == ["geocode Paris"])
  }

  @Test("race: the old lookup answers after the new answer; it was cancelled and is ignored")
  func staleAnswerAfterTheNewOne() async {
    let services = GatedServices(geocodingGates: ["Paris"])
    let store = TestStore(
      initialState: WeatherState(), reducer: WeatherReducer(),
      withDependencies: services.dependencies)
    let paris = await change(store, to: "Paris", request: 1)
    await services.geocodingGates["Paris"]?.someoneArrived()
    await change(store, to: "Seoul", request: 2)
    await receiveWeather(store, at: seoulPlace, request: 2)
    await services.geocodingGates["Paris"]?.open()
    await paris.finish()  // the old lookup has answered; the store dropped it
    await store.finish()
    #expect(text(store.state) == "Seoul · Sunday, Nov 29 · Overcast - 41℉")
    #expect(services.cancelled.value == ["geocode Paris"])
    #expect(!services.calls.value.contains("weather Paris"))
  }

  @Test("stale answers that reach the reducer anyway (from a log) are ignored in either order")
  func staleAnswersAreIgnoredByNumber() async {
    let parisReport = report(at: parisPlace)
    // The old answers come while the new request is still being looked up…
    let loading = TestStore(
      initialState: WeatherState(query: "Seoul", status: .geocoding, request: 2),
      reducer: WeatherReducer())
    await loading.send(.geocodeResponse(request: 1, .success(parisPlace)))
    await loading.send(.geocodeResponse(request: 1, .success(nil)))
    await loading.send(.weatherResponse(request: 1, .success(parisReport)))
    await loading.send(.weatherResponse(request: 2, .success(parisReport)))  // not asked yet
    // …or after it has been answered.
    let loaded = TestStore(
      initialState: WeatherState(
        query: "Seoul", status: .loaded(place: seoulPlace, report: report(at: seoulPlace)),
        request: 2),
      reducer: WeatherReducer())
    await loaded.send(.geocodeResponse(request: 1, .success(parisPlace)))
    await loaded.send(.weatherResponse(request: 1, .failure(FetchFailure(message: "late"))))
    await loaded.send(.geocodeResponse(request: 2, .success(parisPlace)))  // a duplicate
    await loaded.send(.weatherResponse(request: 2, .success(parisReport)))
    #expect(text(loaded.state) == "Seoul · Sunday, Nov 29 · Overcast - 41℉")
  }

  @Test("a stale lookup answer neither changes the screen nor cancels the current request")
  func staleAnswerDoesNotCancel() async {
    let services = GatedServices(geocodingGates: ["Seoul"])
    let store = TestStore(
      initialState: WeatherState(query: "Paris", status: .geocoding, request: 1),
      reducer: WeatherReducer(), withDependencies: services.dependencies)
    await change(store, to: "Seoul", request: 2)
    await services.geocodingGates["Seoul"]?.someoneArrived()
    let stale = await store.send(.geocodeResponse(request: 1, .success(parisPlace)))
    #expect(await stale.hasEffects == false)
    await services.geocodingGates["Seoul"]?.open()
    await receiveWeather(store, at: seoulPlace, request: 2)
    await store.finish()
    #expect(services.cancelled.value.isEmpty)
  }
}
