import Store

extension TestClock {
  /// Moves time forward until nothing sleeps on this clock: to the deadline of the sleeper due
  /// first, again and again, each move as ``advance(to:)`` makes it — TCA's (swift-clocks')
  /// `run()`.
  ///
  /// ```swift
  /// await store.send(.startCountdown)
  /// await clock.run()  // every sleep has ended, and every sleep the woken effects began
  /// ```
  ///
  /// Bound: at most `maxAdvances` moves (10,000). An effect that always sleeps again — a timer —
  /// never lets the clock run out: after that many moves `run` stops and fails the test at its
  /// line, saying how many still sleep and how to fix it. Effects started just before `run` are
  /// let run first, as by `advance`, so their sleeps count.
  public func run(
    maxAdvances: Int = 10_000, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await advance()
    var advances = 0
    while let deadline = nextDeadline {
      guard advances < maxAdvances else {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        reportFailure(site.failure(Self.stillSleepingMessage(sleepingCount, advances)))
        return
      }
      advances += 1
      await advance(to: deadline)
    }
  }

  /// What `run` reports when sleepers remain after `advances` moves.
  static func stillSleepingMessage(_ sleeping: Int, _ advances: Int) -> String {
    "clock.run() moved the clock \(advances) times and \(sleeping) "
      + (sleeping == 1 ? "sleeper is" : "sleepers are")
      + " still sleeping on it: an effect sleeps again each time it wakes (a timer, a loop). "
      + "To fix, cancel that effect before `run()`, or move the clock by a fixed duration with "
      + "`advance(by:)`."
  }
}
