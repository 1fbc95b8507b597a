import Store

/// One batch of a replay's actions, decoded on the reading thread in log order, for the
/// applying thread to take out one by one: the type-erased face the non-generic
/// ``ReplayPipeline`` fills, so the reading thread never names the action type.
///
/// ```swift
/// let actions = TypedReplayActions<AppAction>(capacity: 1024)
/// _ = try cursor.next(&line, readingActionsWith: { actions.read(&$0) })
/// let first = actions.take()
/// ```
///
/// Thread safety: the reading thread alone reads into one until it puts the batch holding it on
/// the pipeline's queue, and never touches it again (it makes the next batch's with
/// ``makeNext()`` before); from then on the applying thread alone takes from it. The queue's
/// lock orders the two, so no access races — which is why a batch may carry one across
/// (``ReplayPipeline/Batch/actions``) though it is not `Sendable`.
package class ReplayActions {
  /// How many actions it holds. (Exclusivity is not checked at run time: one thread at a time
  /// uses it, as above, and no access to it overlaps another.)
  @exclusivity(unchecked) package fileprivate(set) var count = 0

  /// Reads the action of the usual line `reader` stands on into the next place, in place
  /// (``LogLine/readInPlace(_:into:)``); false (nothing added) to leave the line to the parser
  /// and ``decode(_:path:lineNumber:app:)``.
  func read(_ reader: inout LogFieldReader) -> Bool { false }

  /// Decodes the action line `line` holds (parsed and checked by the cursor) into the next
  /// place, as ``LogCursor/decode(_:path:lineNumber:app:)`` does, refusing it with the same words.
  func decode(_ line: inout LogLine, path: String, lineNumber: Int, app: String)
    throws(ActionLogError)
  {}

  /// An empty one of the same kind, for the next batch.
  func makeNext() -> ReplayActions { ReplayActions() }

  /// Releases the actions not taken and makes room for a new batch's.
  func clear() { count = 0 }
}

/// ``ReplayActions`` of one action type: its actions in a buffer of `capacity`, read in place
/// where they can be, else with `init(logLine:)` from the parsed line. Bound: `capacity` actions.
package final class TypedReplayActions<Action: LoggableAction>: ReplayActions {
  private let slots: UnsafeMutablePointer<Action>
  private let capacity: Int
  /// How many have been taken out (moved) from the front. (Not checked for exclusive access
  /// at run time, for the reason ``ReplayActions/count`` gives.)
  @exclusivity(unchecked) private var taken = 0
  /// The line the actions are read through in place (its buffers are not used).
  @exclusivity(unchecked) private var line = LogLine()

  package init(capacity: Int) {
    self.capacity = capacity
    slots = .allocate(capacity: capacity)
  }

  deinit {
    (slots + taken).deinitialize(count: count - taken)
    slots.deallocate()
  }

  override func decode(_ line: inout LogLine, path: String, lineNumber: Int, app: String)
    throws(ActionLogError)
  {
    precondition(count < capacity, "a replay batch holds at most \(capacity) actions")
    let action: Action = try LogCursor.decode(&line, path: path, lineNumber: lineNumber, app: app)
    (slots + count).initialize(to: action)
    count += 1
  }

  override func read(_ reader: inout LogFieldReader) -> Bool {
    guard count < capacity, line.readInPlace(reader, into: slots + count) else { return false }
    count += 1
    return true
  }

  override func makeNext() -> ReplayActions {
    TypedReplayActions(capacity: capacity)
  }

  override func clear() {
    (slots + taken).deinitialize(count: count - taken)
    taken = 0
    super.clear()
  }

  /// The next action, in log order, moved out; each is taken at most once.
  package func take() -> Action {
    precondition(taken < count, "every action of the batch has been taken")
    defer { taken += 1 }
    return (slots + taken).move()
  }
}
