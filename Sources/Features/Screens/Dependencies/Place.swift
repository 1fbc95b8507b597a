/// A place a city name resolved to: what the weather screen shows and what the weather client
/// needs to ask for the weather there.
///
/// ```swift
/// let seoul = Place(name: "Seoul", region: "Seoul", countryCode: "KR", country: "South Korea",
///                   latitude: 37.566, longitude: 126.9784, timeZone: "Asia/Seoul")
/// ```
public struct Place: Equatable, Sendable, Codable {
  /// The place's own name, e.g. `Seoul`, `Anchorage`.
  public var name: String
  /// The first-level region's name, e.g. `Alaska`, if known.
  public var region: String?
  /// The first-level region's short code, e.g. `AK`, if known.
  public var regionCode: String?
  /// ISO 3166 two-letter country code, e.g. `KR`.
  public var countryCode: String
  /// The country's name, if known.
  public var country: String?
  public var latitude: Double
  public var longitude: Double
  /// The IANA time zone of the place, e.g. `Asia/Seoul`.
  public var timeZone: String
  /// How many people live there, if known. Ties between equally good matches go to the larger.
  public var population: Int?

  public init(
    name: String, region: String? = nil, regionCode: String? = nil, countryCode: String,
    country: String? = nil, latitude: Double, longitude: Double, timeZone: String,
    population: Int? = nil
  ) {
    self.name = name
    self.region = region
    self.regionCode = regionCode
    self.countryCode = countryCode
    self.country = country
    self.latitude = latitude
    self.longitude = longitude
    self.timeZone = timeZone
    self.population = population
  }
}
