extension Clock where Duration == Swift.Duration {
  /// Ticks every `interval` on this clock, for as long as the task that iterates runs: tick `n`
  /// comes `n × interval` after the first `next()`, whatever the time the loop body took.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
  /// }
  /// .cancellable(id: CancelID.timer)
  /// ```
  ///
  /// The sequence ends when the task is cancelled (or the clock throws). With a `TestClock`,
  /// `advance(by: .seconds(3))` delivers three ticks, each at its own instant.
  public func timer(interval: Duration) -> ClockTimer {
    ClockTimer(clock: self, interval: interval)
  }
}

/// The ticks of a clock, every `interval`: the number of the tick, from 1. Made by
/// `timer(interval:)` on any clock measured in `Duration`, existentials included.
///
/// ```swift
/// for await tick in clock.timer(interval: .seconds(1)) where tick == 3 { break }
/// ```
public struct ClockTimer: AsyncSequence, Sendable {
  /// The tick's number: 1 for the first.
  public typealias Element = Int

  private let clock: any Clock<Duration>
  private let interval: Duration

  init(clock: any Clock<Duration>, interval: Duration) {
    self.clock = clock
    self.interval = interval
  }

  /// Waits for the next tick.
  ///
  /// ```swift
  /// var ticks = clock.timer(interval: .seconds(1)).makeAsyncIterator()
  /// let first = await ticks.next()   // 1
  /// ```
  public struct AsyncIterator: AsyncIteratorProtocol {
    private let sleepToNextTick: () async -> Bool
    private var count = 0

    init(sleepToNextTick: @escaping () async -> Bool) {
      self.sleepToNextTick = sleepToNextTick
    }

    /// The next tick's number, once it is due; nil once the task is cancelled.
    ///
    /// ```swift
    /// while let tick = await ticks.next() { print(tick) }
    /// ```
    public mutating func next() async -> Int? {
      guard !Task.isCancelled, await sleepToNextTick() else { return nil }
      count += 1
      return count
    }
  }

  /// Starts counting ticks from now.
  ///
  /// ```swift
  /// var ticks = timer.makeAsyncIterator()
  /// ```
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(sleepToNextTick: Self.sleeper(clock, interval))
  }

  /// Sleeps to the next deadline: one `interval` after the previous one (or after now, the
  /// first time), so ticks do not drift by the time their handling takes.
  private static func sleeper<C: Clock<Duration>>(_ clock: C, _ interval: Duration)
    -> () async -> Bool
  {
    var deadline: C.Instant?
    return {
      let next = (deadline ?? clock.now).advanced(by: interval)
      do {
        try await clock.sleep(until: next, tolerance: nil)
      } catch {
        return false
      }
      deadline = next
      return true
    }
  }
}
