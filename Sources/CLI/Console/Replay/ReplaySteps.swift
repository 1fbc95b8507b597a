import ActionLog
import Store

/// The actions of a log as ``ReplayStep``s, read from the log each time they are iterated, one
/// line at a time: what `replay --diff`, `--skip` and `--emit-test` present once a first replay
/// has checked the whole log, in memory that does not grow with it.
///
/// ```swift
/// let steps: ReplaySteps<AppAction> = app.actionLogCoding.codec.steps(input, app: "uniflow", until: nil)
/// for step in steps { print(step.seq, step.summary) }
/// if let failure = steps.failure { throw failure }
/// ```
///
/// `input` must be readable more than once (``LogInput/isRereadable``). A log that changed
/// since it was checked can still fail: the iteration then ends, and ``failure`` says why.
package struct ReplaySteps<Action>: Sequence {
  /// Reads the step of the action line `line` holds, given its seq and origin.
  package typealias ReadStep = (inout LogCursor, inout LogLine, Int, ActionOrigin)
    throws(ActionLogError) -> ReplayStep<Action>

  private let input: LogInput
  private let app: String
  private let until: Int?
  private let read: ReadStep
  private let failed = ReadFailure()

  /// The steps of `input` up to action `until` (all of them when nil), each read by `read` (a
  /// codec's: ``ActionLogCodec/steps(_:app:until:)``); `app` names the program in what a
  /// failure says.
  package init(_ input: LogInput, app: String, until: Int?, read: @escaping ReadStep) {
    precondition(input.isRereadable, "ReplaySteps reads its log more than once")
    self.input = input
    self.app = app
    self.until = until
    self.read = read
  }

  /// Why an iteration ended before the log did, if one has.
  package var failure: ActionLogError? { failed.error }

  package func makeIterator() -> Iterator {
    Iterator(input: input, app: app, until: until ?? .max, read: read, failed: failed)
  }

  /// Reads the next action line of the log at a time.
  package struct Iterator: IteratorProtocol {
    private var cursor: LogCursor?
    private var line = LogLine()
    private let until: Int
    private let read: ReadStep
    private let failed: ReadFailure

    fileprivate init(
      input: LogInput, app: String, until: Int, read: @escaping ReadStep, failed: ReadFailure
    ) {
      self.until = until
      self.read = read
      self.failed = failed
      do {
        cursor = try LogCursor(input: input, app: app, line: &line)
      } catch {
        failed.note(error)
      }
    }

    package mutating func next() -> ReplayStep<Action>? {
      guard var reading = cursor else { return nil }
      cursor = nil
      do {
        while let kind = try reading.next(&line) {
          guard case .action(let seq, let origin, _, let clock) = kind else { continue }
          let read = try read(&reading, &line, seq, origin)
          let step = ReplayStep(
            seq: seq, origin: origin, action: read.action, summary: read.summary,
            cause: reading.lastCause, clock: clock)
          if seq < until { cursor = reading }
          return step
        }
      } catch {
        failed.note(error)
      }
      return nil
    }
  }
}

/// The first failure of a reading of a log that goes on as it is iterated (``ReplaySteps``,
/// ``LoggedExtras``), shared by every copy of what reads: an iterator or a script is a value
/// the caller no longer holds once it is handed over.
final class ReadFailure {
  private(set) var error: ActionLogError?

  /// Keeps `error` unless one came first.
  func note(_ error: ActionLogError) {
    self.error = self.error ?? error
  }
}
