import Foundation
import Store
import Synchronization

/// The fast way a derived log's lines are read: lines that differ only in their numbers and
/// strings — `.episodes(.element(id: 7, action: .progress(42)))` and `… id: 3 … .progress(90)` —
/// share a *template*, and a value of the action is made from the template's by writing each
/// literal where it lies in the value's memory, with no `Decodable` at all.
///
/// ```swift
/// let action = try LineTemplates.decode(Feature.Action.self, ".moved(from: 1, to: 2)")
/// ```
///
/// **How a template is learnt.** The first line of a template is read with
/// ``ValueSyntaxDecoder`` (the meaning of a line is always its type's `init(from:)`). The
/// template is then read twice more with made-up literals — distinct numbers and 14-letter
/// strings — and where each made-up literal lies in the two values' bytes is looked for: each
/// must be found exactly once, at the same aligned offset in both, as a whole `Int`, `Double` or
/// (inline) `String`, and every other byte of the two values must be the same. The first line's
/// literals are then written into one of them, which must equal (`==`) the value `init(from:)`
/// made. A template that fails any of this — a literal stored elsewhere than in the value's own
/// bytes (an array, an `indirect` case, a class), converted on the way (an `Int32`, a value a
/// custom `init(from:)` changes), or bytes that differ for any other reason — is read by
/// `init(from:)` every time. A line whose literal does not fit its slot (a decimal where the
/// template learnt a whole number) is too.
///
/// Bound: a line is read in one pass over its bytes and one look-up of its template; learning
/// costs three full reads, once per template. At most ``capacity`` templates are kept per action
/// type; past that, lines of new templates are read by `init(from:)`.
package enum LineTemplates {
  /// The most templates kept for one action type.
  package static let capacity = 4096

  /// The action `text` spells.
  package static func decode<Action: Decodable & Equatable & Sendable>(
    _: Action.Type, _ text: String
  ) throws(ValueSyntaxError) -> Action {
    // Its UTF-8 in one piece, once: every read below is then of that buffer.
    var text = text
    text.makeContiguousUTF8()
    guard let shape = LineShape(text) else {
      return try ValueSyntaxDecoder.decode(Action.self, from: text)
    }
    let store = TemplateStore.of(Action.self)
    if let entry = store.entry(shape, text) {
      // The store is `Action`'s own: its entries hold templates of `Action`.
      let box = unsafeDowncast(entry.template, to: TemplateBox<Action>.self)
      if let slots = box.slots {
        var action = box.value
        let made = withUnsafeMutableBytes(of: &action) {
          TemplateSlot.write(slots, of: text, shape, into: $0.baseAddress!)
        }
        if made { return action }
      }
      return try ValueSyntaxDecoder.decode(Action.self, from: text)
    }
    let action = try ValueSyntaxDecoder.decode(Action.self, from: text)
    store.learn(shape, text, TemplateBox.learn(action, Array(text.utf8), shape))
    return action
  }
}

/// A line cut into its template — its text with each number written `#` and each string `$` —
/// and where its literals are.
struct LineShape {
  enum Kind { case number, decimal, string, escapedString }

  /// A literal of the line: where it is, and what it is.
  struct Hole {
    var start: Int32 = 0
    var end: Int32 = 0
    var kind = Kind.number

    init() {}

    init(range: Range<Int>, kind: Kind) {
      start = Int32(range.lowerBound)
      end = Int32(range.upperBound)
      self.kind = kind
    }

    var range: Range<Int> { Int(start)..<Int(end) }
  }

  /// The most literals a template takes.
  static let maxHoles = 16

  /// The literals, the first ``count`` of them: kept inline, so that reading a line allocates
  /// nothing for them.
  var holes = InlineArray<16, Hole>(repeating: Hole())
  var count = 0
  /// FNV-1a of the line's template: its text, each number as `#`, each string as `$`.
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325

