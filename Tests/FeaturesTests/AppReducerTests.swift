import Features
import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

@MainActor
@Suite("App reducer")
struct AppReducerTests {
  @Test("launch sets the clock to the launch instant and brings the example's dog")
  func launchSetsTheClock() async {
    let store = TestStore(
      initialState: AppState(timeZone: seoul), reducer: AppReducer())
    await store.send(.launched(at: fixtureNow)) {
      $0.clock.anchor = fixtureNow
      $0.dog = DogState(dogs: [examplePoodle], selectedName: "poodle")
    }
    #expect(
      AppView(state: store.state).screens.map(\.rendered) == [
        "clock: 2026년 11월 29일 12시 45분", "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg",
        "weather: no location (changeLocation CITY)",
      ])
  }

  @Test("clock actions reach the clock reducer through the app's scope")
  func clockActionsAreScoped() async {
    let store = TestStore(
      initialState: AppState(timeZone: seoul),
      reducer: AppReducer()
    ) { $0.time = .constant(fixtureNow) }
    await store.send(.clock(.reload)) {
      $0.clock.isLoading = true
      $0.clock.request = 1
    }
    await store.receive(.clock(.timeResponse(request: 1, .success(fixtureNow)))) {
      $0.clock.isLoading = false
      $0.clock.anchor = fixtureNow
    }
    await store.send(.clock(.moveDay(1))) { $0.clock.dayOffset = 1 }
    await store.finish()
  }
}
