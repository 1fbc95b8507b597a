extension TestStore {
  /// Cancels every running effect, as ``Store/cancelAllEffects()`` does for an app that steps
  /// outside its reducers (time travel restoring an earlier state, say): nothing they send
  /// afterwards reaches the store, and ``finish(timeout:fileID:filePath:line:column:)`` no
  /// longer waits for them.
  ///
  /// ```swift
  /// await store.send(.reload) { $0.isLoading = true; $0.request = 1 }
  /// store.cancelAllEffects()   // the app travelled back: its reload never answers
  /// await store.send(.restored(earlier)) { $0 = earlier }
  /// await store.finish()
  /// ```
  public func cancelAllEffects() {
    core.cancelAllEffects()
    updateLedger()
  }
}
