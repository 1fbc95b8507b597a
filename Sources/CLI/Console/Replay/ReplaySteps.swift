import ActionLog
import Store

/// The actions of a log as ``ReplayStep``s, read from the log each time they are iterated, one
/// line at a time: what `replay --diff`, `--skip` and `--emit-test` present once a first replay
/// has checked the whole log, in memory that does not grow with it.
///
/// ```swift
/// let steps = ReplaySteps<AppAction>(input, app: "uniflow", until: nil)
/// for step in steps { print(step.seq, step.summary) }
/// if let failure = steps.failure { throw failure }
/// ```
///
/// `input` must be readable more than once (``LogInput/isRereadable``). A log that changed
/// since it was checked can still fail: the iteration then ends, and ``failure`` says why.
package struct ReplaySteps<Action: LoggableAction>: Sequence {
  private let input: LogInput
  private let app: String
  private let until: Int?
  private let failed = FailureNote()

  /// The steps of `input` up to action `until` (all of them when nil); `app` names the program
  /// in what a failure says.
  package init(_ input: LogInput, app: String, until: Int?) {
    precondition(input.isRereadable, "ReplaySteps reads its log more than once")
    self.input = input
    self.app = app
    self.until = until
  }

  /// Why an iteration ended before the log did, if one has.
  package var failure: ActionLogError? { failed.error }

  package func makeIterator() -> Iterator {
    Iterator(input: input, app: app, until: until ?? .max, failed: failed)
  }

  /// Reads the next action line of the log at a time.
  package struct Iterator: IteratorProtocol {
    private var cursor: LogCursor?
    private var line = LogLine()
    private let until: Int
    private let failed: FailureNote

    fileprivate init(input: LogInput, app: String, until: Int, failed: FailureNote) {
      self.until = until
      self.failed = failed
      do {
        cursor = try LogCursor(input: input, app: app, line: &line)
      } catch {
        failed.error = failed.error ?? error
      }
    }

    package mutating func next() -> ReplayStep<Action>? {
      guard var reading = cursor else { return nil }
      cursor = nil
      do {
        while let kind = try reading.next(&line) {
          guard case .action(let seq, let origin, _, _) = kind else { continue }
          // The summary first: decoding marks the line's fields read.
          let summary = line.summary
          let action: Action = try reading.action(&line, seq: seq)
          if seq < until { cursor = reading }
          return ReplayStep(seq: seq, origin: origin, action: action, summary: summary)
        }
      } catch {
        failed.error = failed.error ?? error
      }
      return nil
    }
  }
}

/// The first failure of any iteration of a ``ReplaySteps``.
private final class FailureNote {
  var error: ActionLogError?
}
