import AppLog
import Features
import Foundation
import Testing

/// The log's fast reading of days against `CalendarDay(stored:)` and `CalendarDay(parsing:)`.
@Suite("Days read from a log's digits")
struct CalendarDayReadingTests {
  @Test("every text reads to the day CalendarDay(stored:) and CalendarDay(parsing:) read")
  func agreesWithTheStringParsers() {
    var random = SplitMix(seed: 0xDA7E)
    let alphabet = Array("0123456789--+ x٣".map(String.init))
    var texts = [
      "2024-02-29", "2023-02-29", "0000-01-01", "0001-01-01", "9999-12-31", "-0005-01-01",
    ]
    for _ in 0..<30_000 {
      if random.chance(2) {
        // A real or nearly real day: the form the log writes.
        texts.append(
          String(format: "%04d-%02d-%02d", random.below(10_000), random.below(14), random.below(33))
        )
      } else {
        texts.append((0..<(8 + random.below(5))).map { _ in random.element(alphabet) }.joined())
      }
    }
    var read = 0
    for text in texts {
      #expect(CalendarDay.read(stored: text) == CalendarDay(stored: text), "\(text)")
      #expect(CalendarDay.read(typed: text) == (try? CalendarDay(parsing: text)), "\(text)")
      if CalendarDay.read(stored: text) != nil { read += 1 }
    }
    #expect(read > 10_000)
  }

  @Test("a text 100 × the length of a day is no day, as for the string parsers")
  func longText() {
    let text = String(repeating: "2024-01-01", count: 100)
    #expect(CalendarDay.read(stored: text) == nil)
    #expect(CalendarDay.read(typed: text) == nil)
  }
}
