import Store

/// Reads an action log line by line: the header first, then one entry at a time, checking as
/// it goes that every line is well formed and that `seq` runs 1, 2, 3, … with no gap.
///
/// ```swift
/// let reader = try ActionLogReader<AppAction>(path: "session.log")
/// while let entry = try reader.next() {
///   if case .action(let seq, _, let action) = entry { print(seq, action) }
/// }
/// if let line = reader.tornLine { print("line \(line) was cut off") }
/// ```
///
/// Memory stays the same however long the log: one chunk of the file and one line at a time.
/// A last line that ends without a newline and is not complete JSON was cut off mid-write:
/// ``next()`` then returns nil and ``tornLine`` says which line it was. Any other problem throws
/// an ``ActionLogError`` naming the file, line and column.
public final class ActionLogReader<Action: LoggableAction> {
  private var cursor: LogCursor
  /// The last line read, parsed.
  package private(set) var line = LogLine()

  /// Opens `path` and reads its header, at once (a FIFO with no writer reads as empty).
  ///
  /// ```swift
  /// let reader = try ActionLogReader<AppAction>(path: "session.log")
  /// ```
  public init(path: String) throws(ActionLogError) {
    cursor = try LogCursor(path: path, line: &line)
  }

  /// The log's path as given, e.g. `session.log`.
  public var path: String { cursor.path }
  /// The header: format, version, settings and the state the recording started from, e.g.
  /// `reader.header.setting("timeZone")`.
  public var header: ActionLogHeader { cursor.header }
  /// The seq of the last action read (0 before the first), e.g. `12`.
  public var lastSeq: Int { cursor.lastSeq }
  /// The line number of a final line that was cut off, once ``next()`` has reached it.
  public var tornLine: Int? { cursor.tornLine }
  /// Whether the checkpoint that closes a cleanly ended log has been read: after
  /// `while try reader.next() != nil {}`, whether the recording ended cleanly.
  public var sawCheckpoint: Bool { cursor.sawCheckpoint }
  /// The number of the line last read, e.g. `14`.
  public var lineNumber: Int { cursor.lineNumber }

  /// The next entry, or nil at the end of the log (or at a final line that was cut off).
  ///
  /// ```swift
  /// while let entry = try reader.next() { … }
  /// ```
  public func next() throws(ActionLogError) -> ActionLogEntry<Action>? {
    var kind = try cursor.next(&line)
    // A dependency's call is there for an emitted test; a reader of actions passes over it.
    while case .call = kind { kind = try cursor.next(&line) }
    guard let kind else { return nil }
    switch kind {
    case .call: return nil
    case .action(let seq, let origin, _, _):
      return .action(seq: seq, origin: origin, try cursor.action(&line, seq: seq))
    case .snapshot(let seq, let state):
      return .snapshot(seq: seq, state: Array(line.bytes[state]))
    case .checkpoint(let seq, let state):
      return .checkpoint(seq: seq, state: Array(line.bytes[state]))
    }
  }
}

/// One line of an action log after its header.
///
/// ```swift
/// if case .action(let seq, .effect, let action) = try reader.next() { print(seq, action) }
/// ```
public enum ActionLogEntry<Action> {
  /// An action the store processed, with its place in the log and where it came from.
  case action(seq: Int, origin: ActionOrigin, Action)
  /// The state after action `seq`, written every so often so that a replay can check itself.
  case snapshot(seq: Int, state: [UInt8])
  /// The state at the end of a cleanly ended recording, after action `seq`.
  case checkpoint(seq: Int, state: [UInt8])
}
