import Foundation
import TestSupport
import Testing

@testable import Effects

@Suite("Weather code tables")
struct WeatherCodesTests {
  private func json(_ fixture: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Fixtures.data(fixture)) as? [String: Any])
  }

  @Test("every WMO code Open-Meteo documents has its description, and no other code is known")
  func wmoTableMatchesDocumentation() throws {
    let documented = try #require(
      try json("openmeteo_wmo_codes.json")["codes"] as? [String: String])
    #expect(documented.count == 28)
    for (code, description) in documented {
      let number = try #require(Int(code))
      #expect(WeatherCodes.wmo(number, isDay: true).description == description, "WMO \(code)")
    }
    #expect(Set(WeatherCodes.wmoTable.keys) == Set(documented.keys.compactMap { Int($0) }))
  }

  @Test("WMO codes get Weatherbit's icon names, by day and by night")
  func wmoIcons() {
    #expect(
      WeatherCodes.wmo(3, isDay: true)
        == WeatherCodes.Condition(description: "Overcast", iconName: "c04d"))
    #expect(WeatherCodes.wmo(0, isDay: false).iconName == "c01n")
    #expect(WeatherCodes.wmo(63, isDay: true).iconName == "r02d")
    #expect(WeatherCodes.wmo(75, isDay: true).iconName == "s03d")
    #expect(WeatherCodes.wmo(99, isDay: false).iconName == "t05n")
    #expect(
      WeatherCodes.wmo(4, isDay: true)
        == WeatherCodes.Condition(description: "Unknown (WMO code 4)", iconName: "u00d"))
    let weatherbitIcons = Set(WeatherCodes.weatherbitTable.values.map(\.1))
    #expect(WeatherCodes.wmoTable.values.allSatisfy { weatherbitIcons.contains($0.1) })
  }

  @Test("every Weatherbit code has the fixture's description and day and night icons")
  func weatherbitTableMatchesFixture() throws {
    let codes = try #require(try json("weatherbit_codes.json")["codes"] as? [[String: Any]])
    #expect(codes.count == 38)
    for entry in codes {
      let code = try #require(entry["code"] as? Int)
      let day = WeatherCodes.weatherbit(code, isDay: true)
      let night = WeatherCodes.weatherbit(code, isDay: false)
      #expect(day?.description == entry["description"] as? String, "code \(code)")
      #expect(day?.iconName == entry["icon_day"] as? String, "code \(code)")
      #expect(night?.iconName == entry["icon_night"] as? String, "code \(code)")
    }
    #expect(WeatherCodes.weatherbitTable.count == codes.count)
    #expect(WeatherCodes.weatherbit(999, isDay: true) == nil)
  }
}
