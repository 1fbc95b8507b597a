extension Effect {
  /// Delays this effect by `duration` on `clock`, and cancels a delayed effect of the same `id`
  /// that has not started yet: of a burst of debounced effects, only the last one runs, once
  /// the burst has been quiet for `duration`.
  ///
  /// ```swift
  /// case .queryChanged(let query):
  ///   state.query = query
  ///   return .run { send in await send(.results(await search(query))) }
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// Use `TestClock` in tests (from `StoreTesting`), so that time passes when the test says.
  /// While it waits, the effect is "the `debounce` at" the caller's line: a `TestStore` that
  /// finds it still running at the end of the test reports it there.
  public func debounce<C: Clock>(
    id: some Hashable & Sendable, for duration: C.Duration, clock: C,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Effect {
    if isNone { return self }
    let site = CallSite(
      fileID: fileID, filePath: filePath, line: line, column: column, operation: "`debounce`")
    let wait = Effect(
      .run({ _ in try await clock.sleep(for: duration) }, { _, _ in }, site))
    return Effect.concatenate(wait, self).cancellable(id: id, cancelInFlight: true)
  }

  /// Lets through at most one action of the effects throttled under `id` every `interval` on
  /// `clock`.
  ///
  /// ```swift
  /// case .scrolled(let offset):
  ///   return .send(.loadMore(offset))
  ///     .throttle(id: CancelID.loadMore, for: .seconds(1), clock: clock, latest: true)
  /// ```
  ///
  /// The first action goes through at once. Actions that arrive within `interval` of the last
  /// one let through wait: when the interval is over, the latest of them (`latest: true`) or the
  /// first (`latest: false`) is delivered, and the others are dropped. As with TCA, a new
  /// throttled effect cancels the one still running under `id` (`cancelInFlight`); the waiting
  /// action and the time of the last one let through are kept across that. The task that waits
  /// for the interval to end is "the `throttle` at" the caller's line, where a `TestStore`
  /// reports it if it is still running at the end of the test.
  public func throttle<C: Clock>(
    id: some Hashable & Sendable, for interval: C.Duration, clock: C, latest: Bool,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Effect {
    if isNone { return self }
    let policy = ThrottlePolicy(
      id: EffectID(id), latest: latest,
      site: CallSite(
        fileID: fileID, filePath: filePath, line: line, column: column, operation: "`throttle`"),
      mark: { clock.now },
      isOver: { mark in
        guard let mark = mark as? C.Instant else { return true }
        return mark.advanced(by: interval) <= clock.now
      },
      sleepUntilOver: { mark in
        guard let mark = mark as? C.Instant else { return }
        try await clock.sleep(until: mark.advanced(by: interval), tolerance: nil)
      })
    return Effect(.throttle(policy, self)).cancellable(id: id, cancelInFlight: true)
  }
}

/// How a throttle tells time, with its clock's types erased so that the executor can keep one
/// record an id whatever clock the effect uses.
@usableFromInline
struct ThrottlePolicy: Sendable {
  let id: EffectID
  let latest: Bool
  /// Where the throttle was written: the site of the task that waits for the interval.
  let site: CallSite
  /// The clock's `now`, boxed.
  let mark: @Sendable () -> any Sendable
  /// Whether the interval that began at `mark` is over.
  let isOver: @Sendable (any Sendable) -> Bool
  /// Sleeps until the interval that began at `mark` is over.
  let sleepUntilOver: @Sendable (any Sendable) async throws -> Void
}
