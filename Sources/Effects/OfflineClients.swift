import Features

extension WeatherClient {
  /// `--offline`: never touches the network; every request fails with `offline`, which the
  /// weather screen shows as `unavailable: offline`.
  ///
  /// ```swift
  /// try await WeatherClient.offline.current(seoul)   // throws FetchFailure(message: "offline")
  /// ```
  public static let offline = WeatherClient { _ in
    throw FetchFailure(HTTPFailure.offline)
  }
}
