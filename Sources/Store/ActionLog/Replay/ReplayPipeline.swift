import Foundation
import Store

/// Reads and checks a log on a thread of its own while the caller applies what it has read, so
/// that on two cores reading and applying overlap.
///
/// The reading thread reads each line, checks its shape and its `seq`, and hands the action
/// lines over in batches through a queue that holds at most a few, so memory stays bounded
/// whatever the log's length. Whichever thread has time to spare decodes: a batch is decoded as
/// it is read, each usual line in place (``LogLine/readInPlace(_:into:)``), or — while the
/// applying thread waits for work — its usual lines go over unparsed, for that thread to read in
/// place. Lines that are not of the usual shape go over parsed (bytes and field tables) when
/// the batch is not decoded here. Batches come in order and end with how the log ended
/// (its end, or the error at the line where it went wrong), and actions are applied in order,
/// so a replay stops at exactly the line, with exactly the words, a single-threaded reading
/// would.
///
/// ```swift
/// let pipeline = ReplayPipeline(cursor: cursor, line: line, summaries: false, states: true)
/// while let batch = pipeline.next() {
///   for index in 0..<batch.count {
///     batch.load(index, into: &line)
///     let action: AppAction = try LogCursor.decode(&line, path: path,
///                                                  lineNumber: batch.entries[index].line)
///   }   // batch.states fall between the actions
/// }
/// ```
package final class ReplayPipeline: Sendable {
  /// A snapshot or the checkpoint, after the batch's first `position` actions: the state's JSON
  /// and the line it is on.
  struct StateLine: Sendable {
    var position: Int
    var seq: Int
    var json: [UInt8]
    var isCheckpoint: Bool
    var line: Int
    /// The column where `json` begins in its line.
    var column: Int
  }

  /// How the log ended.
  enum End: Sendable {
    case finished(tornLine: Int?)
    case failed(ActionLogError)
  }

  /// Who decodes a batch's actions.
  enum Policy: Sendable {
    /// The reading thread as it reads, while the applying thread is behind (at least
    /// ``behind`` batches wait in the queue); otherwise the applying thread, from the usual
    /// lines handed over unparsed.
    case whenBehind
    /// The reading thread, every batch (``ReplayTestMode/decodingWhileReading``).
    case always
    /// The applying thread, every batch's usual lines handed over (``ReplayTestMode/handingOver``).
    case handingOver
    /// No line read in place: each parsed on the reading thread and decoded by the applying
    /// thread from its fields (``ReplayTestMode/parsingEveryLine``).
    case parsing

    init(_ mode: ReplayTestMode?) {
      switch mode {
      case nil: self = .whenBehind
      case .decodingWhileReading: self = .always
      case .handingOver: self = .handingOver
      case .parsingEveryLine: self = .parsing
      }
    }

    /// How many waiting batches mean the applying thread is behind: half the queue. With one,
    /// the reading thread took up decoding — the larger part of the work — as soon as a single
    /// batch waited, fell behind at once, and the applying thread then waited for it (the
    /// figures are in docs/performance.md).
    static var behind: Int { ReplayPipeline.queueCapacity / 2 }

    func decodes(waiting: Int) -> Bool {
      switch self {
      case .whenBehind: waiting >= Self.behind
      case .always: true
      case .handingOver, .parsing: false
      }
    }
  }

  /// Lines a batch holds: large enough that handing over costs nothing per line, small enough
  /// that the queue's memory is a few hundred kilobytes.
  static var batchSize: Int { 1024 }
  private let queue = BatchQueue<Batch>(capacity: queueCapacity)
  private let spares = Spares(queueCapacity: queueCapacity)
  /// How many batches the queue holds, at most.
  static let queueCapacity = 4
  /// How many batches the reading thread has made so far (not counting those it refilled).
  var batchesMade: Int { spares.made }

  /// Starts reading from `cursor` (which has read the header) on a new thread.
  ///
  /// - Parameters:
  ///   - summaries: also hand over each action's logged summary, for traces.
  ///   - states: hand over each action's state fingerprint, for `verify`. (Fingerprints are
  ///     read and checked either way; snapshots and the checkpoint always go over, for the
  ///     applying thread to check against the state it has replayed.)
  ///   - app: the program replaying, as a refused state's message names it.
  ///   - policy: who decodes (``Policy``).
  ///   - actions: where the reading thread decodes a batch's actions, empty, and its
  ///     ``ReplayActions/makeNext()`` for later batches.
  init(
    cursor: LogCursor, line: LogLine, summaries: Bool, states: Bool, app: String = "program",
    policy: Policy = .whenBehind, actions: ReplayActions
  ) {
    let queue = self.queue
    let spares = self.spares
    // Why `nonisolated(unsafe)` is safe: the caller makes `actions` for this call and keeps no
    // reference (ActionLogReplayer passes a new one); from here on only the reading thread
    // uses it, and only to make each batch's own with `makeNext()` (`newBatch()` in `read`).
    nonisolated(unsafe) let actions = actions
    let thread = Thread {
      Self.read(
        cursor, line, into: queue, recycling: spares, summaries: summaries, states: states,
        app: app, actions: actions, policy: policy)
    }
    thread.name = "uniflow.replay.reader"
    thread.start()
  }

  deinit {
    queue.close()  // a reader still running (replay stopped at --until) stops at its next batch
  }

  /// The next batch, in log order; nil after the last one.
  func next() -> Batch? {
    queue.take()
  }

  /// Gives a batch the caller has applied back to the reading thread, to fill again with its
  /// buffers as they are, leaving an empty one in its place: a copy kept would make the
  /// reading thread copy the buffers rather than reuse them.
  func recycle(_ batch: inout Batch) {
    guard batch.end == nil else { return }
    var spent = Batch(capacity: 0)
    swap(&spent, &batch)
    spares.put(consume spent)
  }

  /// Reads on the reading thread, from its own copies of the cursor and line (the caller's are
  /// never used again, so the first write to a shared buffer copies it once).
  private static func read(
    _ cursor: LogCursor, _ line: LogLine, into queue: BatchQueue<Batch>, recycling spares: Spares,
    summaries: Bool, states: Bool, app: String, actions: ReplayActions, policy: Policy
  ) {
    var cursor = cursor
    var line = line
    // Every mode checks what it reads: the cursor refuses a malformed fingerprint, and the
    // applying thread checks every state against the one it replayed.
    // Decoding while reading, a batch is decoded here, or — while the applying thread waits for
    // work — handed over with its usual lines unparsed, for that thread to decode: whichever
    // thread has time to spare does the decoding.
    // Traces want each line's summary, which needs it parsed: no reading in place.
    let readsUsualLines = !summaries && policy != .parsing
    // A recycled batch's actions while batches go over without (handing lines over).
    var idleActions: ReplayActions?
    func newBatch() -> Batch {
      let decodesHere =
        policy != .parsing && (!readsUsualLines || policy.decodes(waiting: queue.count))
      guard var batch = spares.take() else {
        guard decodesHere else { return Batch(capacity: batchSize) }
        return Batch(capacity: batchSize, actions: actions.makeNext())
      }
      if decodesHere, batch.actions == nil {
        batch.actions = idleActions.take() ?? actions.makeNext()
      } else if !decodesHere, batch.actions != nil {
        idleActions = batch.actions.take()
      }
      return batch
    }
    var batch = newBatch()
    // Whether this batch's usual action lines go over unparsed (``Batch/appendUsual(_:)``).
    var handsOverUsual = readsUsualLines && batch.actions == nil
    func appendState(_ seq: Int, _ json: Range<Int>, isCheckpoint: Bool) {
      batch.states.append(
        StateLine(
          position: batch.count, seq: seq, json: Array(line.bytes[json]),
          isCheckpoint: isCheckpoint, line: cursor.lineNumber,
          column: line.column(ofByte: json.lowerBound)))
    }
    do throws(ActionLogError) {
      while let (kind, decoded) = try next() {
        switch kind {
        case .action(let seq, let origin, let fingerprint, let clock):
          if !cursor.effects.isEmpty {
            for event in cursor.takeEffects() { batch.effects.append((batch.count, event)) }
          }
          // The summary first: decoding marks the line's fields read.
          if summaries {
            batch.summaries.append(line.summary)
            batch.causes.append(cursor.lastCause)
            batch.clocks.append(clock)
          }
          if let actions = batch.actions {
            if !decoded {
              try actions.decode(&line, path: cursor.path, lineNumber: cursor.lineNumber, app: app)
            }
          } else if !decoded {
            batch.append(line)
          }
          cursor.accept(seq: seq)
          batch.entries.append(
            Batch.Entry(
              seq: seq, line: cursor.lineNumber, fingerprint: states ? fingerprint : nil,
              origin: origin))
        case .snapshot(let seq, let json):
          appendState(seq, json, isCheckpoint: false)
        case .checkpoint(let seq, let json):
          appendState(seq, json, isCheckpoint: true)
        case .call:
          continue  // answers for an emitted test: a replay has every effect's action already
        }
        if batch.count == batchSize {
          guard queue.put(batch) else { return }  // nobody is reading any more
          batch = newBatch()
          handsOverUsual = readsUsualLines && batch.actions == nil
        }
      }
      for event in cursor.takeEffects() { batch.effects.append((batch.count, event)) }
      batch.end = .finished(tornLine: cursor.tornLine)
    } catch {
      batch.end = .failed(error)
    }
    _ = queue.put(batch)

    /// The next line, read straight from its bytes by the batch's actions when it can be.
    func next() throws(ActionLogError) -> (kind: LogCursor.Kind, decoded: Bool)? {
      if readsUsualLines, let actions = batch.actions {
        return try cursor.next(&line, readingActionsWith: { actions.read(&$0) })
      }
      if handsOverUsual {
        return try cursor.next(
          &line,
          readingActionsWith: { reader in
            batch.appendUsual(reader)
            return true
          })
      }
      return try cursor.next(&line).map { ($0, false) }
    }
  }
}
