import Features
import Foundation

/// The clock's date work per call, the app's way — a zone's table of transitions and civil
/// arithmetic (`ClockViewModel`, `CalendarDay(of:in:)`) — beside Foundation's `Calendar` doing
/// the same (moving by days, then reading the fields), as the app did before.
@MainActor
enum DateBench {
  struct Row {
    let label: String
    let ns: Double
  }

  /// Each figure is the fastest of `rounds` runs of `count` calls, the variants taking turns.
  static func run(count: Int = 100_000, rounds: Int = 5) -> [Row] {
    let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt
    let newYork = TimeZone(identifier: "America/New_York") ?? .gmt
    let variants: [(String, (Int) -> Double)] = [
      ("clock view model, Asia/Seoul, moved 0…3 days", { viewModel($0, seoul) }),
      ("clock view model, America/New_York, moved 0…3 days", { viewModel($0, newYork) }),
      ("moved + fields with Calendar (before), America/New_York", { calendar($0, newYork) }),
      ("CalendarDay(of:in:), America/New_York", { day($0, newYork) }),
      ("the day with Calendar (before), America/New_York", { calendarDay($0, newYork) }),
    ]
    for variant in variants { _ = variant.1(count / 10) }  // warm-up: tables and calendars built
    var best = [Double](repeating: .infinity, count: variants.count)
    for _ in 0..<rounds {
      for (index, variant) in variants.enumerated() {
        best[index] = min(best[index], variant.1(count))
      }
    }
    return zip(variants, best).map { Row(label: $0.0, ns: $1) }
  }

  private static let anchor = Date(timeIntervalSince1970: 1_795_923_912)

  @inline(never) private static func viewModel(_ count: Int, _ zone: TimeZone) -> Double {
    var state = ClockState(timeZone: zone, anchor: anchor)
    return time(count) {
      for index in 0..<count {
        state.dayOffset = index & 3
        DispatchBench.consume(ClockViewModel(state: state).text)
      }
    }
  }

  @inline(never) private static func calendar(_ count: Int, _ zone: TimeZone) -> Double {
    time(count) {
      for index in 0..<count {
        let calendar = Calendar.gregorian(in: zone)
        let date = calendar.date(byAdding: .day, value: index & 3, to: anchor) ?? anchor
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        DispatchBench.consume(
          "\(parts.year ?? 0)년 \(parts.month ?? 0)월 \(parts.day ?? 0)일 "
            + "\(parts.hour ?? 0)시 \(parts.minute ?? 0)분")
      }
    }
  }

  @inline(never) private static func day(_ count: Int, _ zone: TimeZone) -> Double {
    time(count) {
      for index in 0..<count {
        let day = CalendarDay(
          of: anchor.addingTimeInterval(Double(index & 1023) * 86_400), in: zone)
        if day.day == 0 { DispatchBench.consume("") }
      }
    }
  }

  @inline(never) private static func calendarDay(_ count: Int, _ zone: TimeZone) -> Double {
    time(count) {
      for index in 0..<count {
        let parts = Calendar.gregorian(in: zone).dateComponents(
          [.year, .month, .day], from: anchor.addingTimeInterval(Double(index & 1023) * 86_400))
        if parts.day == 0 { DispatchBench.consume("") }
      }
    }
  }

  private static func time(_ count: Int, _ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count)
  }
}
