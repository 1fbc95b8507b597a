import Foundation
import Store

/// The text form of one recorded example: the size it was made at and its choice indices, as
/// LEB128 numbers in unpadded base64url after a version prefix, e.g. `1.MgABAg`.
///
/// A failure report prints the token of its counterexample; passing it back with
/// ``PropertySettings/replay(_:)`` runs exactly that example once, with no search and no shrinking.
///
/// ```swift
/// let token = ReplayToken.encode(size: 50, indices: [0, 1, 2])
/// let example = try ReplayToken.decode(token)   // (size: 50, indices: [0, 1, 2])
/// ```
enum ReplayToken {
  private static let version = "1."
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  static func encode(size: Int, indices: [UInt64]) -> String {
    var bytes: [UInt8] = []
    for number in [UInt64(size)] + indices {
      var rest = number
      repeat {
        let low = UInt8(rest & 0x7F)
        rest >>= 7
        bytes.append(rest == 0 ? low : low | 0x80)
      } while rest != 0
    }
    var text = version
    var bits: UInt32 = 0
    var count = 0
    for byte in bytes {
      bits = bits << 8 | UInt32(byte)
      count += 8
      while count >= 6 {
        count -= 6
        text.append(Character(UnicodeScalar(alphabet[Int(bits >> UInt32(count) & 0x3F)])))
      }
    }
    if count > 0 {
      text.append(Character(UnicodeScalar(alphabet[Int(bits << UInt32(6 - count) & 0x3F)])))
    }
    return text
  }

  /// Why a token could not be read.
  struct Invalid: Error, Equatable {
    let reason: String
  }

  static func decode(_ token: String) throws(Invalid) -> (size: Int, indices: [UInt64]) {
    let trimmed = token.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.hasPrefix(version) else {
      throw Invalid(reason: "it does not start with '\(version)'")
    }
    var bytes: [UInt8] = []
    var bits: UInt32 = 0
    var count = 0
    for character in trimmed.utf8.dropFirst(version.utf8.count) {
      guard let value = alphabet.firstIndex(of: character) else {
        throw Invalid(reason: "'\(UnicodeScalar(character))' is not a base64url character")
      }
      bits = bits << 6 | UInt32(value)
      count += 6
      if count >= 8 {
        count -= 8
        bytes.append(UInt8(truncatingIfNeeded: bits >> UInt32(count)))
      }
    }
    var numbers: [UInt64] = []
    var current: UInt64 = 0
    var shift: UInt64 = 0
    var open = false
    for byte in bytes {
      guard shift < 64 else { throw Invalid(reason: "a number in it is longer than 64 bits") }
      current |= UInt64(byte & 0x7F) << shift
      open = byte & 0x80 != 0
      if open {
        shift += 7
      } else {
        numbers.append(current)
        current = 0
        shift = 0
      }
    }
    guard !open, let size = numbers.first, size <= 100 else {
      throw Invalid(reason: "it is cut short")
    }
    return (Int(size), Array(numbers.dropFirst()))
  }
}
