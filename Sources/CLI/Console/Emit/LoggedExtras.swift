import ActionLog
import Store

/// What a log holds beside its actions, read in step with them: each action's time on the app's
/// clock and the dependency calls answered after it — what an emitted test advances its clock to
/// and answers. It reads the log a line ahead of the steps at most, so memory holds the calls
/// between two actions, never the log's.
///
/// ```swift
/// var extras = try LoggedExtras(input, app: "todos")
/// let before = extras.calls(after: 0)       // answered before the first action
/// let time = extras.clock(of: 1)            // action 1's time
/// let answered = extras.calls(after: 1)     // answered after it
/// ```
///
/// Asked in the log's order — `calls(after: 0)`, then for each action `clock(of:)` and
/// `calls(after:)` — each line is read once. A line that cannot be read ends the reading, and
/// ``failure`` says why (a log checked by a replay before cannot have one, unless it changed).
package struct LoggedExtras {
  /// Whether the log's actions carry their times (its header has ``LogRecords/clock``).
  package let timed: Bool
  /// Why reading stopped early, if it did (shared by every copy: a script holds one).
  package var failure: ActionLogError? { failed.error }
  private let failed = ReadFailure()
  private var cursor: LogCursor?
  private var line = LogLine()
  /// The last action line read, and its time.
  private var current = (seq: 0, clock: Duration?.none)
  /// The calls read after it.
  private var callsAfterCurrent: [LoggedCall] = []
  /// The action line after those calls, once read.
  private var next: (seq: Int, clock: Duration?)?

  /// Reads `input` from its start; `app` names the program in what a failure says.
  package init(_ input: LogInput, app: String) throws(ActionLogError) {
    let cursor = try LogCursor(input: input, app: app, line: &line)
    timed = cursor.header.records.contains(.clock)
    self.cursor = cursor
  }

  /// The time of action `seq`, reading on to its line.
  package mutating func clock(of seq: Int) -> Duration? {
    while current.seq < seq {
      if next == nil { readUntilNextAction() }
      guard let reached = next else { return nil }
      current = reached
      next = nil
      callsAfterCurrent = []
    }
    return current.seq == seq ? current.clock : nil
  }

  /// The calls answered after action `seq` (0: before the first), in the log's order: those
  /// between its line and the next action's.
  package mutating func calls(after seq: Int) -> [LoggedCall] {
    if seq > 0 { _ = clock(of: seq) }
    guard current.seq == seq else { return [] }
    if next == nil { readUntilNextAction() }
    defer { callsAfterCurrent = [] }
    return callsAfterCurrent
  }

  /// Reads lines up to the next action's, noting the calls on the way.
  private mutating func readUntilNextAction() {
    guard var reading = cursor else { return }
    cursor = nil
    do {
      while let kind = try reading.next(&line) {
        switch kind {
        case .action(let seq, _, _, let clock):
          reading.accept(seq: seq)
          next = (seq, clock)
          cursor = reading
          return
        case .call(let call):
          callsAfterCurrent.append(call)
        case .snapshot, .checkpoint:
          break
        }
      }
    } catch {
      failed.note(error)
    }
  }
}
