import Store

/// The non-generic core of reading a log: it reads the header, then each line in turn, checks
/// its shape and its `seq`, and turns problems into errors naming the file, line and column. It
/// leaves decoding an action's payload to the caller, which knows the action type.
///
/// ```swift
/// var line = LogLine()
/// var cursor = try LogCursor(path: "session.log", app: "todos", line: &line)
/// while let kind = try cursor.next(&line) {
///   if case .action(let seq, _, _) = kind {
///     let action: AppAction = try cursor.action(&line, seq: seq)
///   }
/// }
/// ```
///
/// Kept free of generics so the replay loop pays no generic-metadata lookups per line.
package struct LogCursor: Sendable {
  /// What a line holds.
  package enum Kind {
    /// An action; its payload is still to be decoded with ``action(_:seq:)``. `fingerprint` is
    /// the recorded state's ``StateFingerprint`` after it, when the line has one; `clock` its
    /// time on the app's clock, in a log whose header has ``LogRecords/clock``.
    case action(seq: Int, origin: ActionOrigin, fingerprint: UInt64?, clock: Duration?)
    /// A call an effect made to a dependency, and its answer (a log with ``LogRecords/calls``).
    case call(LoggedCall)
    /// A snapshot of the state after action `seq`; `state` is the byte range of its JSON.
    case snapshot(seq: Int, state: Range<Int>)
    /// The checkpoint that ends a cleanly closed log.
    case checkpoint(seq: Int, state: Range<Int>)
  }

  package let path: String
  /// The program reading, as its messages name it: `this todos reads versions 1 and 2`.
  package let app: String
  package let header: ActionLogHeader
  /// The seq of the last action accepted (0 before the first).
  package private(set) var lastSeq = 0
  package private(set) var sawCheckpoint = false
  /// The number of a final line that was cut off, once reached.
  package private(set) var tornLine: Int?
  private var lines: LogFileLines
  /// Whether action lines carry a `clock` (``LogRecords/clock``): not the usual shape.
  private let readsClock: Bool
  /// Whether action lines may carry a `cause` and effect lines come between them
  /// (``LogRecords/causes``): not the usual shape either.
  private let readsCauses: Bool
  /// The cause on the action line last read, in a log with ``LogRecords/causes``.
  package private(set) var lastCause: ActionCause?
  /// The effect lines read since ``takeEffects()`` last emptied it, in order.
  package private(set) var effects: [EffectEvent] = []

  /// Opens `path` and reads its header, using `line` as scratch space. `app` names the program
  /// reading in what it reports (`… is not supported; this todos reads versions 1 and 2`).
  package init(path: String, app: String = "program", line: inout LogLine)
    throws(ActionLogError)
  {
    try self.init(input: LogInput(path: path), app: app, line: &line)
  }

  /// Reads `input` from its start as ``init(path:app:line:)`` reads the file at a path.
  package init(input: LogInput, app: String = "program", line: inout LogLine)
    throws(ActionLogError)
  {
    self.path = input.path
    self.app = app
    lines = LogFileLines(input)
    header = try Self.readHeader(&lines, app: app, into: &line)
    readsClock = header.records.contains(.clock)
    readsCauses = header.records.contains(.causes)
  }

  /// The effect lines read since the last call, emptying the list.
  package mutating func takeEffects() -> [EffectEvent] {
    defer { effects.removeAll() }
    return effects
  }

  /// The number of the line last read.
  package var lineNumber: Int { lines.lineNumber }

  /// Reads and checks the next line; nil at the end of the log or at a torn last line: a last
  /// line with no newline that is not complete JSON.
  package mutating func next(_ line: inout LogLine) throws(ActionLogError) -> Kind? {
    while let ending = try lines.next(into: &line.bytes) {
      guard let read = try interpret(&line, ending) else { return nil }
      if case .kind(let kind) = read { return kind }
    }
    return nil
  }

  /// Reads and checks the next line as ``next(_:)`` does, first offering an action line of the
  /// recorder's usual shape, straight from its bytes, to `read` — a fast action reader that
  /// decodes the action whole and returns true, or returns false to leave the line to the
  /// general parser, so `decoded` says which. A line `read` takes is one ``next(_:)`` would
  /// accept as the same action: the reader checks its `seq`, `src` and `fp` as the cursor does.
  ///
  /// ```swift
  /// while let (kind, decoded) = try cursor.next(&line, readingActionsWith: { buffer.read(&$0) }) {
  ///   if case .action(let seq, _, _, _) = kind { cursor.accept(seq: seq) }
  /// }
  /// ```
  package mutating func next(
    _ line: inout LogLine, readingActionsWith read: (inout LogFieldReader) -> Bool
  ) throws(ActionLogError) -> (kind: Kind, decoded: Bool)? {
    let mayBeUsual = !sawCheckpoint && !readsClock
    let causes = readsCauses
    let lastSeq = lastSeq
    // Read where it lies in the file's buffer; copied into `line` only for the parser.
    while true {
      guard
        let (ending, usual) = try lines.next(
          into: &line.bytes,
          lookingFirst: { bytes -> (seq: Int, origin: ActionOrigin, fingerprint: UInt64?)? in
            guard mayBeUsual,
              var reader = LogFieldReader(usualLine: bytes, after: lastSeq, causes: causes),
              read(&reader)
            else { return nil }
            return (reader.seq, reader.origin, reader.fingerprint)
          })
      else { return nil }
      if let usual {
        return (
          .action(seq: usual.seq, origin: usual.origin, fingerprint: usual.fingerprint, clock: nil),
          true
        )
      }
      guard let read = try interpret(&line, ending) else { return nil }
      if case .kind(let kind) = read { return (kind, false) }
    }
  }

  /// What a line held: a ``Kind`` for the caller, or an effect line kept in ``effects``.
  private enum Read {
    case kind(Kind)
    case effect
  }

  /// Parses and checks the line just read into `line.bytes`.
  private mutating func interpret(_ line: inout LogLine, _ ending: LogFileLines.Ending)
    throws(ActionLogError) -> Read?
  {
    do throws(LogLineError) {
      try line.parse()
    } catch {
      // A record always ends with its newline; a last line without one that is not even
      // complete JSON was cut off mid-write.
      guard ending == .unterminated else { throw failure(error, line) }
      tornLine = lines.lineNumber
      return nil
    }
    do throws(LogLineError) {
      if readsCauses, !sawCheckpoint, line.kind(of: "seq") == nil, line.kind(of: "effect") != nil,
        line.kind(of: "call") == nil
      {
        effects.append(try EffectEvent(&line, after: lastSeq))
        if let unused = line.unusedField() { throw unused }
        return .effect
      }
      let kind = try classify(&line)
      switch kind {
      case .action:
        break  // checked once the payload is decoded
      case .snapshot:
        if let unused = line.unusedField() { throw unused }
      case .checkpoint:
        if let unused = line.unusedField() { throw unused }
        sawCheckpoint = true
      case .call:
        if let unused = line.unusedField() { throw unused }
      }
      return .kind(kind)
    } catch {
      throw failure(error, line)
    }
  }

  /// Decodes the payload of the action line just read.
  package mutating func action<Action: LoggableAction>(_ line: inout LogLine, seq: Int)
    throws(ActionLogError) -> Action
  {
    let action: Action = try Self.decode(&line, path: path, lineNumber: lines.lineNumber)
    lastSeq = seq
    return action
  }

  /// Accepts the action line just read, leaving its payload for ``decode(_:path:lineNumber:)``
  /// later — on another thread, say: the next line's `seq` is checked against this one's.
  package mutating func accept(seq: Int) {
    lastSeq = seq
  }

  /// Decodes the payload of an action line, `lineNumber` of the log at `path`, whose fields
  /// ``next(_:)`` has read and checked.
  package static func decode<Action: LoggableAction>(
    _ line: inout LogLine, path: String, lineNumber: Int, app: String = "program"
  ) throws(ActionLogError) -> Action {
    do throws(LogLineError) {
      let action = try Action(logLine: &line)
      if let unused = line.unusedField() { throw unused }
      return action
    } catch {
      throw failure(error.naming(app: app), in: line, path: path, lineNumber: lineNumber)
    }
  }

  /// Decodes the action line `lineNumber`, of the usual shape, whose `seq`, `src` and
  /// fingerprint ``next(_:readingActionsWith:)`` has checked from its bytes alone (`seq` is one
  /// more than the action before it) but which could not be read in place: parsed and checked
  /// as ``next(_:)`` would have, then decoded, so it gives the same action or the same error,
  /// word for word — and the line's fingerprint as the parser finds it, wherever on the line
  /// it stands (the head finds only one that ends the line), in `fingerprint`.
  package static func decodeUsual<Action: LoggableAction>(
    _ line: inout LogLine, seq: Int, path: String, lineNumber: Int, app: String = "program",
    fingerprint: inout UInt64?, causes: Bool = false
  ) throws(ActionLogError) -> Action {
    do throws(LogLineError) {
      try line.parse()
      // What `classify` reads of an action line, in its order.
      let read = try line.int("seq")
      if let problem = sequenceProblem(read, after: seq - 1) {
        throw LogLineError(problem, at: line.valueOffset(of: "seq"))
      }
      _ = try line.origin()
      fingerprint = try line.hexWord("fp")
      if causes { _ = try ActionCause.read(&line) }
    } catch {
      throw failure(error, in: line, path: path, lineNumber: lineNumber)
    }
    return try decode(&line, path: path, lineNumber: lineNumber, app: app)
  }

  private func failure(_ error: LogLineError, _ line: LogLine) -> ActionLogError {
    Self.failure(error, in: line, path: path, lineNumber: lines.lineNumber)
  }

  private mutating func classify(_ line: inout LogLine) throws(LogLineError) -> Kind {
    guard !sawCheckpoint else {
      throw LogLineError("a line after the checkpoint, which ends a log; remove it")
    }
    if line.kind(of: "seq") != nil {
      let seq = try line.int("seq")
      if let problem = Self.sequenceProblem(seq, after: lastSeq) {
        throw LogLineError(problem, at: line.valueOffset(of: "seq"))
      }
      let origin = try line.origin()
      // Read and checked in every mode, compared only when verifying.
      let fingerprint = try line.hexWord("fp")
      let clock = header.records.contains(.clock) ? try LogClock.read(&line) : nil
      if readsCauses {
        // A sent action's line leaves `"cause":"sent"` out.
        lastCause = try ActionCause.read(&line) ?? (origin == .sent ? .sent : nil)
      }
      return .action(seq: seq, origin: origin, fingerprint: fingerprint, clock: clock)
    }
    if header.records.contains(.calls), line.kind(of: "call") != nil {
      return .call(try LoggedCall(&line, causes: readsCauses))
    }
    for name in ["snapshot", "checkpoint"] where line.kind(of: name) != nil {
      let seq = try line.int(name)
      guard seq == lastSeq else {
        throw LogLineError(
          "a \(name) of seq \(seq), but the last action was seq \(lastSeq)",
          at: line.valueOffset(of: name))
      }
      guard line.kind(of: "state") != nil, let state = line.rawValue("state") else {
        throw LogLineError("the \(name) has no \"state\"")
      }
      let range = state.startIndex..<state.endIndex
      return name == "snapshot"
        ? .snapshot(seq: seq, state: range) : .checkpoint(seq: seq, state: range)
    }
    throw LogLineError(
      "not an action (\"seq\"), a snapshot or a checkpoint: every line after the header is one")
  }

  /// What is wrong with `seq` following `last`, or nil when it is `last + 1`.
  static func sequenceProblem(_ seq: Int, after last: Int) -> String? {
    if seq == last &+ 1 { return nil }
    if last == 0, seq > 1 {
      return "the first action has seq \(seq); a log's actions start at seq 1"
    }
    if seq <= last {
      return "seq \(seq) follows seq \(last): out of order (each action's seq is one more "
        + "than the last one's)"
    }
    let missing = seq - last == 2 ? "seq \(last + 1) is" : "seq \(last + 1) to \(seq - 1) are"
    return "seq \(seq) follows seq \(last): \(missing) missing (a gap)"
  }

  private static func readHeader(
    _ lines: inout LogFileLines, app: String, into line: inout LogLine
  ) throws(ActionLogError) -> ActionLogHeader {
    let path = lines.path
    guard let ending = try lines.next(into: &line.bytes) else {
      throw ActionLogError(.badLog, file: path, "the file is empty; it is not a uniflow action log")
    }
    if line.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw ActionLogError(
        .badLog, file: path, line: 1, column: 1,
        "the file begins with a byte order mark (U+FEFF, the bytes EF BB BF), which a uniflow "
          + "action log never has (an editor added it?); remove it, e.g. with "
          + "sed -i '1s/^\\xEF\\xBB\\xBF//' \(path)")
    }
    let notALog = ActionLogError(
      .badLog, file: path, line: 1,
      "not a uniflow action log: its first line should be a header such as "
        + "{\"format\":\"\(ActionLogHeader.format)\",\"version\":\(ActionLogHeader.version),…}")
    do {
      try line.parse()
    } catch {
      throw ending == .unterminated && line.bytes.first == UInt8(ascii: "{")
        ? ActionLogError(
          .badLog, file: path, line: 1,
          "the header is cut off: the recording ended before it began; there is nothing to replay")
        : notALog
    }
    do {
      return try ActionLogHeader(&line)
    } catch {
      switch error {
      case .notALog:
        throw notALog
      case .unsupportedVersion(let version):
        throw ActionLogError(
          .badLog, file: path, line: 1,
          "log format version \(version) is not supported; this \(app) reads versions "
            + "\(ActionLogHeader.version) and \(ActionLogHeader.newestVersion)")
      case .problem(let problem):
        throw failure(problem, in: line, path: path, lineNumber: 1)
      }
    }
  }

  static func failure(_ error: LogLineError, in line: LogLine, path: String, lineNumber: Int)
    -> ActionLogError
  {
    ActionLogError(
      .badLog, file: path, line: lineNumber,
      column: error.offset.map { line.column(ofByte: $0) }, error.message)
  }
}