  /// The shape of `text`; nil for a line with a string cut off (the parser says why) or more
  /// literals than a template takes (16).
  init?(_ text: String) {
    var text = text
    guard let shape = text.withUTF8({ Self($0) }) else { return nil }
    self = shape
  }

  /// The shape of the line `bytes`: one pass, each byte classed by a table.
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    var hash = self.hash
    var holes = InlineArray<16, Hole>(repeating: Hole())
    var found = 0
    let count = bytes.count
    var index = 0
    var afterName = false
    let classes = Self.classes.utf8Start
    while index < count {
      let byte = bytes[index]
      var mark = byte
      switch classes[Int(byte)] {
      case Self.quote:
        var end = index + 1
        var escaped = false
        while end < count, bytes[end] != UInt8(ascii: "\"") {
          if bytes[end] == UInt8(ascii: "\\") {
            escaped = true
            end += 1
          }
          end += 1
        }
        guard end < count, found < Self.maxHoles else { return nil }
        holes[found] = Hole(range: index..<(end + 1), kind: escaped ? .escapedString : .string)
        found += 1
        mark = UInt8(ascii: "$")
        index = end + 1
        afterName = false
      case Self.digit where !afterName,
        Self.minus
      where index + 1 < count
        && classes[Int(bytes[index + 1])] == Self.digit:
        var end = index + 1
        var decimal = false
        while end < count {
          let next = bytes[end]
          let kind = classes[Int(next)]
          if kind == Self.digit || next == UInt8(ascii: "_") {
          } else if next == UInt8(ascii: "."), end + 1 < count,
            classes[Int(bytes[end + 1])] == Self.digit
          {
            decimal = true
          } else if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            decimal = true
            if end + 1 < count,
              bytes[end + 1] == UInt8(ascii: "-") || bytes[end + 1] == UInt8(ascii: "+")
            {
              end += 1
            }
          } else {
            break
          }
          end += 1
        }
        guard found < Self.maxHoles else { return nil }
        holes[found] = Hole(range: index..<end, kind: decimal ? .decimal : .number)
        found += 1
        mark = UInt8(ascii: "#")
        index = end
        afterName = false
      case let kind:
        afterName = kind == Self.name || kind == Self.digit
        index += 1
      }
      hash = (hash ^ UInt64(mark)) &* 0x100_0000_01b3
    }
    self.hash = hash
    self.holes = holes
    self.count = found
  }

  private static let other: UInt8 = 0x30  // "0"
  private static let name: UInt8 = 0x31  // "1"
  private static let digit: UInt8 = 0x32  // "2"
  private static let quote: UInt8 = 0x33  // "3"
  private static let minus: UInt8 = 0x34  // "4"

  /// Each byte's class, by its value: a name's (letters, `_`, any byte beyond ASCII), a digit,
  /// a quote, a minus, or another. A string in the binary, read without a lazy global.
  private static let classes: StaticString = """
    0000000000000000000000000000000000300000000004002222222222000000\
    0111111111111111111111111110000101111111111111111111111111100000\
    1111111111111111111111111111111111111111111111111111111111111111\
    1111111111111111111111111111111111111111111111111111111111111111
    """

  /// The template's text of the line `bytes` of this shape.
  func key(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var key: [UInt8] = []
    var last = 0
    for number in 0..<count {
      let hole = holes[number]
      key += bytes[last..<hole.range.lowerBound]
      key.append(
        hole.kind == .number || hole.kind == .decimal ? UInt8(ascii: "#") : UInt8(ascii: "$"))
      last = hole.range.upperBound
    }
    key += bytes[last...]
    return key
  }

  /// Whether the line `bytes` of this shape has the template text `key`, compared in place.
  func has(key: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    key.withUnsafeBufferPointer { key in
      var position = 0
      var last = 0
      func matches(_ range: Range<Int>) -> Bool {
        guard position + range.count <= key.count else { return false }
        guard
          range.isEmpty
            || memcmp(
              key.baseAddress! + position, bytes.baseAddress! + range.lowerBound, range.count)
              == 0
        else { return false }
        position += range.count
        return true
      }
      for number in 0..<count {
        let hole = holes[number]
        guard matches(last..<hole.range.lowerBound), position < key.count else { return false }
        let mark =
          hole.kind == .number || hole.kind == .decimal ? UInt8(ascii: "#") : UInt8(ascii: "$")
        guard key[position] == mark else { return false }
        position += 1
        last = hole.range.upperBound
      }
      return matches(last..<bytes.count) && position == key.count
    }
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }
}

