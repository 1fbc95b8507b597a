/// The effects one ``Store/send(_:)`` started, to await or cancel.
///
/// ```swift
/// await store.send(.reload).finish()
/// ```
///
/// The effects that the action's reducer returned are included, with every part of a
/// concatenation; effects started later by the actions these effects send are not — use
/// ``Store/settle()`` to wait for everything.
public struct StoreTask: Sendable {
  @usableFromInline
  let run: EffectRun?

  @inlinable
  init(run: EffectRun?) {
    self.run = run
  }

  /// A task with no effects.
  @inlinable
  static var none: StoreTask { StoreTask(run: nil) }

  /// Waits until every effect the action started has finished or been cancelled.
  ///
  /// ```swift
  /// await store.send(.reload).finish()
  /// ```
  public func finish() async {
    await run?.wait()
  }

  /// Cancels the effects the action started that are still running.
  ///
  /// ```swift
  /// let timer = store.send(.startTimer)
  /// await timer.cancel()
  /// ```
  public func cancel() async {
    await run?.cancel()
  }

  /// Whether the action started an effect that outlived the `send` (a `.run`, a throttle's
  /// wait, a concatenation still going).
  ///
  /// ```swift
  /// let started = await store.send(.reload).hasEffects
  /// ```
  public var hasEffects: Bool {
    get async { await run?.startedEffects ?? false }
  }

  /// Whether every effect the action started has finished or been cancelled.
  ///
  /// ```swift
  /// let done = await store.send(.tick).isFinished
  /// ```
  public var isFinished: Bool {
    get async { await run?.isFinished ?? true }
  }
}
