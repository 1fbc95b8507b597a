import Features
import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

@MainActor
@Suite("App: the dog and weather screens")
struct AppScreensTests {
  private func launchedState(in zone: TimeZone = seoul) -> AppState {
    var state = AppState(timeZone: zone)
    _ = AppReducer().reduce(
      into: &state, action: .launched(at: fixtureNow))
    return state
  }

  private func dogLine(_ state: AppState) -> String? {
    AppView(state: state).screens.first { $0.screen == "dog" }?.rendered
  }

  @Test("the screens are clock, dog and weather, in that order")
  func screenOrder() {
    #expect(AppView.screenNames == ["clock", "dog", "weather"])
    #expect(AppView(state: launchedState()).screens.map(\.screen) == AppView.screenNames)
  }

  @Test("the dog ages with the clock: moveDay 366 makes 2 살 into 3 살, and moving back undoes it")
  func ageMovesWithTheClock() async {
    let store = TestStore(
      initialState: launchedState(), reducer: AppReducer())
    #expect(dogLine(store.state) == "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg")
    await store.send(.clock(.moveDay(366))) { $0.clock.dayOffset = 366 }
    #expect(dogLine(store.state) == "dog: poodle · 3 살 · 20000원 · pomeranian.jpeg")
    await store.send(.clock(.moveDay(-366 - 31))) { $0.clock.dayOffset = -31 }  // 2026-10-29
    #expect(dogLine(store.state) == "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg")
    await store.send(.clock(.moveDay(-1))) { $0.clock.dayOffset = -32 }  // the day before
    #expect(dogLine(store.state) == "dog: poodle · 1 살 · 20000원 · pomeranian.jpeg")
  }

  @Test("a dog's birthday starts at midnight in the clock's zone")
  func birthdayInTheClocksZone() {
    // 2026-10-28T15:30Z is already the 29th (the birthday) in Seoul, still the 28th in UTC.
    let instant = Date(timeIntervalSince1970: 1_793_201_400)
    var seoulState = launchedState()
    seoulState.clock.anchor = instant
    #expect(seoulState.today == CalendarDay(year: 2026, month: 10, day: 29))
    #expect(DogViewModel(state: seoulState.dog, today: seoulState.today).age == "2 살")
    var utc = seoulState
    utc.clock.timeZone = .gmt
    #expect(DogViewModel(state: utc.dog, today: utc.today).age == "1 살")
  }

  @Test("dog actions reach the dog reducer, which checks birthdays against the clock's day")
  func dogActionsAreScoped() async {
    let store = TestStore(
      initialState: launchedState(), reducer: AppReducer())
    let tomorrow = CalendarDay(year: 2026, month: 11, day: 30)!
    await store.send(.dog(.adopt(name: "rex", birthday: tomorrow, breed: .pug)))  // refused
    await store.send(.clock(.moveDay(1))) { $0.clock.dayOffset = 1 }
    await store.send(.dog(.adopt(name: "rex", birthday: tomorrow, breed: .pug))) {
      $0.dog.dogs.append(Dog(name: "rex", birthday: tomorrow, breed: .pug, imageName: "pug.jpeg"))
      $0.dog.selectedName = "rex"
    }
    await store.send(.dog(.show("poodle"))) { $0.dog.selectedName = "poodle" }
    #expect(store.state.clock.dayOffset == 1)  // the dog screen never moves the clock
  }

  @Test("weather actions reach the weather reducer with the environment's geocoder and weather")
  func weatherActionsAreScoped() async {
    let services = GatedServices()
    let store = TestStore(
      initialState: launchedState(),
      reducer: AppReducer(), withDependencies: services.dependencies)
    await store.send(.weather(.changeLocation("Seoul"))) {
      $0.weather = WeatherState(query: "Seoul", status: .geocoding, request: 1)
    }
    await store.receive(.weather(.geocodeResponse(request: 1, .success(seoulPlace)))) {
      $0.weather.status = .fetching(place: seoulPlace)
    }
    await store.receive(.weather(.weatherResponse(request: 1, .success(report(at: seoulPlace))))) {
      $0.weather.status = .loaded(place: seoulPlace, report: report(at: seoulPlace))
    }
    await store.finish()
    #expect(
      AppView(state: store.state).screens.last?.rendered
        == "weather: Seoul · Sunday, Nov 29 · Overcast - 41℉")
  }

  @Test("the whole state, dogs and weather included, survives a JSON round trip")
  func codableRoundTrip() throws {
    var state = launchedState()
    state.weather = WeatherState(
      query: "Seoul", status: .loaded(place: seoulPlace, report: report(at: seoulPlace)),
      request: 3)
    let data = try JSONEncoder().encode(state)
    #expect(try JSONDecoder().decode(AppState.self, from: data) == state)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""birthday":"2024-10-29""#))
    #expect(text.contains(#""iconName":"c04d""#))
  }
}
