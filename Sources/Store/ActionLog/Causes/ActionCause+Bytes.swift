import Foundation

// Whether a line's bytes spell a cause, read where they lie: a replay asks it of every action
// line of a log with causes, and making a `String` and an ``ActionCause`` to answer it cost a
// fifth of the demo's replay.

extension ActionCause {
  /// Whether `text`'s UTF-8 is a cause's text, as `ActionCause(text:)` of it (decoded, invalid
  /// bytes repaired) reads it — `sent`, `travel`, `line N` (`N` as `Int` reads it, above zero),
  /// `effect N[ of N][ at SITE]` (numbers of 1…18 digits, the parent above zero, any non-empty
  /// site) — without a `String` or an allocation. Never true where that is nil; false where it
  /// reads a text by characters rather than bytes (a combining mark after `line `), which the
  /// recorder never writes: such a line goes to the parser, which reads it as before. Bound:
  /// one pass over `text`.
  ///
  /// ```swift
  /// Array("effect 4 of 12".utf8).withUnsafeBufferPointer { ActionCause.isSpelled(by: $0) }  // true
  /// ```
  static func isSpelled(by text: UnsafeBufferPointer<UInt8>) -> Bool {
    if text.count == 4 && has(text, "sent", at: 0) || text.count == 6 && has(text, "travel", at: 0)
    {
      return true
    }
    if has(text, "line ", at: 0) { return isLineNumber(text, from: 5) }
    return EffectCause.parts(of: text) != nil
  }

  /// Whether `text` holds `word`'s bytes at `index`.
  @inline(__always)
  static func has(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString, at index: Int)
    -> Bool
  {
    let count = word.utf8CodeUnitCount
    guard text.count - index >= count, let base = text.baseAddress else { return false }
    return memcmp(base + index, word.utf8Start, count) == 0
  }

  /// `Int(text[from...])` above zero: an optional sign, then digits, no overflow.
  private static func isLineNumber(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
    var index = start
    var negative = false
    if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
      negative = text[index] == UInt8(ascii: "-")
      index += 1
    }
    guard index < text.count else { return false }
    var value = 0
    var overflow = false
    while index < text.count {
      let digit = text[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return false }
      (value, overflow) = value.multipliedReportingOverflow(by: 10)
      if overflow { return false }
      (value, overflow) = value.addingReportingOverflow(Int(digit))
      // `Int.min`'s magnitude does not fit, but a negative number is refused either way.
      if overflow { return false }
      index += 1
    }
    return !negative && value > 0
  }
}

extension EffectCause {
  /// `effect N[ of N][ at SITE]` read from its UTF-8: the effect's number, its parent's, and
  /// where the site's bytes are; nil for any other text. Numbers have 1…18 digits, the parent
  /// is above zero, a site is not empty. ``init(text:)`` and ``ActionCause/isSpelled(by:)`` both
  /// read causes through it. Bound: one pass over `text`, no allocation.
  ///
  /// ```swift
  /// Array("effect 4 of 12".utf8).withUnsafeBufferPointer { EffectCause.parts(of: $0)?.parent }  // 12
  /// ```
  static func parts(of text: UnsafeBufferPointer<UInt8>)
    -> (effect: Int, parent: Int?, site: Range<Int>?)?
  {
    guard text.count > 7, ActionCause.has(text, "effect ", at: 0) else { return nil }
    var index = 7
    func number() -> Int? {
      var value = 0
      let start = index
      while index < text.count, text[index] &- UInt8(ascii: "0") < 10, index - start < 18 {
        value = value * 10 + Int(text[index] &- UInt8(ascii: "0"))
        index += 1
      }
      return index > start ? value : nil
    }
    func word(_ word: StaticString) -> Bool {
      guard ActionCause.has(text, word, at: index) else { return false }
      index += word.utf8CodeUnitCount
      return true
    }
    guard let effect = number() else { return nil }
    var parent: Int?
    if word(" of ") {
      guard let found = number(), found > 0 else { return nil }
      parent = found
    }
    var site: Range<Int>?
    if word(" at ") {
      guard index < text.count else { return nil }
      site = index..<text.count
      index = text.count
    }
    guard index == text.count else { return nil }
    return (effect, parent, site)
  }
}
