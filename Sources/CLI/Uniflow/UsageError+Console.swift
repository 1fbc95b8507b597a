import Console

extension UsageError {
  /// The same error, for uniflow.
  init(_ error: ArgumentError) {
    self.init(error.message)
  }
}
