import Foundation
import Store

/// A state that can give a fingerprint of itself: 64 bits, the same in every process and on
/// every machine (unlike `hashValue`, which Swift seeds afresh in each process).
///
/// When the log's state conforms, the recorder writes the fingerprint of the state after each
/// action into that action's line, and `uniflow replay --verify` compares it with the replayed
/// state's, so a divergence names the exact action after which the replay parted from the
/// recording — not just the snapshot that first showed it.
///
/// Feed every stored property, in a fixed order; a property left out is a difference the
/// fingerprints cannot see (a property test in the app checks that unequal states fingerprint
/// differently):
///
/// ```swift
/// extension ClockState: LogFingerprintable {
///   public func fingerprint(into hasher: inout StateHasher) {
///     hasher.combine(timeZone.identifier)
///     hasher.combine(anchor)
///     hasher.combine(dayOffset)
///   }
/// }
/// ```
public protocol LogFingerprintable {
  /// Feeds every stored property to `hasher`, in a fixed order.
  ///
  /// ```swift
  /// func fingerprint(into hasher: inout StateHasher) { hasher.combine(count) }
  /// ```
  func fingerprint(into hasher: inout StateHasher)
}

extension LogFingerprintable {
  /// This state's fingerprint: `StateFingerprint.text(state.logFingerprint)` is what the log's
  /// `fp` field holds.
  public var logFingerprint: UInt64 {
    var hasher = StateHasher()
    fingerprint(into: &hasher)
    return hasher.value
  }
}

/// A deterministic 64-bit hasher for ``LogFingerprintable``: each value becomes 64-bit words
/// (text eight UTF-8 bytes at a time, after its length), and each word is mixed in with a
/// multiply and an xorshift, starting from FNV's offset basis.
///
/// ```swift
/// var hasher = StateHasher()
/// hasher.combine("Seoul")
/// hasher.combine(37.566)
/// print(StateFingerprint.text(hasher.value))   // 16 hexadecimal digits
/// ```
public struct StateHasher {
  /// The fingerprint of what has been combined so far: `hasher.value`.
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// A hasher that has combined nothing yet: `var hasher = StateHasher()`.
  public init() {}

  /// Mixes in one 64-bit word: `hasher.combine(0x2A as UInt64)`.
  public mutating func combine(_ word: UInt64) {
    value = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
    value ^= value >> 29
  }

  /// Mixes in a whole number: `hasher.combine(dayOffset)`.
  public mutating func combine(_ number: Int) { combine(UInt64(bitPattern: Int64(number))) }
  /// Mixes in a double's exact bits: `hasher.combine(temperatureF)`.
  public mutating func combine(_ number: Double) { combine(number.bitPattern) }
  /// Mixes in a flag: `hasher.combine(isLoading)`.
  public mutating func combine(_ flag: Bool) { combine(flag ? 1 as UInt64 : 2) }
  /// Mixes in an instant, exactly: `hasher.combine(anchor)`.
  public mutating func combine(_ date: Date) { combine(date.timeIntervalSinceReferenceDate) }

  /// The text's UTF-8 length, then its bytes eight at a time (the first byte highest), then the
  /// 1…7 bytes left over as one word: `hasher.combine(name)`.
  public mutating func combine(_ text: String) {
    var text = text
    // `withUTF8` makes the text contiguous UTF-8 first if it is not (native strings, which is
    // what states hold, are): words are then loaded straight from the bytes.
    text.withUTF8 { bytes in
      combine(UInt64(bytes.count))
      let raw = UnsafeRawBufferPointer(bytes)
      var offset = 0
      while offset + 8 <= raw.count {
        combine(UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        offset += 8
      }
      guard offset < raw.count else { return }
      var word: UInt64 = 0
      for byte in raw[offset...] { word = word << 8 | UInt64(byte) }
      combine(word)
    }
  }

  /// An optional: whether it is there, then its value.
  ///
  /// ```swift
  /// hasher.combine(place) { $1.fingerprint(into: &$0) }
  /// ```
  public mutating func combine<Value>(
    _ optional: Value?, _ combineValue: (inout StateHasher, Value) -> Void
  ) {
    guard let value = optional else {
      combine(0 as UInt64)
      return
    }
    combine(1 as UInt64)
    combineValue(&self, value)
  }

  /// An optional text: `hasher.combine(failure)`.
  public mutating func combine(_ text: String?) {
    combine(text) { $0.combine($1) }
  }

  /// An optional whole number: `hasher.combine(population)`.
  public mutating func combine(_ number: Int?) {
    combine(number) { $0.combine($1) }
  }
}

/// How fingerprints are written in log lines: 16 lowercase hexadecimal digits.
///
/// ```swift
/// StateFingerprint.text(state.logFingerprint)   // "6b3b08459aa86e51"
/// ```
public enum StateFingerprint {
  /// `fingerprint` as 16 lowercase hexadecimal digits, as the log's `fp` field holds it:
  /// `StateFingerprint.text(0x6b3b08459aa86e51)` is `"6b3b08459aa86e51"`.
  public static func text(_ fingerprint: UInt64) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    append(fingerprint, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `fingerprint` as 16 lowercase hexadecimal digits (no quotes).
  package static func append(_ fingerprint: UInt64, to bytes: inout [UInt8]) {
    for shift in stride(from: 60, through: 0, by: -4) {
      bytes.append(LogLineWriter.hex[Int(truncatingIfNeeded: fingerprint >> UInt64(shift)) & 0xF])
    }
  }

  /// A function fingerprinting states of type `State`, if it is ``LogFingerprintable``; found
  /// once, so that recording pays no dynamic cast per action.
  static func function<State>(for type: State.Type) -> ((State) -> UInt64)? {
    guard let fingerprintable = type as? any LogFingerprintable.Type else { return nil }
    return fingerprinter(fingerprintable)
  }

  private static func fingerprinter<State, F: LogFingerprintable>(_ type: F.Type) -> (
    (State) -> UInt64
  )? {
    // `State` is `F`, so this cast of the function (once, not per state) succeeds.
    let fingerprint: (F) -> UInt64 = { $0.logFingerprint }
    return fingerprint as? (State) -> UInt64
  }
}
