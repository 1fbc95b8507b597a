import Foundation
import Store

/// Writes a state's `Encodable` to the very bytes ``LogStateCoding/encoder()`` writes — compact
/// JSON, keys sorted by their UTF-8 bytes, doubles as their shortest description without a
/// trailing `.0`, non-finite ones and dates as the log writes them — without Foundation's
/// `JSONEncoder` and the tree of values it builds: the replay's check of a snapshot is that the
/// replayed state, written so, gives the snapshot's bytes (``LogStateMatch``).
///
/// ```swift
/// let encoder = LogStateEncoder()
/// if let bytes = encoder.encode(state) { print(String(decoding: bytes, as: UTF8.self)) }
/// ```
///
/// It gives up — nil — on what it does not write exactly as `JSONEncoder` would: `Data`, `URL`
/// and `Decimal` (which `JSONEncoder` writes its own way), a key that needs an escape, a
/// `superEncoder`, containers written out of order. A caller then decodes the snapshot as
/// before; nothing depends on this encoder being complete, only on what it writes being exact,
/// which tests hold it to against `JSONEncoder` on random states. Bound: O(the state's size ×
/// its depth + k log k for each keyed container of k entries) time: each keyed container's
/// entries are reordered in place when out of order, ordered by their keys' first eight bytes
/// as one number and the rest only when those are equal.
package final class LogStateEncoder {
  // Exclusivity is not checked at run time on these (it cost a quarter of the encoding): one
  // thread uses an encoder at a time (``LogStateMatch`` makes one for the applying thread), and
  // every access is a short read or write that calls out to nothing while it lasts, so no two
  // overlap — the `Encodable` values' own code runs between accesses, never inside one.

  /// The bytes written so far.
  @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
  @exclusivity(unchecked) private var scratch: [UInt8] = []
  /// Set when the encoder gave up.
  @exclusivity(unchecked) private var failed = false
  /// The containers open, innermost last.
  @exclusivity(unchecked) private var open: [Container] = []
  /// The entries of the open keyed containers, innermost container's last.
  @exclusivity(unchecked) private var entries: [Entry] = []

  private struct Container {
    var keyed: Bool
    /// Where its `{` or `[` is.
    var start: Int
    /// Its first entry in `entries` (keyed), or how many elements it has (unkeyed).
    var first: Int
    var count = 0
  }

  private struct Entry {
    var keyStart: Int
    var keyEnd: Int
    var end: Int
    /// The key's first eight bytes, the first the highest, zeros after a shorter key: two keys
    /// are ordered by these alone unless they are equal (no key holds a zero byte, which would
    /// need an escape).
    var prefix: UInt64
  }

  package init() {
    bytes.reserveCapacity(1024)
  }

  /// `state` as ``LogStateCoding/encoder()`` writes it, or nil when this encoder gives up.
  package func encode<State: Encodable>(_ state: State) -> [UInt8]? {
    guard write(state) else { return nil }
    return bytes
  }

  /// Writes `state` into ``bytes``; whether it could.
  func write<State: Encodable>(_ state: State) -> Bool {
    bytes.removeAll(keepingCapacity: true)
    open.removeAll(keepingCapacity: true)
    entries.removeAll(keepingCapacity: true)
    failed = false
    value(state)
    close(above: 0)
    return !failed && open.isEmpty
  }

  // MARK: - Values

  /// Writes one value where the writing stands.
  func value<Value: Encodable>(_ value: Value) {
    // Types compared, not cast: a dynamic cast a value would cost more than writing most.
    if Value.self == Date.self {
      let date = unsafeBitCast(value, to: Date.self)
      if let text = LogDate.string(date) {
        string(text)
      } else {
        double(date.timeIntervalSinceReferenceDate)
      }
    } else if Value.self == Data.self || Value.self == URL.self || Value.self == Decimal.self {
      failed = true  // JSONEncoder writes these its own way
    } else {
      let depth = open.count
      do {
        try value.encode(to: Writer(encoder: self))
      } catch {
        failed = true
      }
      close(above: depth)
    }
  }

  func null() { append("null") }
  func bool(_ value: Bool) { append(value ? "true" : "false") }

  func integer<Integer: BinaryInteger>(_ value: Integer) {
    guard let small = Int(exactly: value) else { return append(value.description) }
    if small < 0 { bytes.append(UInt8(ascii: "-")) }
    // The magnitude's digits from the last, on the stack: room for 20.
    var magnitude = small.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { buffer in
      var index = buffer.count
      repeat {
        index -= 1
        buffer[index] = UInt8(0x30 + magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
    }
  }

  func double(_ value: Double) {
    if value.isNaN { return string("NaN") }
    if value.isInfinite { return string(value < 0 ? "-Infinity" : "Infinity") }
    trimmed(value.description)
  }

  func float(_ value: Float) {
    if value.isNaN { return string("NaN") }
    if value.isInfinite { return string(value < 0 ? "-Infinity" : "Infinity") }
    trimmed(value.description)
  }

  /// A number's description without a trailing `.0`, as `JSONEncoder` writes `1.0` as `1`.
  private func trimmed(_ description: String) {
    var description = description
    description.withUTF8 { utf8 in
      let count = utf8.count
      let whole =
        count > 2 && utf8[count - 1] == UInt8(ascii: "0") && utf8[count - 2] == UInt8(ascii: ".")
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<(whole ? count - 2 : count)]))
    }
  }

  /// A string, escaped as `JSONEncoder` escapes it: `"` and `\`, the short escapes `\b \f \n
  /// \r \t`, other control characters as `\u00XX`; everything else as it is.
  func string(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      var plain = 0
      for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain..<index]))
        plain = index + 1
        switch byte {
        case 0x22: append("\\\"")
        case 0x5C: append("\\\\")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        default:
          append("\\u00")
          bytes.append(LogLineWriter.hex[Int(byte >> 4)])
          bytes.append(LogLineWriter.hex[Int(byte & 0xF)])
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private func append(_ text: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  // MARK: - Containers

  /// Opens a container where the writing stands: `{` or `[`.
  func openContainer(keyed: Bool) -> Int {
    bytes.append(keyed ? UInt8(ascii: "{") : UInt8(ascii: "["))
    open.append(Container(keyed: keyed, start: bytes.count - 1, first: entries.count))
    return open.count - 1
  }

  /// Readies container `index` for its next entry: the containers opened after it are done
  /// (their writer has moved on), so they are closed. False when it was closed already.
  func ready(_ index: Int) -> Bool {
    guard !failed, index < open.count else {
      failed = true
      return false
    }
    close(above: index + 1)
    return true
  }

  /// Starts the next entry of keyed container `index`: its separator and `"key":`.
  func key(_ key: String, in index: Int) -> Bool {
    guard ready(index) else { return false }
    if open[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
    open[index].count += 1
    // A key with an escape is given up on: its order would not be its bytes' order.
    var key = key
    let written = key.withUTF8 { utf8 -> Bool in
      var prefix: UInt64 = 0
      for (index, byte) in utf8.enumerated() {
        if byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
        if index < 8 { prefix |= UInt64(byte) << (56 - 8 * index) }
      }
      bytes.append(UInt8(ascii: "\""))
      entries.append(
        Entry(keyStart: bytes.count, keyEnd: bytes.count + utf8.count, end: 0, prefix: prefix))
      bytes.append(contentsOf: utf8)
      bytes.append(UInt8(ascii: "\""))
      bytes.append(UInt8(ascii: ":"))
      return true
    }
    if !written { failed = true }
    return written
  }

  /// Starts the next element of unkeyed container `index`: its separator.
  func element(in index: Int) -> Bool {
    guard ready(index) else { return false }
    if open[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
    open[index].count += 1
    return true
  }

  /// Closes every container from `depth` on, innermost first.
  private func close(above depth: Int) {
    while open.count > depth {
      let container = open.removeLast()
      if container.keyed {
        closeKeyed(container)
      } else {
        bytes.append(UInt8(ascii: "]"))
      }
    }
  }

  /// Ends a keyed container with `}`, its entries in the order of their keys' bytes.
  private func closeKeyed(_ container: Container) {
    let first = container.first
    // Each entry ends where the next one's `,` begins; the last where the container ends.
    for index in first..<entries.count {
      entries[index].end = index + 1 < entries.count ? entries[index + 1].keyStart - 2 : bytes.count
    }
    // Sorted in place by insertion (a container has a handful of entries), no allocation; a
    // large one (a dictionary) by the library's sort, so that it costs O(n log n), not O(n²).
    var moved = false
    if entries.count - first > Self.insertionLimit {
      moved = !entries[first...].indices.dropFirst().allSatisfy {
        !isBefore(entries[$0], entries[$0 - 1])
      }
      if moved { entries[first...].sort { isBefore($0, $1) } }
    } else if entries.count - first > 1 {
      for index in (first + 1)..<entries.count {
        let entry = entries[index]
        var slot = index
        while slot > first, isBefore(entry, entries[slot - 1]) {
          entries[slot] = entries[slot - 1]
          slot -= 1
        }
        if slot != index {
          entries[slot] = entry
          moved = true
        }
      }
    }
    if moved {
      // Rewritten in order: each entry from its key's quote to its value's end.
      // The entries, commas between, fill exactly the bytes they filled before.
      let start = container.start + 1
      scratch.removeAll(keepingCapacity: true)
      bytes.withUnsafeBufferPointer { buffer in
        for index in first..<entries.count {
          if index > first { scratch.append(UInt8(ascii: ",")) }
          let entry = entries[index]
          scratch.append(
            contentsOf: UnsafeBufferPointer(rebasing: buffer[(entry.keyStart - 1)..<entry.end]))
        }
      }
      scratch.withUnsafeBufferPointer { sorted in
        bytes.withUnsafeMutableBufferPointer { buffer in
          (buffer.baseAddress! + start).update(from: sorted.baseAddress!, count: sorted.count)
        }
      }
    }
    entries.removeSubrange(first...)
    bytes.append(UInt8(ascii: "}"))
  }

  /// The most entries a keyed container sorts by insertion.
  private static let insertionLimit = 16

  private func isBefore(_ left: Entry, _ right: Entry) -> Bool {
    if left.prefix != right.prefix { return left.prefix < right.prefix }
    let leftCount = left.keyEnd - left.keyStart
    let rightCount = right.keyEnd - right.keyStart
    if leftCount <= 8 || rightCount <= 8 { return leftCount < rightCount }
    return bytes.withUnsafeBufferPointer { buffer in
      let order = memcmp(
        buffer.baseAddress! + left.keyStart, buffer.baseAddress! + right.keyStart,
        min(leftCount, rightCount))
      return order < 0 || order == 0 && leftCount < rightCount
    }
  }

  func giveUp() { failed = true }
}
