import Store

/// Effects of one ``EffectProperty`` run that wait for the run — on a dependency call it
/// answers, on its clock — each parked until the run resumes it.
///
/// Waits are listed by the order their effects started, then the order they began, never by the
/// instant they arrived: effects that begin to wait at once on different threads list the same
/// way on every run.
///
/// ```swift
/// let waits = ParkedWaits<Int>()
/// let answer = try await waits.wait(tagged: 0)        // in an effect
/// waits.resume(waits.waiting[0], with: .success(42))  // in the run
/// ```
@usableFromInline
final class ParkedWaits<Tag: Sendable>: Sendable {
  @usableFromInline
  struct Wait: Sendable {
    @usableFromInline let tag: Tag
    @usableFromInline let number: UInt64
    let order: UInt64
    let activity: EffectActivity?
    fileprivate let continuation: CheckedContinuation<any Sendable, any Error>
  }

  private struct Inner {
    var waits: [Wait] = []
    var nextNumber: UInt64 = 0
    var cancelledEarly: Set<UInt64> = []
  }

  private let inner = Locked(Inner())

  /// The waits, in order (kept in order as they arrive). Bound: O(1), the array shared.
  var waiting: [Wait] { inner.withLock { $0.waits } }

  /// The number of the last wait begun (0 before the first): waits are numbered 1, 2, … in the
  /// order they begin.
  var lastNumber: UInt64 { inner.withLock { $0.nextNumber } }

  /// The effect's side: parks it until the run resumes this wait; a cancelled task stops
  /// waiting with `CancellationError`. Bound: O(w) for w waits to keep them in order, nearly
  /// always O(1) (a new wait is usually the last).
  func wait(tagged tag: Tag) async throws -> any Sendable {
    // Decided first, so that whether a task inside an effect may wait here does not depend on
    // cancellation (see `EffectActivity.toPark`).
    let testWait = EffectActivity.toPark { TestContext.current?($0) }
    guard !Task.isCancelled else {
      testWait.begun()
      throw CancellationError()
    }
    let activity = testWait.activity
    let number = inner.withLock { state -> UInt64 in
      state.nextNumber += 1
      return state.nextNumber
    }
    defer { activity?.didRun() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let wait = Wait(
          tag: tag, number: number, order: activity?.order ?? .max, activity: activity,
          continuation: continuation)
        let cancelled = inner.withLock { state -> Bool in
          if state.cancelledEarly.remove(number) != nil { return true }
          // In order of (order, number): nearly always at the end, so look from there.
          var index = state.waits.endIndex
          while index > 0,
            (wait.order, wait.number) < (
              state.waits[index - 1].order, state.waits[index - 1].number
            )
          {
            index -= 1
          }
          state.waits.insert(wait, at: index)
          activity?.park()  // under the lock: a resume, which takes the wait under it, comes after
          return false
        }
        testWait.begun()  // a misuse is reported once the wait is there to be resumed
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let wait = inner.withLock { state -> Wait? in
        guard let index = state.waits.firstIndex(where: { $0.number == number }) else {
          state.cancelledEarly.insert(number)
          return nil
        }
        return state.waits.remove(at: index)
      }
      wait?.continuation.resume(throwing: CancellationError())
    }
  }

  /// The run's side: resumes `wait` with `result` if it still waits (a cancelled one does not).
  func resume(_ wait: Wait, with result: Result<any Sendable, any Error>) {
    let taken = inner.withLock { state -> Bool in
      guard let index = state.waits.firstIndex(where: { $0.number == wait.number }) else {
        return false
      }
      state.waits.remove(at: index)
      return true
    }
    guard taken else { return }
    wait.activity?.markBusy()
    wait.continuation.resume(with: result)
  }
}
