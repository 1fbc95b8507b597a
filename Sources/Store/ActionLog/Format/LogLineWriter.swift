import Foundation
import Store

/// Writes the fields of one action-log line: a flat JSON object, built straight into bytes.
///
/// An action's ``LoggableAction/encode(to:)`` names the action and adds its payload:
///
/// ```swift
/// case .clock(.timeResponse(let request, .success(let date))):
///   line.action(AppActionName.clockTimeResponse)   // "action":"clock.timeResponse"
///   line.int("request", request)                   // "request":3
///   line.date("ok", date)                          // "ok":"2026-11-29T03:45:12Z"
/// ```
///
/// Values are plain JSON: strings escaped as JSON requires (UTF-8 kept as it is), whole numbers,
/// doubles in Swift's shortest round-trip form (`"NaN"`, `"Infinity"` and `"-Infinity"` as
/// strings), and dates as `LogDate` text. Optional values are left out when nil. The keys
/// `seq`, `src`, `action` and `fp` belong to the log itself; a payload uses other names.
public struct LogLineWriter {
  /// The line so far, without its closing `}` and newline.
  package var bytes: [UInt8]

  package init(capacity: Int = 256) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// Starts a new line: `{` and nothing else.
  package mutating func begin() {
    bytes.removeAll(keepingCapacity: true)
    bytes.append(UInt8(ascii: "{"))
  }

  /// Ends the line: `}` and a newline.
  package mutating func end() {
    bytes.append(UInt8(ascii: "}"))
    bytes.append(UInt8(ascii: "\n"))
  }

  /// `"action":"<name>"`: which action this line holds: `line.action(CounterName.increment)`.
  public mutating func action<Name: RawRepresentable<String>>(_ name: Name) {
    string("action", name.rawValue)
  }

  /// `"key":123`: `line.int("days", -1)`.
  public mutating func int(_ key: String, _ value: Int) {
    self.key(key)
    appendInteger(value)
  }

  /// `"key":123`, or nothing when `value` is nil: `line.int("population", place.population)`.
  public mutating func int(_ key: String, _ value: Int?) {
    if let value { int(key, value) }
  }

  /// `"key":true`: `line.bool("found", false)`.
  public mutating func bool(_ key: String, _ value: Bool) {
    self.key(key)
    bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
  }

  /// `"key":true`, or nothing when `value` is nil: `line.bool("day", report.isDay)`.
  public mutating func bool(_ key: String, _ value: Bool?) {
    if let value { bool(key, value) }
  }

  /// `"key":41.25`; non-finite values as the strings `"NaN"`, `"Infinity"`, `"-Infinity"`:
  /// `line.double("temperatureF", 41.25)`.
  public mutating func double(_ key: String, _ value: Double) {
    self.key(key)
    appendDouble(value)
  }

  /// `"key":41.25`, or nothing when `value` is nil: `line.double("gust", report.gust)`.
  public mutating func double(_ key: String, _ value: Double?) {
    if let value { double(key, value) }
  }

  /// `"key":"text"`, escaped as JSON requires: `line.string("name", "Seoul")`.
  public mutating func string(_ key: String, _ value: String) {
    self.key(key)
    appendString(value)
  }

  /// `"key":"text"`, or nothing when `value` is nil: `line.string("region", place.region)`.
  public mutating func string(_ key: String, _ value: String?) {
    if let value { string(key, value) }
  }

  /// `"key":"2026-11-29T03:45:12Z"`; an instant outside the years 0001…9999 as a number of
  /// seconds since 2001-01-01T00:00:00Z: `line.date("at", now)`.
  public mutating func date(_ key: String, _ value: Date) {
    self.key(key)
    bytes.append(UInt8(ascii: "\""))
    if LogDate.append(value, to: &bytes) {
      bytes.append(UInt8(ascii: "\""))
    } else {
      bytes.removeLast()
      appendDouble(value.timeIntervalSinceReferenceDate)
    }
  }

  /// `"key":"2026-11-29T03:45:12Z"`, or nothing when `value` is nil: `line.date("since", since)`.
  public mutating func date(_ key: String, _ value: Date?) {
    if let value { date(key, value) }
  }

  /// `"key":` followed by `json`, which must be one complete JSON value (a state, say).
  package mutating func raw(_ key: String, json: [UInt8]) {
    self.key(key)
    bytes.append(contentsOf: json)
  }

  /// `"key":"0123456789abcdef"`: `value` as 16 lowercase hexadecimal digits (a state's
  /// fingerprint).
  package mutating func hexWord(_ key: String, _ value: UInt64) {
    self.key(key)
    bytes.append(UInt8(ascii: "\""))
    StateFingerprint.append(value, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  // MARK: - Pieces

  static let trueBytes = Array("true".utf8)
  static let falseBytes = Array("false".utf8)

  /// `,"key":` (no comma right after the opening brace).
  mutating func key(_ key: String) {
    if bytes.last != UInt8(ascii: "{") { bytes.append(UInt8(ascii: ",")) }
    appendString(key)
    bytes.append(UInt8(ascii: ":"))
  }

  /// A whole number in decimal.
  package mutating func appendInteger(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    // The magnitude as UInt so that Int.min works too.
    var magnitude = value.magnitude
    if magnitude < 10 {
      bytes.append(UInt8(0x30 + magnitude))
      return
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
    withUnsafeMutableBytes(of: &digits) { buffer in
      var index = buffer.count
      while magnitude > 0 {
        index -= 1
        buffer[index] = UInt8(0x30 + magnitude % 10)
        magnitude /= 10
      }
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
    }
  }

  mutating func appendDouble(_ value: Double) {
    if value.isNaN {
      appendString("NaN")
    } else if value.isInfinite {
      appendString(value < 0 ? "-Infinity" : "Infinity")
    } else {
      bytes.append(contentsOf: value.description.utf8)
    }
  }

  /// `"text"` with `"`, `\` and control characters escaped; everything else as UTF-8.
  package mutating func appendString(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    let copied = value.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
      // Most text needs no escape: copy it in one go.
      if !utf8.contains(where: Self.needsEscape) {
        bytes.append(contentsOf: utf8)
      } else {
        for byte in utf8 { appendEscaped(byte) }
      }
      return true
    }
    if copied == nil {
      for byte in value.utf8 { appendEscaped(byte) }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
  }

  private mutating func appendEscaped(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"):
      bytes.append(UInt8(ascii: "\\"))
      bytes.append(byte)
    case 0x0A:
      bytes.append(UInt8(ascii: "\\"))
      bytes.append(UInt8(ascii: "n"))
    case 0x0D:
      bytes.append(UInt8(ascii: "\\"))
      bytes.append(UInt8(ascii: "r"))
    case 0x09:
      bytes.append(UInt8(ascii: "\\"))
      bytes.append(UInt8(ascii: "t"))
    case 0..<0x20, 0x7F:
      bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30])
      bytes.append(Self.hex[Int(byte >> 4)])
      bytes.append(Self.hex[Int(byte & 0xF)])
    default:
      bytes.append(byte)
    }
  }

  /// Lowercase hexadecimal digits, by value.
  static let hex = Array("0123456789abcdef".utf8)
}
