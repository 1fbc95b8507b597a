extension Store {
  /// Where each live effect task of this root store was started (its `.run`, `debounce` or
  /// `throttle`) and its activity, oldest first: an effect property names the one that blocks.
  package var liveEffectTasks: [(site: CallSite?, activity: EffectActivity?)] {
    executor.liveTasks.map { ($0.site, $0.activity) }
  }

  /// Sends the misuse this store's effects commit (an error no one handled, a send after the
  /// effect finished) to `report` instead of standard error.
  package func reportEffectMisuse(to report: @escaping @MainActor (TestFailure) -> Void) {
    executor.reportMisuse = report
  }

  /// Hands every `.run` effect this store starts to `hold` instead of starting it: its activity
  /// (parked) and the closure that starts it, which `hold` calls when it chooses. The effect is
  /// registered (a cancel finds it) from the start; started after a cancel, it ends at once.
  package func holdEffectStarts(
    _ hold: @escaping @MainActor (EffectActivity, @escaping @MainActor () -> Void) -> Void
  ) {
    EffectTracking.install()  // a held effect parks its activity until it starts
    executor.holdStart = hold
  }
}
