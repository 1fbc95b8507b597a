import Features
import Foundation
import Store
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

private let launchInstant = Date(timeIntervalSince1970: 1_795_923_912)  // 2026-11-29T03:45:12Z
private let seoulZone = TimeZone(identifier: "Asia/Seoul")!
private let seoul = Place(
  name: "Seoul", regionCode: "11", countryCode: "KR", latitude: 37.566, longitude: 126.9784,
  timeZone: "Asia/Seoul")
private let anchorage = Place(
  name: "Anchorage", regionCode: "AK", countryCode: "US", latitude: 61.2181,
  longitude: -149.9003, timeZone: "America/Anchorage")

/// A geocoder that knows Seoul and Anchorage, and weather that is overcast at 41.3℉ everywhere.
private func fakeDependencies(_ values: inout DependencyValues) {
  values.time = .constant(launchInstant)
  values.geocoder = GeocodingClient { name in
    switch name {
    case "Seoul", "서울": [seoul]
    case "Anchorage, AK": [anchorage]
    default: []
    }
  }
  values.weather = WeatherClient { place in
    WeatherReport(
      time: launchInstant, temperatureF: 41.3, description: "Overcast", iconName: "c04d",
      timeZone: place.timeZone)
  }
}

@MainActor
@Suite("A REPL session with the dog and weather screens")
struct SessionTests {
  private func session(
    _ arguments: [String] = [],
    dependencies: @escaping (inout DependencyValues) -> Void = fakeDependencies
  ) throws -> (Session, RecordingConsole) {
    var options = try UniflowArguments.repl(arguments)
    options.timeZone = seoulZone
    let console = RecordingConsole()
    return (
      Session(options: options, dependencies: dependencies, console: console, isScript: true),
      console
    )
  }

  /// A session launched at `launchInstant`, its launch screens already printed and forgotten.
  private func launched(
    _ arguments: [String] = [],
    dependencies: @escaping (inout DependencyValues) -> Void = fakeDependencies
  ) async throws -> (Session, RecordingConsole) {
    let (session, console) = try session(arguments, dependencies: dependencies)
    await session.launch(at: launchInstant)
    console.clear()
    return (session, console)
  }

  private func run(_ session: Session, _ lines: [String]) async {
    for (index, line) in lines.enumerated() { _ = await session.handle(line, number: index + 1) }
  }

  @Test("at launch the weather screen has looked Anchorage, AK up before the screens print")
  func defaultLocation() async throws {
    let (session, console) = try session()
    await session.launch(at: launchInstant)
    #expect(
      console.outputs == [
        "clock: 2026년 11월 29일 12시 45분", "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg",
        "weather: Anchorage, AK · Saturday, Nov 28 · Overcast - 41℉",
      ])
  }

  @Test("--no-default-location starts the weather screen empty and looks nothing up")
  func noDefaultLocation() async throws {
    let (session, console) = try session(["--no-default-location"]) { _ in }
    await session.launch(at: launchInstant)
    #expect(console.outputs.last == "weather: no location (changeLocation CITY)")
    #expect(session.store.state.weather.request == 0)
  }

  @Test("dog, moveDay 366, dog shows 2 살, then 3 살, with 20000원")
  func dogAgesWithTheClock() async throws {
    let (session, console) = try await launched(["--no-default-location"])
    await run(session, ["dog", "moveDay 366", "dog"])
    #expect(
      console.outputs == [
        "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg", "clock: 2027년 11월 30일 12시 45분",
        "dog: poodle · 3 살 · 20000원 · pomeranian.jpeg",
        "dog: poodle · 3 살 · 20000원 · pomeranian.jpeg",
      ])
    #expect(console.errors.isEmpty)
  }

  @Test("adopt shows the new dog; dog NAME switches back, printing the screen once")
  func adoptAndSwitch() async throws {
    let (session, console) = try await launched(["--no-default-location"])
    await run(session, ["adopt bella 2024-05-01 pug", "dog POODLE", "dog bella"])
    #expect(
      console.outputs == [
        "dog: bella · 2 살 · 30000원 · pug.jpeg", "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg",
        "dog: bella · 2 살 · 30000원 · pug.jpeg",
      ])
  }

  @Test("refused dog and weather commands print one error each and change nothing")
  func refusals() async throws {
    let (session, console) = try await launched(["--no-default-location"])
    let before = session.store.state
    await run(
      session,
      [
        "adopt Poodle 2024-01-01 pug", "adopt rex 2026-11-30 pug", "dog rex",
        "adopt rex 2026-02-30 pug", "adopt rex 2024-01-01 beagle",
        "adopt " + String(repeating: "r", count: 41) + " 2024-01-01 pug",
      ])
    #expect(
      console.errors == [
        "line 1: there is already a dog named 'poodle'; choose another name",
        "line 2: the birthday 2026-11-30 is after today (2026-11-29 on the clock); "
          + "a dog cannot be born in the future",
        "line 3: no dog named 'rex'; the dogs are poodle",
        "line 4: 2026-02-30 is not a real date: February 2026 has 28 days (column 11) — "
          + "e.g. adopt bella 2024-05-01 pug",
        "line 5: unknown breed 'beagle' (column 22) — the breeds are pug and poodle",
        "line 6: a dog's name can be at most 40 characters; this one has 41",
      ])
    #expect(console.outputs.isEmpty)
    #expect(session.store.state == before)
    #expect(session.hadErrors)
  }

  @Test(
    "changeLocation shows Loading..., the place, then its weather; Not found when nothing matches")
  func changeLocation() async throws {
    let (session, console) = try await launched()
    await run(session, ["changeLocation Seoul", "changeLocation 서울", "changeLocation Qqqzzx"])
    #expect(
      console.outputs == [
        "weather: Loading...", "weather: Seoul · Loading...",
        "weather: Seoul · Sunday, Nov 29 · Overcast - 41℉", "weather: Loading...",
        "weather: Seoul · Loading...", "weather: Seoul · Sunday, Nov 29 · Overcast - 41℉",
        "weather: Loading...", "weather: Not found",
      ])
    #expect(console.errors.isEmpty)
  }

  @Test(":state shows the weather report, icon name and description included")
  func stateShowsTheReport() async throws {
    let (session, console) = try await launched()
    _ = await session.handle(":state", number: 1)
    let json = try JSONSerialization.jsonObject(with: Data(console.outputs.joined().utf8))
    let weather = (json as? [String: Any])?["weather"] as? [String: Any]
    let loaded = (weather?["status"] as? [String: Any])?["loaded"] as? [String: Any]
    let report = loaded?["report"] as? [String: Any]
    #expect(report?["iconName"] as? String == "c04d")
    #expect(report?["description"] as? String == "Overcast")
    #expect(weather?["query"] as? String == "Anchorage, AK")
  }

  @Test("a weather source that fails is one line on the screen, and the next command works")
  func weatherFailure() async throws {
    let (session, console) = try await launched(["--no-default-location"]) {
      fakeDependencies(&$0)
      $0.weather = WeatherClient { _ in throw FetchFailure(message: "timed out after 5 s") }
    }
    await run(session, ["changeLocation Seoul", "changeLocation", "dog"])
    #expect(
      console.outputs == [
        "weather: Loading...", "weather: Seoul · Loading...",
        "weather: Seoul · unavailable: timed out after 5 s",
        "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg",
      ])
    #expect(
      console.errors == [
        "line 2: changeLocation needs a city name (column 15) — e.g. changeLocation Seoul"
      ])
  }
}
