import Features
import Foundation

/// A secret API key that never shows itself: printing, interpolating, dumping or mirroring it
/// gives `APIKey(redacted)`, so it cannot reach a screen, a log or a recording by accident.
///
/// ```swift
/// let key = APIKey(environment["WEATHERBIT_API_KEY"] ?? "")   // nil when unset or blank
/// print(key!)   // APIKey(redacted)
/// ```
public struct APIKey: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The key itself; only the clients that send it read it.
  let secret: String

  /// The key `text`, or nil when it is empty or blank.
  public init?(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    secret = trimmed
  }

  public var description: String { "APIKey(redacted)" }
  public var debugDescription: String { description }
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

  /// How the key is found in texts a server sent back, however it spelled it.
  var redaction: SecretRedaction { SecretRedaction(secret: secret) }

  /// `text` with the key blanked out as `[key]`: in any case, percent-encoded or escaped, or cut
  /// short (see ``SecretRedaction``).
  func redact(_ text: String) -> String {
    redaction.redact(text)
  }

  /// `error` with the key blanked out of its message, in every spelling: a server that echoes
  /// the request back in an error body cannot put the key on the screen.
  func redacting(_ error: any Error) -> any Error {
    let message = String(describing: error)
    let redacted = redact(message)
    guard redacted != message else { return error }
    return FetchFailure(message: redacted)
  }
}
