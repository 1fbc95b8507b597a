/// A key the line editor understands.
package enum Key: Equatable, Sendable {
  case character(Character)
  case enter
  case backspace
  case delete
  case left, right, up, down
  case home, end
  case interrupt  // Ctrl-C
  case endOfInput  // Ctrl-D
  case killToStart  // Ctrl-U
  case killToEnd  // Ctrl-K
  case deleteWord  // Ctrl-W
  case clearScreen  // Ctrl-L
  case tab  // completes
  case ignored

  /// Whether the line editor may answer this key with an event that ends or drops the line:
  /// the line as typed is drawn first.
  package var mayEndTheLine: Bool {
    switch self {
    case .enter, .interrupt, .endOfInput, .clearScreen: true
    default: false
    }
  }
}

/// Turns the bytes a terminal in raw mode sends into keys: UTF-8 text, control characters and
/// the ANSI escape sequences of arrows, Home, End and Delete. Incomplete sequences wait for more
/// bytes; invalid UTF-8 becomes U+FFFD.
package struct KeyDecoder {
  private var pending: [UInt8] = []

  package init() {}

  package mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var start = 0
    // Bytes used are dropped once at the end, not key by key: a paste is one long chunk.
    while let (key, used) = decode(pending[start...]) {
      keys.append(key)
      start += used
    }
    pending.removeFirst(start)
    return keys
  }

  /// The first key in `bytes` and how many bytes it used, or nil if more bytes are needed.
  private func decode(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
    guard let first = bytes.first else { return nil }
    switch first {
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01: return (.home, 1)
    case 0x05: return (.end, 1)
    case 0x02: return (.left, 1)
    case 0x06: return (.right, 1)
    case 0x10: return (.up, 1)
    case 0x0E: return (.down, 1)
    case 0x03: return (.interrupt, 1)
    case 0x04: return (.endOfInput, 1)
    case 0x15: return (.killToStart, 1)
    case 0x0B: return (.killToEnd, 1)
    case 0x17: return (.deleteWord, 1)
    case 0x0C: return (.clearScreen, 1)
    case 0x1B: return escape(bytes)
    case 0x00..<0x20: return (.ignored, 1)
    default: return utf8(bytes)
    }
  }

  private func escape(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    let kind = bytes[start + 1]
    guard kind == UInt8(ascii: "[") || kind == UInt8(ascii: "O") else { return (.ignored, 1) }
    // CSI: parameters (digits, ';') then one final byte in 0x40...0x7E.
    var index = start + 2
    while index < bytes.endIndex, (0x30...0x3F).contains(bytes[index]) { index += 1 }
    guard index < bytes.endIndex else { return bytes.count > 16 ? (.ignored, bytes.count) : nil }
    let final = bytes[index]
    let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
    let used = index - start + 1
    switch (final, parameters) {
    case (UInt8(ascii: "A"), _): return (.up, used)
    case (UInt8(ascii: "B"), _): return (.down, used)
    case (UInt8(ascii: "C"), _): return (.right, used)
    case (UInt8(ascii: "D"), _): return (.left, used)
    case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"):
      return (.home, used)
    case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"):
      return (.end, used)
    case (UInt8(ascii: "~"), "3"): return (.delete, used)
    default: return (.ignored, used)
    }
  }

  private func utf8(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
    let first = bytes[bytes.startIndex]
    let length: Int
    switch first {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    case 0x20..<0x80: length = 1
    default: return (.character("\u{FFFD}"), 1)
    }
    guard bytes.count >= length else { return nil }
    let sequence = bytes[bytes.startIndex..<(bytes.startIndex + length)]
    for continuation in sequence.dropFirst() where continuation & 0xC0 != 0x80 {
      return (.character("\u{FFFD}"), 1)
    }
    let text = String(decoding: sequence, as: UTF8.self)
    return (.character(text.first ?? "\u{FFFD}"), length)
  }
}
