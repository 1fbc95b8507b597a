import Store

/// A state that checks itself when it is read from an action log — a header, a snapshot, the
/// checkpoint, or a state an action carries — so that a log can hold only states its app could
/// have recorded. A state that is not `LogValidatable` is read as it is decoded.
///
/// ```swift
/// extension CounterState: LogValidatable {
///   public var logProblem: String? {
///     count >= 0 ? nil : "count is \(count), less than none"
///   }
/// }
/// // replay: s.log:1: the header's state is invalid: count is -3, less than none
/// ```
public protocol LogValidatable {
  /// Why this state, just read from a log, is not one the app could have recorded — naming the
  /// field, e.g. `clock.anchor is after the year 9999` — or nil when it is.
  var logProblem: String? { get }
}
