import ActionLog
import Features

extension AppState: LogValidatable {
  /// The first field outside ``ValueRanges`` (``AppState/rangeProblem``): a state read from a
  /// log — its header, a snapshot, the checkpoint, a `restored` action — must be one the app
  /// could have reached.
  ///
  /// ```swift
  /// // replay: s.log:1: the header's state is invalid: clock.anchor is after the year 9999
  /// ```
  public var logProblem: String? { rangeProblem?.description }
}

extension RangeProblem: LogValidatable {
  /// The problem itself: thrown while decoding (two dogs with one name ignoring case, which
  /// ``DogState`` cannot hold), it reads as the range check after decoding would have.
  ///
  /// ```swift
  /// // replay: s.log:3: the snapshot's state is invalid: dog.dogs[1].name is not allowed: …
  /// ```
  public var logProblem: String? { description }
}