/// Where a template's literal lies in its value's bytes, and what it is there.
enum TemplateSlot: Sendable {
  case int(offset: Int)
  case double(offset: Int)
  case string(offset: Int)
  /// A `Date`, written as its ISO 8601 text (seconds since 2001 in the value's bytes).
  case date(offset: Int)

  /// Writes each literal of `bytes` (at `holes`) into its slot of the value at `base`; false,
  /// with some written, when one does not fit its slot (the value is then dropped).
  ///
  /// Safe: each slot is where learning found a whole `Int`, `Double` or `String` of the value,
  /// stored in its own bytes, at an offset aligned for it; a `String` is assigned through a
  /// typed pointer, which releases the one there and retains the new one.
  static func write(
    _ slots: [TemplateSlot], of text: String, _ shape: LineShape,
    into base: UnsafeMutableRawPointer
  ) -> Bool {
    var text = text
    return text.withUTF8 { write(slots, of: $0, shape, into: base) }
  }

  static func write(
    _ slots: [TemplateSlot], of bytes: UnsafeBufferPointer<UInt8>, _ shape: LineShape,
    into base: UnsafeMutableRawPointer
  ) -> Bool {
    for index in slots.indices {
      let hole = shape.holes[index]
      switch (slots[index], hole.kind) {
      case (.int(let offset), .number):
        guard let value = integer(bytes, hole.range) else { return false }
        base.storeBytes(of: value, toByteOffset: offset, as: Int.self)
      case (.double(let offset), .number), (.double(let offset), .decimal):
        var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[hole.range]), as: UTF8.self)
        if text.contains("_") { text.removeAll { $0 == "_" } }
        guard let value = Double(text), value.isFinite else { return false }
        base.storeBytes(of: value, toByteOffset: offset, as: Double.self)
      case (.string(let offset), .string):
        let range = (hole.range.lowerBound + 1)..<(hole.range.upperBound - 1)
        (base + offset).assumingMemoryBound(to: String.self).pointee =
          String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      case (.date(let offset), .string):
        let range = (hole.range.lowerBound + 1)..<(hole.range.upperBound - 1)
        guard
          let date = LogDate.parse(
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
        else { return false }
        base.storeBytes(
          of: date.timeIntervalSinceReferenceDate, toByteOffset: offset, as: Double.self)
      case (.string(let offset), .escapedString):
        let range = (hole.range.lowerBound + 1)..<(hole.range.upperBound - 1)
        guard let text = unescaped(bytes, range) else { return false }
        (base + offset).assumingMemoryBound(to: String.self).pointee = text
      default:
        return false
      }
    }
    return true
  }

  /// A whole number written in `range` (`-`, digits, `_`), nil when it does not fit an `Int`.
  static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    var value = 0
    var negative = false
    for index in range {
      let byte = bytes[index]
      if byte == UInt8(ascii: "-") {
        negative = true
        continue
      }
      if byte == UInt8(ascii: "_") { continue }
      guard LineShape.isDigit(byte) else { return nil }
      let digit = Int(byte &- UInt8(ascii: "0"))
      let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowedAgain) =
        negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      guard !overflowed, !overflowedAgain else { return nil }
      value = next
    }
    return value
  }

  /// A string's value with its escapes decoded, nil when one is not valid (the parser says why).
  static func unescaped(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
    let text =
      "\"" + String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) + "\""
    guard let syntax = try? ValueSyntax(text), syntax.nodes.first?.kind == .string else {
      return nil
    }
    return syntax.string(at: 0)
  }
}

