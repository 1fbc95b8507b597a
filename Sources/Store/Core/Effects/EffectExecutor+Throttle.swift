// The executor's throttle: what `Effect.throttle` does to the actions an effect sends.

extension EffectExecutor {
  /// `action`, sent by `cause`, through the throttle `policy`: let through now (keeping its
  /// cause), or kept for the timer that sends the last one kept when the interval ends.
  func throttle(
    _ action: Action, _ cause: StoreCause, _ policy: ThrottlePolicy, _ context: Context
  ) {
    let record = throttles[policy.id] ?? ThrottleRecord()
    throttles[policy.id] = record
    if record.timer == nil, record.last.map(policy.isOver) ?? true {
      record.last = policy.mark()
      record.pending = nil
      emit(action, cause, context)
      return
    }
    if policy.latest || record.pending == nil { record.pending = action }
    guard record.timer == nil, let mark = record.last else { return }
    let fire: @MainActor @Sendable (Send<Action>) -> Void = { send in
      guard let pending = record.pending else { return }
      record.pending = nil
      record.last = policy.mark()
      send(pending)
    }
    record.timer = startTask(
      { send in
        try await policy.sleepUntilOver(mark)
        await fire(send)
      }, nil, policy.site, context,
      done: { if record.timer?.state != .running { record.timer = nil } })
  }
}
