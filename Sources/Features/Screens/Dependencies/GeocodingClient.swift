import Store

/// Turns a typed city name into places, best match first.
///
/// The Effects module provides the offline gazetteer (the default) and an HTTP client for
/// Open-Meteo's search API; tests give a fixed answer.
///
/// ```swift
/// let geocoder = GeocodingClient { name in name == "Seoul" ? [seoul] : [] }
/// let first = try await geocoder.search("Seoul").first
/// ```
public struct GeocodingClient: Sendable {
  /// The places matching `name`, best first; empty when nothing matches. Throws when the source
  /// cannot answer.
  public var search: @Sendable (_ name: String) async throws -> [Place]

  public init(search: @escaping @Sendable (_ name: String) async throws -> [Place]) {
    self.search = search
  }

  /// Fails the running test, naming itself, when called.
  public static let unimplemented = GeocodingClient { _ in
    throw unimplementedDependency("GeocodingClient.search")
  }
}

/// The key of ``DependencyValues/geocoder``: wired by the program (the CLI gives its store the
/// bundled gazetteer or an HTTP search API); ``GeocodingClient/unimplemented`` until then and in
/// tests.
public enum GeocodingClientKey: DependencyKey {
  /// Unimplemented: the program gives the store the live client it chose.
  public static let liveValue = GeocodingClient.unimplemented
  /// Unimplemented: a test gives the store what it needs.
  public static let testValue = GeocodingClient.unimplemented
}

extension DependencyValues {
  /// Where `changeLocation` looks up a city name.
  ///
  /// ```swift
  /// let store = TestStore(initialState: WeatherState(), reducer: WeatherReducer()) {
  ///   $0.geocoder = GeocodingClient { _ in [seoul] }
  /// }
  /// ```
  public var geocoder: GeocodingClient {
    get { self[GeocodingClientKey.self] }
    set { self[GeocodingClientKey.self] = newValue }
  }
}
