import Foundation

/// The HTTP response bodies in Tests/Support/Fixtures (copied from the project's shared fixtures:
/// bodies of the time, geocoding and weather APIs, all describing 2026-11-29T03:45:12Z).
public enum Fixtures {
  /// The bytes of fixture `name`, e.g. `worldclockapi_utc_now.json`.
  public static func data(_ name: String) -> Data {
    guard let url = Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil),
      let data = try? Data(contentsOf: url)
    else {
      preconditionFailure("no fixture named \(name) in Tests/Support/Fixtures")
    }
    return data
  }
}

/// 2026-11-29T03:45:12Z, the instant the HTTP fixtures describe.
public let fixtureNow = Date(timeIntervalSince1970: 1_795_923_912)
