import Foundation

/// Numbers in an API's answer that do not fit the type the app reads them as, reported as such
/// instead of as "not JSON".
///
/// Foundation's JSON readers refuse a whole body when one number does not fit a `Double`
/// (`1e999`, `1e-400`) or, read as an `Int`, a 64-bit integer (`1e20`), and say only that the
/// data is not valid JSON. The clients read whole numbers as ``WholeNumber`` and, when a body is
/// refused, ask ``firstUnfit(in:)`` which number was to blame.
///
/// ```swift
/// JSONNumbers.firstUnfit(in: Data(#"{"latitude":1e999}"#.utf8))   // "latitude 1e999"
/// ```
enum JSONNumbers {
  /// The first number in `body` that does not fit a `Double` (it overflows, or underflows to
  /// zero), named by the key before it when there is one; nil when every number fits.
  static func firstUnfit(in body: Data) -> String? {
    let bytes = [UInt8](body)
    var index = 0
    var lastKey: (start: Int, end: Int)?
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let start = index + 1
        index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        let end = min(index, bytes.count)
        index += 1
        var next = index
        while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
        if next < bytes.count, bytes[next] == UInt8(ascii: ":") { lastKey = (start, end) }
      } else if byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) {
        let start = index
        while index < bytes.count, Self.numberBytes.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if !fits(text) {
          let key = lastKey.map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) }
          return (key.map { "\(String($0.prefix(40))) " } ?? "") + String(text.prefix(40))
        }
      } else {
        index += 1
      }
    }
    return nil
  }

  /// Whether the JSON number `text` reads as a finite `Double` that is zero only if written so.
  static func fits(_ text: String) -> Bool {
    guard let value = Double(text) else { return true }  // not a number at all: not ours
    if !value.isFinite { return false }
    if value == 0 {
      let mantissa = text.prefix { $0 != "e" && $0 != "E" }
      return mantissa.allSatisfy { !("1"..."9").contains($0) }
    }
    return true
  }

  private static let numberBytes = Set("+-0123456789.eE".utf8)
}

/// A whole number in an API's answer, read as a JSON number of any form (`3`, `3.0`, `3e0`) and
/// refused, with the reason, when it is not whole or does not fit an `Int`:
/// `the geocoding answer's results[0].population 1e+20 does not fit in a whole number`.
///
/// ```swift
/// struct Result: Decodable { var population: WholeNumber? }
/// ```
struct WholeNumber: Decodable, Equatable, Sendable {
  let value: Int

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let number = try container.decode(Double.self)
    guard let value = Int(exactly: number) else {
      let reason =
        number.rounded() == number
        ? "\(number) does not fit in a whole number" : "\(number) is not a whole number"
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath, debugDescription: reason,
          underlyingError: OutOfRange()))
    }
    self.value = value
  }

  /// Marks a decoding error whose description says what was out of range, to be shown as it is.
  struct OutOfRange: Error {}
}
