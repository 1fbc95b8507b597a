import Foundation
import Store

/// Reads and checks a log on a thread of its own while the caller applies what it has read, so
/// that on two cores reading and applying overlap.
///
/// The reading thread reads each line, checks its shape and its `seq`, and hands the action
/// lines over in batches through a queue that holds at most a few, so memory stays bounded
/// whatever the log's length. For an action type with a fast reader (`actions`), whichever
/// thread has time to spare decodes: a batch is decoded as it is read, straight from each
/// line's bytes, or — while the applying thread waits for work — its usual lines go over
/// unparsed, for that thread to decode. Otherwise the lines go over parsed (bytes and field
/// tables), and the caller decodes them. Batches come in order and end with how the log ended
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
    /// Whether the reading thread has checked the state already (`json` is then empty).
    var checked = false
  }

  /// How the log ended.
  enum End: Sendable {
    case finished(tornLine: Int?)
    case failed(ActionLogError)
    /// A snapshot's or the checkpoint's state, checked by the reading thread (see
    /// ``StateCheck``), is not a valid state: the state of the batch's last action.
    case failedAtState(ActionLogError)
  }

  /// Decodes and checks a snapshot's or the checkpoint's state on the reading thread, for a
  /// replay that does not compare states: the message for the state of `what` (`the snapshot's
  /// state`) when it is not a valid state, nil when it is. (A verifying replay decodes the states
  /// on the applying thread, to compare them.)
  typealias StateCheck = @Sendable (_ json: UnsafeBufferPointer<UInt8>) -> LogStateError?

  /// Parsed action lines, column by column: arrays of plain values, one line's bytes after the
  /// other's, so handing a batch over moves a few buffers rather than a thousand lines.
  struct Batch: Sendable {
    /// The action lines' bytes, one after another; line `i` ends at `byteEnds[i]`.
    var bytes: [UInt8] = []
    var byteEnds: [Int] = []
    /// The action lines' fields, one line's after another's; line `i`'s end at `fieldEnds[i]`.
    var fields: [LogField] = []
    var fieldEnds: [Int] = []
    /// Which fields of each line the reader has read already (`seq`, `src`, `fp`).
    var used: [UInt64] = []
    /// Where each usual line handed over unparsed (``appendUsual(_:)``) stands after its head;
    /// ``noHead`` for a parsed line; empty when there is none (up to the last usual one).
    var heads: [LogFieldReader.Head] = []
    /// Each action's seq, origin, line number in the log and recorded state fingerprint (0:
    /// none, and always 0 unless states are asked for).
    var entries: [Entry] = []
    /// Each action's logged summary, when asked for (traces); otherwise empty.
    var summaries: [String] = []
    var states: [StateLine] = []
    /// The batch's actions, decoded by the reading thread (an `[Action]`), when it had time to
    /// spare; nil when the applying thread is to decode them.
    var decoded: (any Sendable)?
    /// The batch's actions, decoded by the reading thread as it read them, when the replay
    /// asked for that (see ``ReplayPipeline/init(cursor:line:summaries:states:checkState:app:readerDecoding:actions:decoder:)``):
    /// then `bytes`, `fields` and the other line tables are empty.
    //
    // Why `nonisolated(unsafe)` is safe — check it in `read(…)` below: a batch's actions are
    // made by `newBatch()` on the reading thread and filled there; the reading thread then
    // calls `queue.put(batch)` and at once replaces `batch` with a new one, never touching the
    // old one again; the applying thread gets it only from `queue.take()`. `BatchQueue` hands
    // items over under its lock, so every write of the reading thread happens before every
    // read of the applying one, and the two never use one `ReplayActions` at the same time.
    nonisolated(unsafe) var actions: ReplayActions?
    /// Set on the last batch.
    var end: End?

    /// A batch for `capacity` actions; `actions`: their decoded actions, rather than their lines.
    init(capacity: Int, actions: ReplayActions? = nil) {
      self.actions = actions
      if actions == nil {
        bytes.reserveCapacity(capacity * 96)
        byteEnds.reserveCapacity(capacity)
        fields.reserveCapacity(capacity * 6)
        fieldEnds.reserveCapacity(capacity)
        used.reserveCapacity(capacity)
      }
      entries.reserveCapacity(capacity)
    }

    /// The number of action lines.
    var count: Int { entries.count }

    /// What the reading thread found on an action line, besides its action.
    struct Entry: Sendable {
      var seq: Int
      var line: Int
      var fingerprint: UInt64
      var origin: ActionOrigin
    }

    /// Makes `line` action line `index`, parsed, ready for ``LogCursor/decode(_:path:lineNumber:)``.
    func load(_ index: Int, into line: inout LogLine) {
      let bytesStart = index == 0 ? 0 : byteEnds[index - 1]
      let fieldsStart = index == 0 ? 0 : fieldEnds[index - 1]
      line.load(
        bytes: bytes[bytesStart..<byteEnds[index]], fields: fields[fieldsStart..<fieldEnds[index]],
        used: used[index])
    }

    /// Reads action line `index` in place with `reader`, with no copy, into `slot`: true when
    /// it did; false (`slot` left uninitialized) when `reader` leaves the line to
    /// ``load(_:into:)`` and ``LoggableAction/init(logLine:)``.
    func read<Action: LoggableAction>(
      _ index: Int, with reader: LogActionFastPath<Action>.Reader,
      into slot: UnsafeMutablePointer<Action>
    ) -> Bool {
      let bytesStart = index == 0 ? 0 : byteEnds[index - 1]
      return bytes.withUnsafeBufferPointer { bytes in
        let line = UnsafeBufferPointer(rebasing: bytes[bytesStart..<byteEnds[index]])
        // A usual line's head, read on the reading thread, is not read again.
        if index < heads.count, heads[index].position >= 0 {
          var fields = LogFieldReader(bytes: line, resuming: heads[index])
          return reader(&fields, slot)
        }
        // The cursor has checked the line's seq: any will do here.
        guard var fields = LogFieldReader(usualLine: line, after: nil) else { return false }
        return reader(&fields, slot)
      }
    }

    /// Whether action line `index` was handed over unparsed (``appendUsual(_:)``): its `seq`,
    /// `src` and fingerprint checked, the rest for the applying thread to read.
    func isUsual(_ index: Int) -> Bool {
      fieldEnds[index] == (index == 0 ? 0 : fieldEnds[index - 1])
    }

    /// Makes `line` the unparsed usual action line `index` (``isUsual(_:)``), for
    /// ``LogCursor/decodeUsual(_:seq:path:lineNumber:app:)``.
    func loadUsual(_ index: Int, into line: inout LogLine) {
      let bytesStart = index == 0 ? 0 : byteEnds[index - 1]
      line.load(bytes: bytes[bytesStart..<byteEnds[index]], fields: [], used: 0)
    }

    /// Adds a usual action line's bytes, unparsed: its `seq`, `src` and fingerprint checked by
    /// the cursor, its action for the applying thread to decode
    /// (``LogCursor/decodeUsual(_:seq:path:lineNumber:app:)`` when its fast reader leaves it).
    mutating func appendUsual(_ line: LogFieldReader) {
      if heads.count < count {
        heads.append(contentsOf: repeatElement(Self.noHead, count: count - heads.count))
      }
      heads.append(line.head)
      bytes.append(contentsOf: line.bytes)
      byteEnds.append(bytes.count)
      fieldEnds.append(fields.count)
      used.append(0)
    }

    /// A parsed line's place in `heads`.
    static let noHead = LogFieldReader.Head(position: -1, end: -1, actionStart: -1, actionEnd: -1)

    /// Adds the action line `line` holds, parsed and checked.
    mutating func append(_ line: LogLine) {
      // Appended from buffers: no retain of the line's arrays.
      line.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
      byteEnds.append(bytes.count)
      line.fields.withUnsafeBufferPointer { fields.append(contentsOf: $0) }
      fieldEnds.append(fields.count)
      used.append(line.used)
    }
  }

  /// Decodes every action of a full batch into an `[Action]`, using `line` as scratch space;
  /// nil if one of them does not decode (the applying thread then decodes them one by one and
  /// stops at that line with its error).
  typealias BatchDecoder = @Sendable (_ batch: Batch, _ line: inout LogLine) -> (any Sendable)?

  /// When the reading thread decodes a batch itself: a test hook (see
  /// `ActionLogReplayer.readerDecoding`).
  package enum ReaderDecoding: Sendable {
    /// When batches are waiting in the queue: the applying thread is behind. (For an action
    /// type with a fast reader: its batches decoded as they are read, or their usual lines
    /// handed over unparsed, by the same rule.)
    case whenBehind
    /// Every full batch (for tests), after parsing it.
    case always
    /// Never: the applying thread decodes everything (for tests).
    case never
    /// An action type with a fast reader: every batch decoded as it is read (for tests).
    case whileReading
    /// An action type with a fast reader: every batch's usual lines handed over unparsed
    /// (for tests).
    case handingOver

    func decodes(waiting: Int) -> Bool {
      switch self {
      case .whenBehind: waiting > 0
      case .always, .whileReading: true
      case .never, .handingOver: false
      }
    }
  }

  /// Lines a batch holds: large enough that handing over costs nothing per line, small enough
  /// that the queue's memory is a few hundred kilobytes.
  static var batchSize: Int { 1024 }
  private let queue = BatchQueue<Batch>(capacity: 4)

  /// Starts reading from `cursor` (which has read the header) on a new thread.
  ///
  /// - Parameters:
  ///   - summaries: also hand over each action's logged summary, for traces.
  ///   - states: hand over each action's state fingerprint and the JSON of snapshots and the
  ///     checkpoint, for `verify`. (Fingerprints are read and checked either way.)
  ///   - checkState: without `states`, decodes and checks each snapshot and the checkpoint
  ///     here, so that every mode refuses what `verify` would — on the reading thread, which
  ///     has time to spare while the applying thread decodes and applies.
  ///   - balancesStates: with `states` (and `checkState`), check a state here instead of
  ///     handing it over whenever batches are waiting — the applying thread is behind — and
  ///     mark it ``StateLine/checked``: for a replay that checks states but does not compare
  ///     them, so that whichever thread has time to spare does it.
  ///   - app: the program replaying, as a refused state's message names it.
  ///   - actions: decode every action on the reading thread, as it reads it, into these
  ///     (empty) and their ``ReplayActions/makeNext()`` for later batches: for an action type
  ///     with a fast reader, which reads a usual line straight from its bytes for less than
  ///     parsing it costs, so that this thread's share stays the smaller; the applying thread
  ///     then only applies. `decoder` is not used.
  ///   - decoder: decodes a batch on the reading thread when the applying thread is behind —
  ///     batches are waiting in the queue — so that neither thread idles while the other works,
  ///     whichever of parsing and applying is the heavier for the log at hand.
  init(
    cursor: LogCursor, line: LogLine, summaries: Bool, states: Bool,
    checkState: StateCheck? = nil, balancesStates: Bool = false, app: String = "program",
    readerDecoding: ReaderDecoding = .whenBehind, actions: ReplayActions? = nil,
    decoder: BatchDecoder? = nil
  ) {
    let queue = self.queue
    // Why `nonisolated(unsafe)` is safe: the caller makes `actions` for this call and keeps no
    // reference (ActionLogReplayer passes a new one); from here on only the reading thread
    // uses it, and only to make each batch's own with `makeNext()` (`newBatch()` in `read`).
    nonisolated(unsafe) let actions = actions
    let thread = Thread {
      Self.read(
        cursor, line, into: queue, summaries: summaries, states: states,
        checkState: !states || balancesStates ? checkState : nil, app: app, actions: actions,
        policy: readerDecoding, decoder: decoder.map { (readerDecoding, $0) })
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

  /// Reads on the reading thread, from its own copies of the cursor and line (the caller's are
  /// never used again, so the first write to a shared buffer copies it once).
  private static func read(
    _ cursor: LogCursor, _ line: LogLine, into queue: BatchQueue<Batch>,
    summaries: Bool, states: Bool, checkState: StateCheck?, app: String,
    actions: ReplayActions?, policy: ReaderDecoding, decoder: (ReaderDecoding, BatchDecoder)?
  ) {
    var cursor = cursor
    var line = line
    // Every mode checks what it reads: the cursor refuses a malformed fingerprint, and a state
    // is decoded and checked here (`checkState`) or on the applying thread (`states`).
    // Decoding while reading, a batch is decoded here, or — while the applying thread waits for
    // work — handed over with its usual lines unparsed, for that thread to decode: whichever
    // thread has time to spare does the decoding.
    // Traces want each line's summary, which needs it parsed: no reading straight from bytes.
    let readsUsualLines = !summaries
    func newBatch() -> Batch {
      guard let actions, !readsUsualLines || policy.decodes(waiting: queue.count) else {
        return Batch(capacity: batchSize)
      }
      return Batch(capacity: batchSize, actions: actions.makeNext())
    }
    var batch = newBatch()
    // Whether this batch's usual action lines go over unparsed (``Batch/appendUsual(_:)``).
    var handsOverUsual = actions != nil && batch.actions == nil
    func appendState(_ seq: Int, _ json: Range<Int>, isCheckpoint: Bool) throws(StateProblem) {
      // With `states` too (balancing), only while the applying thread is behind.
      let checksHere = checkState != nil && (!states || queue.count > 0)
      if checksHere, let checkState {
        let what = isCheckpoint ? "the checkpoint's state" : "the snapshot's state"
        if let problem = line.bytes.withUnsafeBufferPointer({
          checkState(UnsafeBufferPointer(rebasing: $0[json]))
        }) {
          let column = problem.column(
            inStateAt: line.column(ofByte: json.lowerBound), json: line.bytes[json])
          throw StateProblem(
            error: ActionLogError(
              .badLog, file: cursor.path, line: cursor.lineNumber, column: column,
              problem.message(for: what, app: app)))
        }
      }
      let handsOver = states && !checksHere
      batch.states.append(
        StateLine(
          position: batch.count, seq: seq, json: handsOver ? Array(line.bytes[json]) : [],
          isCheckpoint: isCheckpoint, line: cursor.lineNumber,
          column: handsOver ? line.column(ofByte: json.lowerBound) : 1, checked: checksHere))
    }
    do throws(ActionLogError) {
      while let (kind, decoded) = try next() {
        switch kind {
        case .action(let seq, let origin, let fingerprint, _):
          // The summary first: decoding marks the line's fields read.
          if summaries { batch.summaries.append(line.summary) }
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
              seq: seq, line: cursor.lineNumber, fingerprint: states ? fingerprint ?? 0 : 0,
              origin: origin))
        case .snapshot(let seq, let json):
          do { try appendState(seq, json, isCheckpoint: false) } catch { return end(error) }
        case .checkpoint(let seq, let json):
          do { try appendState(seq, json, isCheckpoint: true) } catch { return end(error) }
        case .call:
          continue  // answers for an emitted test: a replay has every effect's action already
        }
        if batch.count == batchSize {
          if batch.actions == nil, let (policy, decode) = decoder,
            policy.decodes(waiting: queue.count)
          {
            batch.decoded = decode(batch, &line)
          }
          guard queue.put(batch) else { return }  // nobody is reading any more
          batch = newBatch()
          handsOverUsual = actions != nil && batch.actions == nil
        }
      }
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
      if readsUsualLines, handsOverUsual {
        return try cursor.next(
          &line,
          readingActionsWith: { reader in
            batch.appendUsual(reader)
            return true
          })
      }
      return try cursor.next(&line).map { ($0, false) }
    }

    /// Hands over the batch, ended by a state that is not valid.
    func end(_ problem: StateProblem) {
      batch.end = .failedAtState(problem.error)
      _ = queue.put(batch)
    }
  }

  /// A snapshot's or the checkpoint's state that is not valid.
  private struct StateProblem: Error {
    let error: ActionLogError
  }
}
