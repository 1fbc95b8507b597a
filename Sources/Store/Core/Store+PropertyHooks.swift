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
}
