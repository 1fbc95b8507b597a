import Foundation

/// Reads and decodes a log on a thread of its own while the caller applies what it has decoded:
/// parsing is about half of a replay's work, so on two cores the two halves overlap.
///
/// The reading thread hands over batches of decoded lines through a queue that holds at most a
/// few batches, so memory stays bounded whatever the log's length, and it hands them over in
/// order, ending with how the log ended (its end, or the error at the line where it went wrong),
/// so a replay sees exactly what a single-threaded reading would.
///
/// ```swift
/// let pipeline = ReplayPipeline<AppAction>(cursor: cursor, line: line, summaries: false,
///                                         states: true)
/// while let batch = pipeline.next() {
///   for (seq, action) in zip(batch.seqs, batch.actions) { … }   // batch.states fall between
/// }
/// ```
final class ReplayPipeline<Action: LoggableAction>: Sendable {
  /// A snapshot or the checkpoint, after the batch's first `position` actions: the state's JSON
  /// (empty unless asked for) and the line it is on.
  struct StateLine: Sendable {
    var position: Int
    var seq: Int
    var json: [UInt8]
    var isCheckpoint: Bool
    var line: Int
  }

  /// How the log ended.
  enum End: Sendable {
    case finished(tornLine: Int?)
    case failed(ActionLogError)
  }

  /// Decoded lines, column by column: arrays of plain values rather than an array of enum
  /// cases, whose generic payloads cost a metadata lookup per line in this unspecialised code.
  struct Batch: Sendable {
    var actions: [Action] = []
    var seqs: [Int] = []
    var origins: [ActionOrigin] = []
    /// Each action's logged summary, when asked for (traces); otherwise empty.
    var summaries: [String] = []
    /// Each action's recorded state fingerprint (0: none), when states are asked for (verify);
    /// otherwise empty.
    var fingerprints: [UInt64] = []
    /// Each action's line number, when states are asked for (verify); otherwise empty.
    var lines: [Int] = []
    var states: [StateLine] = []
    /// Set on the last batch.
    var end: End?

    init(capacity: Int) {
      actions.reserveCapacity(capacity)
      seqs.reserveCapacity(capacity)
      origins.reserveCapacity(capacity)
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
  ///   - states: hand over the JSON of snapshots and the checkpoint, for `verify`.
  init(cursor: LogCursor, line: LogLine, summaries: Bool, states: Bool) {
    let queue = self.queue
    let thread = Thread {
      Self.read(cursor, line, into: queue, summaries: summaries, states: states)
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
    summaries: Bool, states: Bool
  ) {
    var cursor = cursor
    var line = line
    cursor.readsFingerprints = states
    var batch = Batch(capacity: batchSize)
    func appendState(_ seq: Int, _ json: Range<Int>, isCheckpoint: Bool) {
      batch.states.append(
        StateLine(
          position: batch.actions.count, seq: seq, json: states ? Array(line.bytes[json]) : [],
          isCheckpoint: isCheckpoint, line: cursor.lineNumber))
    }
    do throws(ActionLogError) {
      while let kind = try cursor.next(&line) {
        switch kind {
        case .action(let seq, let origin, let fingerprint):
          let action: Action = try cursor.action(&line, seq: seq)
          batch.actions.append(action)
          batch.seqs.append(seq)
          batch.origins.append(origin)
          if summaries { batch.summaries.append(line.summary) }
          if states {
            batch.fingerprints.append(fingerprint ?? 0)
            batch.lines.append(cursor.lineNumber)
          }
        case .snapshot(let seq, let json):
          appendState(seq, json, isCheckpoint: false)
        case .checkpoint(let seq, let json):
          appendState(seq, json, isCheckpoint: true)
        }
        if batch.actions.count == batchSize {
          guard queue.put(batch) else { return }  // nobody is reading any more
          batch = Batch(capacity: batchSize)
        }
      }
      batch.end = .finished(tornLine: cursor.tornLine)
    } catch {
      batch.end = .failed(error)
    }
    _ = queue.put(batch)
  }
}

/// A first-in, first-out queue of at most `capacity` items between one producing and one
/// consuming thread; `close()` ends it from either side.
private final class BatchQueue<Item: Sendable>: Sendable {
  private struct Contents: Sendable {
    var items: [Item] = []
    var closed = false
  }

  private let contents = Locked(Contents())
  private let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// Adds `item`, waiting while the queue is full. False if the queue was closed.
  func put(_ item: Item) -> Bool {
    contents.withLock(when: { $0.items.count < capacity || $0.closed }) { contents in
      guard !contents.closed else { return false }
      contents.items.append(item)
      return true
    }
  }

  /// The oldest item, waiting while the queue is empty. Nil once it is closed and empty.
  func take() -> Item? {
    contents.withLock(when: { !$0.items.isEmpty || $0.closed }) { contents in
      contents.items.isEmpty ? nil : contents.items.removeFirst()
    }
  }

  func close() {
    contents.withLock { $0.closed = true }
  }
}
