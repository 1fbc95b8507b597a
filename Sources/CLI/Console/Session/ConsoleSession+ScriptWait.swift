import Store

/// How long a script line's effects may run before the console says why it has not read the
/// next line, on which clock: 20 seconds of the continuous clock, a `TestClock`'s in tests.
/// Only a person watching a terminal's standard error is told: a pipe or a file gets the same
/// lines however slow the machine.
package struct ScriptWait: Sendable {
  package var after: Duration
  package var clock: any Clock<Duration>

  package init(after: Duration = .seconds(20), clock: any Clock<Duration> = ContinuousClock()) {
    self.after = after
    self.clock = clock
  }
}

extension ConsoleSession {
  /// Waits until the effects of the script line `number` have ended, as script mode does after
  /// every line; if they are still running after ``ScriptWait/after``, says so once on the
  /// error stream — which effects, and that one which never ends keeps the script waiting — and
  /// goes on waiting. The exit status is not changed by it.
  @usableFromInline
  func settleSaying(line number: Int) async {
    guard store.runningEffects > 0, let wait = scriptWait else { return await store.settle() }
    let notice = Task { [weak self] in
      try await wait.clock.sleep(for: wait.after)
      self?.sayWhyWaiting(line: number, after: wait.after)
    }
    await store.settle()
    notice.cancel()
  }

  /// The notice: the line, how long, the effects still running by where they were started.
  func sayWhyWaiting(line number: Int, after: Duration) {
    let sites = store.liveEffectTasks.compactMap { $0.site?.effectDescription }
    guard !sites.isEmpty else { return }
    let effects = sites.count == 1 ? "1 effect" : "\(sites.count) effects"
    console.problem(
      Problem(
        message: "still waiting after \(after) for \(effects) to end before reading line "
          + "\(number + 1): \(sites.joined(separator: ", ")). Script mode reads a line once the "
          + "effects of the line before have ended; one that does not end on its own (a timer "
          + "a later line would stop) keeps it waiting: give it an end, or run the app at a "
          + "terminal, where the prompt does not wait (docs/console.md)",
        line: number))
  }
}
