import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why an HTTP request failed, worded for a one-line screen message.
///
/// ```swift
/// HTTPFailure.timedOut(seconds: 5).description   // "timed out after 5 s"
/// ```
///
/// No case ever holds a URL's query or a header, so an API key can never reach a screen, a log
/// or a recording through an error.
public enum HTTPFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// `--offline`: the app may not use the network.
  case offline
  /// No complete answer within the time limit.
  case timedOut(seconds: Double)
  /// Nothing listens at the address.
  case connectionRefused(host: String)
  /// The host name does not resolve.
  case unknownHost(String)
  /// The server answered with an error status; `reason` is its own explanation when it gave one.
  case status(Int, reason: String?)
  /// The body was larger than the limit.
  case tooLarge(limit: Int)
  /// The body was not what the API documents.
  case malformed(String)
  /// Any other transport failure.
  case transport(String)

  public var description: String {
    switch self {
    case .offline: return "offline"
    case .timedOut(let seconds): return "timed out after \(Self.format(seconds)) s"
    case .connectionRefused(let host): return "connection refused by \(host)"
    case .unknownHost(let host): return "cannot find host \(host)"
    case .status(let code, let reason):
      let name = HTTPURLResponse.localizedString(forStatusCode: code).capitalized
      return "HTTP \(code) \(name)" + (reason.map { ": \($0)" } ?? "")
    case .tooLarge(let limit): return "response larger than \(limit) bytes"
    case .malformed(let what): return "malformed response: \(what)"
    case .transport(let what): return what
    }
  }

  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }

  /// `host:port` (or `host`) of `url`: all of it an error message may name, never the path or
  /// the query.
  static func hostAndPort(of url: URL) -> String {
    url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } ?? "server"
  }

  /// The failure a `URLError` stands for, given where the request went.
  static func from(_ error: URLError, url: URL, timeout: Double) -> HTTPFailure {
    let host = hostAndPort(of: url)
    switch error.code {
    case .timedOut: return .timedOut(seconds: timeout)
    case .cannotConnectToHost: return .connectionRefused(host: host)
    case .cannotFindHost, .dnsLookupFailed: return .unknownHost(url.host ?? host)
    case .notConnectedToInternet: return .offline
    case .networkConnectionLost: return .transport("connection to \(host) lost")
    case .badServerResponse: return .malformed("not an HTTP response from \(host)")
    default: return .transport("network error \(error.code.rawValue) talking to \(host)")
    }
  }
}

extension HTTPFailure {
  /// The explanation an API puts in its error body — Open-Meteo's `reason`, Weatherbit's `error`
  /// or `status_message`, Nominatim's `error.message` — with every secret of `redactions` blanked
  /// out, then cut to 200 characters: redacted first, so that no cut can leave a piece of a key.
  ///
  /// ```swift
  /// HTTPFailure.reason(in: body, redacting: [key.redaction])   // "Invalid key: [key]"
  /// ```
  static func reason(in body: Data, redacting redactions: [SecretRedaction]) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
      return nil
    }
    let nested = (object["error"] as? [String: Any])?["message"]
    for candidate in [object["reason"], object["status_message"], object["error"], nested] {
      if let text = candidate as? String, !text.isEmpty {
        let redacted = redactions.reduce(text) { $1.redact($0) }
        return redacted.count > 200 ? String(redacted.prefix(200)) : redacted
      }
    }
    return nil
  }
}
