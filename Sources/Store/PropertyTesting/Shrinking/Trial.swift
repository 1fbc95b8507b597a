import Store

/// One run of a generator and a property on a choice sequence: what happened, and the choices and
/// spans the generator recorded on the way.
struct Trial {
  enum Status: Equatable {
    case passed
    /// The property failed, saying why.
    case failed(String)
    /// The property skipped the input (``assume(_:fileID:line:)``), at this site.
    case discarded(String)
    /// The generator made no value: a filter gave up; the text names it and its tries.
    case rejected(String)
    /// The generator made no value: it made too many choices.
    case overrun
  }

  var status: Status
  var choices: [Choice]
  var spans: [Span]
  /// The indices of `choices`.
  let indices: [UInt64]
  let key: SimplicityKey
  var hints: (() -> [Range<Int>])?
  /// Simpler encodings of parts of the value, proposed by the generators.
  let rewrites: [Rewrite]
  /// The value the generator made, when the engine keeps it (the shrinker's trials).
  var value: Any?

  init(status: Status, draws: Draws) {
    self.status = status
    self.choices = draws.choices
    self.spans = draws.spans
    self.indices = draws.choices.map(\.index)
    self.key = SimplicityKey(rank: draws.rank, indices: indices)
    self.hints = draws.hints
    self.rewrites = draws.rewrites
  }

  var failed: Bool {
    if case .failed = status { return true }
    return false
  }

  var failureMessage: String? {
    if case .failed(let message) = status { return message }
    return nil
  }

  /// What an ``Status/overrun`` is called where skipped inputs are counted or reported.
  static let overrunReason = "the generator made too many choices"
}
