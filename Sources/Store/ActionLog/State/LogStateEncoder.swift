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
  @exclusivity(unchecked) private var output = LogStateBuffer<UInt8>(capacity: 1024)
  @exclusivity(unchecked) private var scratch = LogStateBuffer<UInt8>(capacity: 256)
  /// Set when the encoder gave up.
  @exclusivity(unchecked) private var failed = false
  /// The containers open, innermost last.
  @exclusivity(unchecked) private var open = LogStateBuffer<Container>(capacity: 16)
  /// The entries of the open keyed containers, innermost container's last.
  @exclusivity(unchecked) private var entries = LogStateBuffer<Entry>(capacity: 64)

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

  package init() {}

  deinit {
    output.release()
    scratch.release()
    open.release()
    entries.release()
  }

  /// The bytes of the last ``write(_:)``, valid until the next one.
  var bytes: UnsafeBufferPointer<UInt8> { output.elements }

  /// `state` as ``LogStateCoding/encoder()`` writes it, or nil when this encoder gives up.
  package func encode<State: Encodable>(_ state: State) -> [UInt8]? {
    guard write(state) else { return nil }
    return Array(output.elements)
  }

  /// Writes `state` into ``bytes``; whether it could.
  func write<State: Encodable>(_ state: State) -> Bool {
    output.truncate(to: 0)
    open.truncate(to: 0)
    entries.truncate(to: 0)
    failed = false
    value(state)
    close(above: 0)
    return !failed && open.count == 0
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
    // Room for a sign and 20 digits; the digits written from the last, then moved to the front.
    let start = output.reserve(21)
    var written = 0
    if small < 0 {
      start.initialize(to: UInt8(ascii: "-"))
      written = 1
    }
    var magnitude = small.magnitude
    var end = start + 21
    repeat {
      end -= 1
      end.initialize(to: UInt8(0x30 + magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    let digits = start + 21 - end
    (start + written).update(from: end, count: digits)
    output.advance(by: written + digits)
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
      output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<(whole ? count - 2 : count)]))
    }
  }

  /// A string, escaped as `JSONEncoder` escapes it: `"` and `\`, the short escapes `\b \f \n
  /// \r \t`, other control characters as `\u00XX`; everything else as it is.
  func string(_ value: String) {
    output.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      var plain = 0
      for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain..<index]))
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
          output.append(LogLineWriter.hex[Int(byte >> 4)])
          output.append(LogLineWriter.hex[Int(byte & 0xF)])
        }
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain...]))
    }
    output.append(UInt8(ascii: "\""))
  }

  private func append(_ text: StaticString) {
    output.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private func append(_ text: String) {
    var text = text
    text.withUTF8 { output.append(contentsOf: $0) }
  }

  // MARK: - Containers

  /// Opens a container where the writing stands: `{` or `[`.
  func openContainer(keyed: Bool) -> Int {
    output.append(keyed ? UInt8(ascii: "{") : UInt8(ascii: "["))
    open.append(Container(keyed: keyed, start: output.count - 1, first: entries.count))
    return open.count - 1
  }

  /// Readies container `index` for its next entry: the containers opened after it are done
  /// (their writer has moved on), so they are closed. False when it was closed already.
  @inline(__always)
  func ready(_ index: Int) -> Bool {
    guard !failed, index < open.count else {
      failed = true
      return false
    }
    if open.count > index + 1 { close(above: index + 1) }
    return true
  }

  /// Starts the next entry of keyed container `index`: its separator and `"key":`.
  func key(_ key: String, in index: Int) -> Bool {
    guard ready(index) else { return false }
    let container = open.base + index
    let comma = container.pointee.count > 0 ? 1 : 0
    container.pointee.count += 1
    // A key with an escape is given up on: its order would not be its bytes' order.
    var key = key
    let written = key.withUTF8 { utf8 -> Bool in
      var prefix: UInt64 = 0
      for (index, byte) in utf8.enumerated() {
        if byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
        if index < 8 { prefix |= UInt64(byte) << (56 - 8 * index) }
      }
      // `,"key":` in one reservation.
      let start = output.reserve(utf8.count + 4)
      start.initialize(to: UInt8(ascii: ","))
      (start + comma).initialize(to: UInt8(ascii: "\""))
      let keyStart = output.count + comma + 1
      if let source = utf8.baseAddress {
        (start + comma + 1).update(from: source, count: utf8.count)
      }
      (start + comma + 1 + utf8.count).initialize(to: UInt8(ascii: "\""))
      (start + comma + 2 + utf8.count).initialize(to: UInt8(ascii: ":"))
      output.advance(by: comma + utf8.count + 3)
      entries.append(
        Entry(keyStart: keyStart, keyEnd: keyStart + utf8.count, end: 0, prefix: prefix))
      return true
    }
    if !written { failed = true }
    return written
  }

  /// Starts the next element of unkeyed container `index`: its separator.
  func element(in index: Int) -> Bool {
    guard ready(index) else { return false }
    let container = open.base + index
    if container.pointee.count > 0 { output.append(UInt8(ascii: ",")) }
    container.pointee.count += 1
    return true
  }

  /// Closes every container from `depth` on, innermost first.
  private func close(above depth: Int) {
    while open.count > depth {
      let container = open.removeLast()
      if container.keyed {
        closeKeyed(container)
      } else {
        output.append(UInt8(ascii: "]"))
      }
    }
  }

  /// Ends a keyed container with `}`, its entries in the order of their keys' bytes.
  private func closeKeyed(_ container: Container) {
    let first = container.first
    let count = entries.count
    let entries = self.entries
    // Each entry ends where the next one's `,` begins; the last where the container ends.
    for index in first..<count {
      entries[index].end = index + 1 < count ? entries[index + 1].keyStart - 2 : output.count
    }
    // Sorted in place by insertion (a container has a handful of entries), no allocation; a
    // large one (a dictionary) by the library's sort, so that it costs O(n log n), not O(n²).
    var moved = false
    if count - first > Self.insertionLimit {
      var range = UnsafeMutableBufferPointer(start: entries.base + first, count: count - first)
      moved = !range.indices.dropFirst().allSatisfy { !isBefore(range[$0], range[$0 - 1]) }
      if moved { range.sort { isBefore($0, $1) } }
    } else if count - first > 1 {
      for index in (first + 1)..<count {
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
      scratch.truncate(to: 0)
      let written = output.base
      for index in first..<count {
        if index > first { scratch.append(UInt8(ascii: ",")) }
        let entry = entries[index]
        scratch.append(
          contentsOf: UnsafeBufferPointer(
            start: written + entry.keyStart - 1, count: entry.end - entry.keyStart + 1))
      }
      (written + container.start + 1).update(from: scratch.base, count: scratch.count)
    }
    self.entries.truncate(to: first)
    output.append(UInt8(ascii: "}"))
  }

  /// The most entries a keyed container sorts by insertion.
  private static let insertionLimit = 16

  @inline(__always)
  private func isBefore(_ left: Entry, _ right: Entry) -> Bool {
    if left.prefix != right.prefix { return left.prefix < right.prefix }
    let leftCount = left.keyEnd - left.keyStart
    let rightCount = right.keyEnd - right.keyStart
    if leftCount <= 8 || rightCount <= 8 { return leftCount < rightCount }
    let order = memcmp(
      output.base + left.keyStart, output.base + right.keyStart, min(leftCount, rightCount))
    return order < 0 || order == 0 && leftCount < rightCount
  }

  func giveUp() { failed = true }
}
