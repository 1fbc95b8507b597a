import AppLog
import Features
import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

@Suite("State fingerprints")
struct AppFingerprintTests {
  @Test("states fingerprint alike exactly when they are equal, through every kind of action")
  func fingerprintsFollowEquality() {
    let reducer = AppReducer()
    var samples = AppActionSamples(seed: 7)
    var state = AppState(timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)
    var seen: [UInt64: AppState] = [:]
    var collisions = 0
    for _ in 0..<5_000 {
      guard let action = samples.next() else { break }
      _ = reducer.reduce(into: &state, action: action)
      let fingerprint = state.logFingerprint
      if let earlier = seen[fingerprint], earlier != state { collisions += 1 }
      seen[fingerprint] = state
    }
    #expect(collisions == 0)
    #expect(seen.count > 1_000)  // the run went through many different states
  }

  @Test("a change to any one field changes the fingerprint")
  func everyFieldCounts() {
    var base = AppState(timeZone: .gmt)
    _ = AppReducer().reduce(
      into: &base, action: .launched(at: Date(timeIntervalSince1970: 1_795_923_912)))
    let place = Place(
      name: "Seoul", countryCode: "KR", latitude: 37.5, longitude: 127, timeZone: "Asia/Seoul")
    let report = WeatherReport(
      time: Date(timeIntervalSince1970: 0), temperatureF: 41, description: "Overcast",
      iconName: "c04d")
    let changes: [(String, (inout AppState) -> Void)] = [
      ("clock.timeZone", { $0.clock.timeZone = TimeZone(identifier: "Asia/Seoul")! }),
      ("clock.anchor", { $0.clock.anchor += 1 }),
      ("clock.dayOffset", { $0.clock.dayOffset += 1 }),
      ("clock.isLoading", { $0.clock.isLoading.toggle() }),
      ("clock.failure", { $0.clock.failure = "x" }),
      ("clock.request", { $0.clock.request += 1 }),
      ("dog.dogs", { $0.dog.dogs[0].imageName = "other.jpeg" }),
      ("dog.selectedName", { $0.dog.selectedName = nil }),
      ("weather.query", { $0.weather.query = "Seoul" }),
      ("weather.status", { $0.weather.status = .loaded(place: place, report: report) }),
      ("weather.request", { $0.weather.request += 1 }),
    ]
    for (name, change) in changes {
      var changed = base
      change(&changed)
      #expect(changed != base, "\(name) changed nothing")
      #expect(changed.logFingerprint != base.logFingerprint, "\(name) is not in the fingerprint")
    }
  }

  @Test("the fingerprint of a given state never changes: logs written today verify tomorrow")
  func fingerprintIsStable() {
    let state = AppState(timeZone: .gmt)
    #expect(StateFingerprint.text(state.logFingerprint) == "6b3b08459aa86e51")
  }
}
