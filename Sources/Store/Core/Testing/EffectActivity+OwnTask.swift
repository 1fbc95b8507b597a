extension EffectActivity {
  /// The name of every task that runs with an activity of its own: an effect's task, and each
  /// child an ``EffectTaskGroup`` adds. Task names are not inherited, so a task that runs under
  /// an activity without this name shares it — a child of a plain task group or an `async let`
  /// inside the effect, or a `Task` the effect started.
  package static let ownTaskName = "Uniflow effect task"

  /// How the current task waits for the test (sleeps on a test clock, waits for an `Answers`
  /// call): the activity to park, if any, and a misuse to report once the wait has begun.
  /// Asked before anything else the wait checks (the clock's time, cancellation), so that the
  /// verdict depends only on the task calling it.
  ///
  /// The rule, the same in every interleaving: only an activity's own task — the effect's, or a
  /// child a `withEffectTaskGroup` added — parks it. Any other task that runs under it (it
  /// inherited the activity: a child of a plain task group, an `async let`, a `Task {}` the
  /// effect started) is not followed, and the first time one of them calls for a wait, the
  /// failure that says what to write instead is reported at the effect's `.run` — whether the
  /// effect is still running then or has ended. (Were it reported only while the effect runs, a
  /// `Task {}` would fail or pass depending on which got there first.) A `Task.detached` inherits
  /// nothing: a test clock neither follows nor reports it, as any task outside an effect.
  ///
  /// ```swift
  /// let wait = EffectActivity.toPark(reporting: reportToTestFramework)
  /// wait.activity?.park()
  /// wait.begun()  // once the wait is registered, outside any lock
  /// ```
  package static func toPark(reporting report: @escaping FailureReporter) -> TestWait {
    guard let activity = current else { return TestWait(activity: nil, misuse: nil) }
    if Task.name == ownTaskName { return TestWait(activity: activity, misuse: nil) }
    let first = activity.sharedWaitReported.withLock { reported in
      defer { reported = true }
      return !reported
    }
    return TestWait(activity: nil, misuse: first ? (activity, report) : nil)
  }

  /// What ``toPark(reporting:)`` reports.
  package static func sharedTaskMessage(_ site: CallSite) -> String {
    "A task inside the effect \(site.effectDescription) that is not the effect's own slept on "
      + "a test clock (or called an `Answers` dependency), which only the effect's task and the "
      + "children of its `withEffectTaskGroup` may do: the test does not follow other tasks, so "
      + "it cannot tell when they wait and would move time on before they sleep. To fix, start "
      + "the children with `withEffectTaskGroup(of:)` instead of `withTaskGroup`, "
      + "`withThrowingTaskGroup` or `async let`: it gives each child its own place in the "
      + "clock's order. For a `Task {}` the effect starts, await its work in the effect instead "
      + "(such a task is reported even if the effect has ended by then)."
  }
}

/// A task's wait for the test, as ``EffectActivity/toPark(reporting:)`` decided it: the
/// activity to park while it waits, and, for a task that shares an effect's activity, the
/// misuse to report.
///
/// ```swift
/// let wait = EffectActivity.toPark(reporting: reportToTestFramework)
/// wait.activity?.park()
/// wait.begun()
/// ```
package struct TestWait {
  /// The activity to park while the task waits (and to mark busy when the test wakes it): the
  /// current task's own, or nil.
  package let activity: EffectActivity?
  /// The shared activity and where to report, the first time a task that shares it waits.
  fileprivate let misuse: (shared: EffectActivity, report: FailureReporter)?

  /// Call once the wait is registered (or has found it need not wait), outside any lock: for a
  /// misuse, reports it at the effect's `.run` and ends the shared activity — it no longer
  /// holds time back, so the test fails now instead of waiting. After the registration, so
  /// that a clock that was waiting for the effect finds the sleeper when it moves on. O(1).
  package func begun() {
    guard let (shared, report) = misuse else { return }
    let site =
      shared.site ?? CallSite(fileID: "<unknown>", filePath: "<unknown>", line: 0, column: 0)
    report(site.failure(EffectActivity.sharedTaskMessage(site)))
    shared.end()
  }
}
