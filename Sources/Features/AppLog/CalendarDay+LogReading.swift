import Features

// Days as a log writes them, `YYYY-MM-DD`, read from their digits: `CalendarDay(stored:)` and
// `CalendarDay(parsing:)` split and convert `String`s, which a replay would pay for every day
// it reads (every dog of every snapshot). Anything not in exactly that form goes to
// them, so the day read is always theirs. Bound: O(1), ten bytes looked at.

extension CalendarDay {
  /// `CalendarDay(stored: text)`, from the digits when `text` is `YYYY-MM-DD`.
  package static func read(stored text: String) -> CalendarDay? {
    guard let (year, month, day) = digits(text) else { return CalendarDay(stored: text) }
    return CalendarDay(year: year, month: month, day: day)
  }

  /// `CalendarDay(stored:)` of the text whose UTF-8 is `bytes` (as a log's reader finds it),
  /// from the digits when it is `YYYY-MM-DD`, with no `String` made for them.
  package static func read(stored bytes: UnsafeBufferPointer<UInt8>) -> CalendarDay? {
    guard let (year, month, day) = digits(bytes) else {
      return read(stored: String(decoding: bytes, as: UTF8.self))
    }
    return CalendarDay(year: year, month: month, day: day)
  }

  /// `try? CalendarDay(parsing: text)`, from the digits when `text` is `YYYY-MM-DD`.
  package static func read(typed text: String) -> CalendarDay? {
    guard let (year, month, day) = digits(text) else { return try? CalendarDay(parsing: text) }
    guard typedYears.contains(year) else { return nil }
    return CalendarDay(year: year, month: month, day: day)
  }

  /// The three numbers of `text` when it is ten ASCII bytes, `DDDD-DD-DD`.
  private static func digits(_ text: String) -> (Int, Int, Int)? {
    var text = text
    return text.withUTF8(digits)
  }

  /// The three numbers of `bytes` when they are ten ASCII bytes, `DDDD-DD-DD`.
  private static func digits(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
      return nil
    }
    return (year, month, day)
  }
}
