extension EffectActivity {
  /// The name of every task that runs with an activity of its own: an effect's task, and each
  /// child an ``EffectTaskGroup`` adds. Task names are not inherited, so a task that runs under
  /// an activity without this name shares it — a child of a plain task group or an `async let`
  /// inside the effect, or a `Task` the effect started.
  package static let ownTaskName = "Uniflow effect task"

  /// The activity to park while the current task waits for the test (sleeps on a test clock,
  /// waits for an `Answers` call), if it runs under one.
  ///
  /// Only the activity's own task may park it (or any task, once it has ended): from a task that
  /// shares it, parking would tell
  /// the test the whole effect waits while its other tasks still run, so a clock would move on
  /// before they sleep (a wrong order, a lost action) and wait `settleTimeout` for one that ends
  /// after it was woken. So, from such a task, this calls `report` the first time with the
  /// failure that says what to write instead (at the effect's `.run`), ends the activity — it no
  /// longer holds time back: the test fails now instead of waiting — and returns nil.
  ///
  /// ```swift
  /// let activity = EffectActivity.toPark(reporting: reportToTestFramework)
  /// activity?.park()
  /// ```
  package static func toPark(reporting report: (TestFailure) -> Void) -> EffectActivity? {
    guard let activity = current else { return nil }
    // Once the effect has ended, its activity holds nothing back: a task it left behind is
    // the late send's business, which the store reports.
    if Task.name == ownTaskName || activity.hasEnded { return activity }
    let first = activity.sharedWaitReported.withLock { reported in
      defer { reported = true }
      return !reported
    }
    if first {
      let site =
        activity.site ?? CallSite(fileID: "<unknown>", filePath: "<unknown>", line: 0, column: 0)
      report(site.failure(sharedTaskMessage(site)))
      activity.end()
    }
    return nil
  }

  /// What ``toPark(reporting:)`` reports.
  package static func sharedTaskMessage(_ site: CallSite) -> String {
    "A child task of the effect \(site.effectDescription) waited for the test (a sleep on a "
      + "test clock, an `Answers` call), but the test follows that effect as one task: it "
      + "cannot tell when the effect's other tasks wait too, so it would move time on before "
      + "they sleep. To fix, start the children with `withEffectTaskGroup(of:)` instead of "
      + "`withTaskGroup`, `withThrowingTaskGroup` or `async let`: it gives each child its own "
      + "place in the clock's order. (Sleeping in a `Task` the effect starts has the same "
      + "problem: await the work in the effect instead.)"
  }
}
