import Foundation

/// Builds request URLs whose parameters cannot escape their values: every name and value is
/// percent-encoded except letters, digits and `-._~,`, so a city called `Seoul&count=100` or
/// `a=b#c` reaches the server as one value.
///
/// ```swift
/// let url = try QueryURL.make(base, ["name": "Seoul&count=100", "count": "10"])
/// // …/v1/search?name=Seoul%26count%3D100&count=10
/// ```
enum QueryURL {
  /// `base` with `parameters` appended to its query, in order. A base with no path gets
  /// `defaultPath`, so `http://127.0.0.1:8080` and `http://127.0.0.1:8080/v1/search` both work.
  static func make(
    _ base: URL, defaultPath: String = "", _ parameters: KeyValuePairs<String, String>
  ) throws(HTTPFailure) -> URL {
    guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
      throw HTTPFailure.transport("cannot build a request from the URL \(base.host ?? "given")")
    }
    if components.path.isEmpty || components.path == "/" { components.path = defaultPath }
    let added = parameters.map { "\(encode($0.key))=\(encode($0.value))" }
    let query = ([components.percentEncodedQuery].compactMap { $0 } + added)
      .filter { !$0.isEmpty }.joined(separator: "&")
    components.percentEncodedQuery = query.isEmpty ? nil : query
    components.fragment = nil
    guard let url = components.url else {
      throw HTTPFailure.transport("cannot build a request from the URL \(base.host ?? "given")")
    }
    return url
  }

  /// A latitude or longitude as a query value: four decimals (about 11 m), never exponents.
  static func coordinate(_ degrees: Double) -> String {
    String(format: "%.4f", degrees)
  }

  /// `text` percent-encoded byte by byte, keeping only unreserved characters and commas.
  static func encode(_ text: String) -> String {
    var encoded = ""
    encoded.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if allowed.contains(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded +=
          "%" + String(byte >> 4, radix: 16, uppercase: true)
          + String(byte & 0xF, radix: 16, uppercase: true)
      }
    }
    return encoded
  }

  private static let allowed = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~,".utf8)
}
