/// How many children of one ``EffectTaskGroup`` run, and whether the effect's task waits for
/// them: it parks the effect's activity while it waits, and the child whose end resumes it makes
/// the activity busy again before its own ends, so a test clock never sees the effect idle while
/// it is about to run. Bound: O(1) a call.
final class EffectGroupChildren: Sendable {
  /// What the effect's task waits for.
  enum Wait { case nothing, oneEnded, allEnded }

  private struct State {
    var live = 0
    /// Children ended whose results `next()` has not returned yet.
    var unconsumed = 0
    var waiting = Wait.nothing
  }

  /// The activity of the effect's task, if it has one of its own.
  let parent: EffectActivity?
  private let state = Locked(State())

  init(parent: EffectActivity?) {
    self.parent = parent
  }

  func added() {
    state.withLock { $0.live += 1 }
  }

  func ended() {
    guard let parent else { return }
    state.withLock { state in
      state.live -= 1
      state.unconsumed += 1
      let resumes =
        state.waiting == .oneEnded || (state.waiting == .allEnded && state.live == 0)
      guard resumes else { return }
      state.waiting = .nothing
      parent.markBusy()  // under the lock, so that a park cannot come after it
    }
  }

  /// The effect's task is about to wait for `wait`: parks its activity unless that has already
  /// happened, in which case the wait returns at once.
  func parkParent(until wait: Wait) {
    guard let parent else { return }
    state.withLock { state in
      let done =
        wait == .oneEnded ? state.unconsumed > 0 || state.live == 0 : state.live == 0
      guard !done else { return }
      state.waiting = wait
      parent.park()
    }
  }

  /// The effect's task is back from a wait, having taken one result or all of them.
  func parentResumed(consumedAll: Bool) {
    guard let parent else { return }
    state.withLock { state in
      state.waiting = .nothing
      if consumedAll {
        state.unconsumed = 0
      } else if state.unconsumed > 0 {
        state.unconsumed -= 1
      }
    }
    parent.didRun()
  }
}
