import Store

extension ReplayPipeline {
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
    /// Each action's seq, origin, line number in the log and recorded state fingerprint (nil:
    /// none, and always nil unless states are asked for).
    var entries: [Entry] = []
    /// Each action's logged summary, when asked for (traces); otherwise empty.
    var summaries: [String] = []
    /// Each action's cause and clock, with its summary (traces).
    var causes: [ActionCause?] = []
    var clocks: [Duration?] = []
    /// The effect lines read with the batch's actions (``LogRecords/causes``), each with the
    /// number of the batch's actions before it.
    var effects: [(position: Int, event: EffectEvent)] = []
    var states: [StateLine] = []
    /// The batch's actions, decoded by the reading thread as it read them, when the replay
    /// asked for that (see ``ReplayPipeline/init(cursor:line:summaries:states:checkState:balancesStates:app:policy:actions:)``):
    /// then `bytes`, `fields` and the other line tables are empty.
    //
    // Why `nonisolated(unsafe)` is safe — check it in `ReplayPipeline.read(…)`: a batch's
    // actions are made (or taken from a recycled batch) by `newBatch()` on the reading thread
    // and filled there; the reading thread then calls `queue.put(batch)` and at once replaces
    // `batch` with a new one, never touching the old one again; the applying thread gets it
    // only from `queue.take()`, and gives it back only through `Spares` (`recycle(_:)`, after
    // its last use of the batch and its actions). `BatchQueue` and `Spares` hand batches over
    // under a lock, so every write of one thread happens before every read of the other, and
    // the two never use one `ReplayActions` at the same time.
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

    /// Empties the batch for the reading thread to fill again, keeping the capacity of its
    /// buffers and its actions' storage (see ``ReplayPipeline/recycle(_:)``): a replay then
    /// allocates a handful of batches, not one per 1,024 actions.
    mutating func clear() {
      bytes.removeAll(keepingCapacity: true)
      byteEnds.removeAll(keepingCapacity: true)
      fields.removeAll(keepingCapacity: true)
      fieldEnds.removeAll(keepingCapacity: true)
      used.removeAll(keepingCapacity: true)
      heads.removeAll(keepingCapacity: true)
      entries.removeAll(keepingCapacity: true)
      summaries.removeAll(keepingCapacity: true)
      causes.removeAll(keepingCapacity: true)
      clocks.removeAll(keepingCapacity: true)
      effects.removeAll(keepingCapacity: true)
      states.removeAll(keepingCapacity: true)
      actions?.clear()
      end = nil
    }

    /// What the reading thread found on an action line, besides its action.
    struct Entry: Sendable {
      var seq: Int
      var line: Int
      /// Every value is a fingerprint, `0000000000000000` as well: nil is none.
      var fingerprint: UInt64?
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

    /// Reads the usual action line `index`, handed over unparsed, in place (through `line`)
    /// into `slot`: true when it did; false (`slot` left uninitialized) when it is to be parsed
    /// (``loadUsual(_:into:)`` and ``LogCursor/decodeUsual(_:seq:path:lineNumber:app:)``).
    func readInPlace<Action: LoggableAction>(
      _ index: Int, through line: inout LogLine, into slot: UnsafeMutablePointer<Action>
    ) -> Bool {
      let bytesStart = index == 0 ? 0 : byteEnds[index - 1]
      return bytes.withUnsafeBufferPointer { bytes in
        let bytes = UnsafeBufferPointer(rebasing: bytes[bytesStart..<byteEnds[index]])
        // The head, read on the reading thread, is not read again.
        let reader = LogFieldReader(
          bytes: bytes, resuming: heads[index], fingerprint: entries[index].fingerprint)
        return line.readInPlace(reader, into: slot)
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

  /// Spent batches the applying thread gives back (``ReplayPipeline/recycle(_:)``) for the
  /// reading thread to fill again.
  ///
  /// Bound: no more batches are alive than without it — one filling, those in the queue, one
  /// applied — so it keeps at most that many and never has to drop one; the reading thread
  /// makes a new batch only while none is kept, so a replay makes at most `limit` batches
  /// whatever the log's length (``made``).
  final class Spares: Sendable {
    private let limit: Int
    private let contents = Locked((batches: [Batch](), made: 0))

    /// For a queue of `queueCapacity` batches.
    init(queueCapacity: Int) {
      limit = queueCapacity + 2
    }

    /// Keeps `batch`, emptied, for ``take()``.
    func put(_ batch: consuming Batch) {
      var emptied = consume batch
      emptied.clear()
      contents.withLock { if $0.batches.count < limit { $0.batches.append(emptied) } }
    }

    /// A kept batch, empty; nil when none is kept, and the caller makes one (counted).
    func take() -> Batch? {
      contents.withLock {
        guard let batch = $0.batches.popLast() else {
          $0.made += 1
          return nil
        }
        return batch
      }
    }

    /// How many batches the reading thread has made (not taken from here) so far.
    var made: Int { contents.withLock { $0.made } }
  }
}
