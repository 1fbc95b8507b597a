import Foundation

/// Values an app's options commonly take, checked with the console's wording: what the option
/// needs, and what it got. For an app's ``ConsoleOption/init(_:argument:help:apply:)`` or its
/// ``ConsoleApp/prepare(_:)``.
///
/// ```swift
/// ConsoleOption<Feed.State>("--api-url", argument: "URL", help: "the feed's API") {
///   text, _, dependencies in
///   dependencies.api = .live(try OptionValue.httpURL(text, option: "--api-url"))
/// }
/// ```
///
/// Bound: each check is linear in the length of the text.
public enum OptionValue {
  /// `text` as an `http` or `https` URL with a host; else the error
  /// `--api-url needs an http or https URL, got 'ftp://x'`.
  ///
  /// ```swift
  /// try OptionValue.httpURL("https://example.com/api", option: "--api-url")
  /// ```
  public static func httpURL(_ text: String, option: String) throws(ConsoleOptionError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else {
      throw ConsoleOptionError("\(option) needs an http or https URL, got '\(text)'")
    }
    return url
  }

  /// `text` as a time limit in seconds, more than none and at most `limit` (a day by default);
  /// else the error `--timeout needs a number of seconds above 0 and at most 86400, got '0'`.
  ///
  /// ```swift
  /// try OptionValue.seconds("2.5", option: "--timeout")   // 2.5
  /// ```
  public static func seconds(_ text: String, option: String, atMost limit: Int = 86_400)
    throws(ConsoleOptionError) -> Double
  {
    guard let seconds = Double(text), seconds > 0, seconds <= Double(limit) else {
      throw ConsoleOptionError(
        "\(option) needs a number of seconds above 0 and at most \(limit), got '\(text)'")
    }
    return seconds
  }
}
