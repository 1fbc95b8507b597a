/// What a weather API's condition code means: a description and an icon name.
///
/// ```swift
/// WeatherCodes.wmo(3, isDay: true)           // Overcast, c04d
/// WeatherCodes.weatherbit(804, isDay: false)  // Overcast clouds, c04n
/// ```
///
/// Icons use Weatherbit's names for both APIs (`c04d`: overcast, day; `…n` at night), so the
/// screen shows one vocabulary whichever provider answered. WMO codes are Open-Meteo's
/// `weather_code` (its documentation's table); Weatherbit codes are its `weather.code`.
public enum WeatherCodes {
  /// A code's meaning.
  public struct Condition: Equatable, Sendable {
    /// E.g. `Overcast`.
    public var description: String
    /// E.g. `c04d`.
    public var iconName: String
  }

  /// The meaning of WMO code `code`; unknown codes say so and get the unknown icon `u00`.
  public static func wmo(_ code: Int, isDay: Bool) -> Condition {
    guard let entry = wmoTable[code] else {
      return Condition(description: "Unknown (WMO code \(code))", iconName: icon("u00", isDay))
    }
    return Condition(description: entry.0, iconName: icon(entry.1, isDay))
  }

  /// The meaning of Weatherbit code `code`, or nil when the table does not know it.
  public static func weatherbit(_ code: Int, isDay: Bool) -> Condition? {
    weatherbitTable[code].map { Condition(description: $0.0, iconName: icon($0.1, isDay)) }
  }

  private static func icon(_ prefix: String, _ isDay: Bool) -> String {
    prefix + (isDay ? "d" : "n")
  }

  /// WMO code → description (as Open-Meteo documents it), Weatherbit icon prefix.
  static let wmoTable: [Int: (String, String)] = [
    0: ("Clear sky", "c01"),
    1: ("Mainly clear", "c02"),
    2: ("Partly cloudy", "c03"),
    3: ("Overcast", "c04"),
    45: ("Fog", "a05"),
    48: ("Depositing rime fog", "a06"),
    51: ("Drizzle: light intensity", "d01"),
    53: ("Drizzle: moderate intensity", "d02"),
    55: ("Drizzle: dense intensity", "d03"),
    56: ("Freezing drizzle: light intensity", "f01"),
    57: ("Freezing drizzle: dense intensity", "f01"),
    61: ("Rain: slight intensity", "r01"),
    63: ("Rain: moderate intensity", "r02"),
    65: ("Rain: heavy intensity", "r03"),
    66: ("Freezing rain: light intensity", "f01"),
    67: ("Freezing rain: heavy intensity", "f01"),
    71: ("Snow fall: slight intensity", "s01"),
    73: ("Snow fall: moderate intensity", "s02"),
    75: ("Snow fall: heavy intensity", "s03"),
    77: ("Snow grains", "s06"),
    80: ("Rain showers: slight", "r04"),
    81: ("Rain showers: moderate", "r05"),
    82: ("Rain showers: violent", "r06"),
    85: ("Snow showers: slight", "s01"),
    86: ("Snow showers: heavy", "s02"),
    95: ("Thunderstorm: slight or moderate", "t02"),
    96: ("Thunderstorm with slight hail", "t05"),
    99: ("Thunderstorm with heavy hail", "t05"),
  ]

  /// Weatherbit code → description, icon prefix (from its /api/codes table).
  static let weatherbitTable: [Int: (String, String)] = [
    200: ("Thunderstorm with light rain", "t01"),
    201: ("Thunderstorm with rain", "t02"),
    202: ("Thunderstorm with heavy rain", "t03"),
    230: ("Thunderstorm with light drizzle", "t04"),
    231: ("Thunderstorm with drizzle", "t04"),
    232: ("Thunderstorm with heavy drizzle", "t04"),
    233: ("Thunderstorm with Hail", "t05"),
    300: ("Light Drizzle", "d01"),
    301: ("Drizzle", "d02"),
    302: ("Heavy Drizzle", "d03"),
    500: ("Light Rain", "r01"),
    501: ("Moderate Rain", "r02"),
    502: ("Heavy Rain", "r03"),
    511: ("Freezing rain", "f01"),
    520: ("Light shower rain", "r04"),
    521: ("Shower rain", "r05"),
    522: ("Heavy shower rain", "r06"),
    600: ("Light snow", "s01"),
    601: ("Snow", "s02"),
    602: ("Heavy Snow", "s03"),
    610: ("Mix snow/rain", "s04"),
    611: ("Sleet", "s05"),
    612: ("Heavy sleet", "s05"),
    621: ("Snow shower", "s01"),
    622: ("Heavy snow shower", "s02"),
    623: ("Flurries", "s06"),
    700: ("Mist", "a01"),
    711: ("Smoke", "a02"),
    721: ("Haze", "a03"),
    731: ("Sand/dust", "a04"),
    741: ("Fog", "a05"),
    751: ("Freezing Fog", "a06"),
    800: ("Clear sky", "c01"),
    801: ("Few clouds", "c02"),
    802: ("Scattered clouds", "c02"),
    803: ("Broken clouds", "c03"),
    804: ("Overcast clouds", "c04"),
    900: ("Unknown Precipitation", "u00"),
  ]
}
