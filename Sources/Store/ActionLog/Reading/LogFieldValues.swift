import Foundation
import Store

/// A field's value read from a parsed line's bytes, or nil when it holds anything else: the one
/// conversion both ``LogLine``'s reads (which turn nil into an error naming the field) and
/// ``LogFieldReader`` (which leaves the line to `LogLine` on nil) use, so the two always agree.
///
/// Bound: O(the value's length) time; a number outside the fast path allocates one short string.
extension LogLine {
  /// A whole number that fits an `Int`, for a field of kind `.integer`.
  @usableFromInline
  static func integerValue(_ line: UnsafeBufferPointer<UInt8>, _ field: LogField) -> Int? {
    guard field.kind == .integer else { return nil }
    let range = field.valueRange
    var position = range.lowerBound
    let negative = line[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    var magnitude: UInt = 0
    while position < range.upperBound {
      let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
      let (plus, overflow2) = times.addingReportingOverflow(UInt(line[position] &- 0x30))
      if overflow1 || overflow2 { return nil }
      magnitude = plus
      position += 1
    }
    if negative {
      return magnitude == Int.min.magnitude ? Int.min : Int(exactly: magnitude).map { -$0 }
    }
    return Int(exactly: magnitude)
  }

  /// A finite number, or one of the strings `"NaN"`, `"Infinity"`, `"-Infinity"` as written.
  @usableFromInline
  static func doubleValue(_ line: UnsafeBufferPointer<UInt8>, _ field: LogField) -> Double? {
    let text = UnsafeBufferPointer(rebasing: line[field.valueRange])
    switch field.kind {
    case .integer, .number:
      guard let value = decimal(text), value.isFinite else { return nil }
      return value
    case .string:
      if equals(text, "NaN") { return .nan }
      if equals(text, "Infinity") { return .infinity }
      if equals(text, "-Infinity") { return -.infinity }
      return nil
    default:
      return nil
    }
  }

  /// A string's text, unescaped; nil when it is not valid UTF-8 or escapes a lone surrogate.
  @usableFromInline
  static func textValue(_ line: UnsafeBufferPointer<UInt8>, _ field: LogField) -> String? {
    guard field.kind == .string else { return nil }
    let range = field.valueRange
    if !field.valueEscaped {
      return validText(UnsafeBufferPointer(rebasing: line[range]))
    }
    return unescapedText(line, range.lowerBound, range.upperBound)
  }

  /// An instant written as ``LogDate`` text (the string's bytes as written).
  @usableFromInline
  static func dateValue(_ line: UnsafeBufferPointer<UInt8>, _ field: LogField) -> Date? {
    guard field.kind == .string else { return nil }
    return LogDate.parse(
      UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: line[field.valueRange])))
  }

  /// The double nearest to `text`, a JSON number (its grammar checked already), as
  /// `Double(String)` reads it.
  ///
  /// The common case takes Clinger's fast path: at most 19 significant digits making a whole
  /// number `m` ≤ 2^53, scaled by 10^e with |e| ≤ 22, is `Double(m)` times or divided by
  /// `10^|e|`; both operands are exact doubles, so the one correctly rounded operation gives the
  /// correctly rounded result, which is what `strtod` returns. Anything else goes to
  /// `Double(String)`.
  static func decimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    var position = 0
    let count = text.count
    let negative = count > 0 && text[0] == UInt8(ascii: "-")
    if negative { position = 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    var fraction = false
    while position < count {
      let byte = text[position]
      if byte == UInt8(ascii: ".") {
        fraction = true
      } else if byte >= 0x30, byte <= 0x39 {
        if mantissa != 0 || byte != 0x30 { digits += 1 }
        guard digits <= 19 else { return slowDecimal(text) }
        mantissa = mantissa &* 10 &+ UInt64(byte &- 0x30)
        if fraction { exponent -= 1 }
      } else {
        break  // the exponent
      }
      position += 1
    }
    if position < count {
      position += 1  // e or E
      var exponentNegative = false
      if text[position] == UInt8(ascii: "-") || text[position] == UInt8(ascii: "+") {
        exponentNegative = text[position] == UInt8(ascii: "-")
        position += 1
      }
      var written = 0
      while position < count {
        written = written &* 10 &+ Int(text[position] &- 0x30)
        guard written < 10_000 else { return slowDecimal(text) }
        position += 1
      }
      exponent += exponentNegative ? -written : written
    }
    if mantissa == 0 { return negative ? -0.0 : 0.0 }
    guard mantissa <= 1 << 53, (-22...22).contains(exponent) else { return slowDecimal(text) }
    var value = Double(mantissa)
    let scale = powersOfTen[exponent < 0 ? -exponent : exponent]
    value = exponent < 0 ? value / scale : value * scale
    return negative ? -value : value
  }

  /// 10^0 … 10^22, each exactly a double.
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  private static func slowDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    Double(String(decoding: text, as: UTF8.self))
  }

  static func equals(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
    text.count == word.utf8CodeUnitCount
      && (text.count == 0 || memcmp(text.baseAddress!, word.utf8Start, text.count) == 0)
  }
}
