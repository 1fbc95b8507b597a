import Foundation

/// An endless, deterministic stream of varied ``AppAction``s from a seed: the mixed workload of
/// `uniflow bench`, and generated input for property tests (until the property-testing library
/// can generate actions itself).
///
/// ```swift
/// var samples = AppActionSamples(seed: 42)
/// let first = samples.next()!   // the same action for seed 42, every run, on every machine
/// ```
///
/// It covers every case of ``AppAction`` and the awkward values: days at the limits, stale and
/// future request numbers, instants with fractional seconds down to the last bit, instants
/// outside the years 0001…9999, and failure messages with quotes, backslashes, control
/// characters, Korean and emoji.
public struct AppActionSamples: IteratorProtocol, Sequence, Sendable {
  private var random: SplitMix64

  public init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  public mutating func next() -> AppAction? {
    switch random.below(100) {
    case 0..<40: .clock(.moveDay(days()))
    case 40..<55: .clock(.reload)
    case 55..<90: .clock(.timeResponse(request: random.below(8), result()))
    default: .launched(at: date())
    }
  }

  private mutating func days() -> Int {
    switch random.below(20) {
    case 0: random.below(2) == 0 ? 36_525 : -36_525
    case 1: random.below(2) == 0 ? Int.max : Int.min
    default: random.below(7) - 3
    }
  }

  private mutating func result() -> Result<Date, FetchFailure> {
    random.below(4) == 0 ? .failure(FetchFailure(message: message())) : .success(date())
  }

  private mutating func date() -> Date {
    // 1970…2100 in whole seconds, most of the time.
    let seconds = Double(random.below(4_102_444_800))
    switch random.below(10) {
    case 0:
      // Any fraction of a second, down to the last bit of the double.
      let fraction = Double(random.next() >> 11) / Double(1 << 53)
      return Date(timeIntervalSince1970: seconds + fraction)
    case 1:
      let extremes = [Date.distantPast, .distantFuture, Date(timeIntervalSince1970: -1e12)]
      return extremes[random.below(extremes.count)]
    default:
      return Date(timeIntervalSince1970: seconds)
    }
  }

  private mutating func message() -> String {
    let messages = [
      "timed out after 5 s", "connection refused by 127.0.0.1:8080", "HTTP 503 Service Unavailable",
      "quote \" and backslash \\ and slash /", "new\nline\ttab\r\u{0}nul\u{7F}del", "서울 날씨 ☁️",
      "emoji 🐶🌦️ and U+2028 \u{2028}", "",
    ]
    return messages[random.below(messages.count)]
  }
}

/// A small, fast, well-mixed pseudo-random generator (Steele, Lea and Flood's SplitMix64):
/// the same seed gives the same numbers on every platform.
struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }
}