/// A template of some action type: a value of it with the places of its literals (nil: the
/// template could not be learnt, and its lines are read by `init(from:)`). In a class of its
/// own so that a store of templates is not generic: a line's look-up needs no type's metadata.
final class TemplateBox<Action: Sendable>: Sendable {
  let value: Action
  let slots: [TemplateSlot]?

  init(value: Action, slots: [TemplateSlot]?) {
    self.value = value
    self.slots = slots
  }
}

extension TemplateBox where Action: Decodable & Equatable {
  /// The template of the line `bytes`, whose first value `decoded` is, learnt hole by hole as
  /// ``LineTemplates`` says; one read by `init(from:)` every time when it cannot be.
  static func learn(_ decoded: Action, _ bytes: [UInt8], _ shape: LineShape) -> TemplateBox {
    guard shape.count > 0 else { return TemplateBox(value: decoded, slots: []) }
    let unlearnt = TemplateBox(value: decoded, slots: nil)
    var slots: [TemplateSlot] = []
    for number in 0..<shape.count {
      guard let slot = Self.slot(of: number, decoded, bytes, shape) else { return unlearnt }
      slots.append(slot)
    }
    var made = decoded
    let written = withUnsafeMutableBytes(of: &made) { raw in
      bytes.withUnsafeBufferPointer {
        TemplateSlot.write(slots, of: $0, shape, into: raw.baseAddress!)
      }
    }
    guard written, made == decoded else { return unlearnt }
    return TemplateBox(value: decoded, slots: slots)
  }

  /// Where literal `number` lies: the line read twice with it alone replaced by made-up values
  /// of a kind it may be — a whole number, a decimal, a 14-letter string or a date — whose
  /// bytes must be found at one aligned offset in both readings, every other byte the same.
  private static func slot(
    of number: Int, _ decoded: Action, _ bytes: [UInt8], _ shape: LineShape
  ) -> TemplateSlot? {
    let hole = shape.holes[number]
    let candidates: [(make: (Int) -> (text: String, pattern: [UInt8]), slot: (Int) -> TemplateSlot)]
    switch hole.kind {
    case .number:
      candidates = [
        (
          { set in
            let value = set == 0 ? 1_234_567_890_123_457 : 7_654_321_098_765_431
            return (String(value), withUnsafeBytes(of: value) { Array($0) })
          }, { .int(offset: $0) }
        ),
        (
          { set in
            let value = set == 0 ? 1_234_567.0 : 7_654_321.0
            return (String(Int(value)), withUnsafeBytes(of: value) { Array($0) })
          }, { .double(offset: $0) }
        ),
      ]
    case .decimal:
      candidates = [
        (
          { set in
            let value = set == 0 ? 1234.5678125 : 8765.4321875
            return ("\(value)", withUnsafeBytes(of: value) { Array($0) })
          }, { .double(offset: $0) }
        )
      ]
    case .string, .escapedString:
      candidates = [
        (
          { set in
            let word = set == 0 ? "QVZKXJWPMBGHTR" : "YFLCNDSEUAOIRW"
            // A 14-byte string lies in the String's own 16 bytes, its count in the last.
            return ("\"\(word)\"", Array(word.utf8))
          }, { .string(offset: $0) }
        ),
        (
          { set in
            let seconds = set == 0 ? 123_456_789.0 : 765_432_198.0
            let text = LogDate.string(Date(timeIntervalSinceReferenceDate: seconds)) ?? ""
            return ("\"\(text)\"", withUnsafeBytes(of: seconds) { Array($0) })
          }, { .date(offset: $0) }
        ),
      ]
    }
    for candidate in candidates {
      let (first, firstPattern) = candidate.make(0)
      let (second, secondPattern) = candidate.make(1)
      guard let a = reading(replacing: hole, with: first, bytes),
        let b = reading(replacing: hole, with: second, bytes)
      else { continue }
      let size = a.count
      let width = firstPattern.count == 14 ? 16 : 8
      // Ints, doubles and strings are all aligned to 8 bytes.
      let found = stride(from: 0, through: size - width, by: 8).filter { offset in
        a[offset..<(offset + firstPattern.count)].elementsEqual(firstPattern)
          && b[offset..<(offset + secondPattern.count)].elementsEqual(secondPattern)
      }
      guard found.count == 1, let offset = found.first else { continue }
      // Nothing else depends on the literal.
      let elsewhere = (0..<size).contains {
        ($0 < offset || $0 >= offset + width) && a[$0] != b[$0]
      }
      guard !elsewhere else { continue }
      return candidate.slot(offset)
    }
    return nil
  }

  /// The bytes of the value the line `bytes` reads as with `hole` replaced by `text`.
  private static func reading(replacing hole: LineShape.Hole, with text: String, _ bytes: [UInt8])
    -> [UInt8]?
  {
    let line = bytes[..<hole.range.lowerBound] + Array(text.utf8) + bytes[hole.range.upperBound...]
    guard
      let value = try? ValueSyntaxDecoder.decode(
        Action.self, from: String(decoding: line, as: UTF8.self))
    else { return nil }
    return withUnsafeBytes(of: value) { Array($0) }
  }
}

/// The templates learnt for one action type, shared by every reader of its lines: by their
/// key's hash, each with its key.
final class TemplateStore: Sendable {
  final class Entry: Sendable {
    let key: [UInt8]
    /// A ``TemplateBox`` of the store's action type.
    let template: AnyObject & Sendable

    init(key: [UInt8], template: AnyObject & Sendable) {
      self.key = key
      self.template = template
    }
  }

  /// The entries by hash: a table twice the capacity, probed linearly from a hash's slot.
  private let entries = Mutex<(slots: [Entry?], count: Int)>(
    (Array(repeating: nil, count: 2 * LineTemplates.capacity), 0))

  /// The entry of the template of `text`, whose shape is `shape`, if learnt.
  func entry(_ shape: LineShape, _ text: String) -> Entry? {
    var text = text
    return text.withUTF8 { bytes in
      entries.withLock { table in
        let mask = table.slots.count - 1
        var slot = Int(truncatingIfNeeded: shape.hash) & mask
        while let entry = table.slots[slot] {
          if shape.has(key: entry.key, bytes) { return entry }
          slot = (slot + 1) & mask
        }
        return nil
      }
    }
  }

  /// Keeps `template` for the template of `text`, whose shape is `shape`, unless the store is
  /// full.
  func learn(_ shape: LineShape, _ text: String, _ template: AnyObject & Sendable) {
    var text = text
    let key = text.withUTF8 { shape.key($0) }
    entries.withLock { table in
      guard table.count < LineTemplates.capacity else { return }
      let mask = table.slots.count - 1
      var slot = Int(truncatingIfNeeded: shape.hash) & mask
      while let entry = table.slots[slot] {
        if entry.key == key { return }
        slot = (slot + 1) & mask
      }
      table.slots[slot] = Entry(key: key, template: template)
      table.count += 1
    }
  }

  /// The store of `Action`'s templates, made the first time it is asked for.
  static func of(_ action: Any.Type) -> TemplateStore {
    let id = ObjectIdentifier(action)
    return stores.withLock { stores in
      // A program reads the actions of one or two types: a list is found at once.
      if let found = stores.first(where: { $0.id == id }) { return found.store }
      let store = TemplateStore()
      stores.append((id, store))
      return store
    }
  }

  private static let stores = Mutex<[(id: ObjectIdentifier, store: TemplateStore)]>([])
}
