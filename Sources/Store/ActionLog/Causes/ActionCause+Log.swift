// How causes and effect events are written on, and read from, a log's lines
// (``LogRecords/causes``).

extension ActionCause {
  /// The line's `cause` field, if it has one (marking it read); an error for text that is not
  /// a cause.
  static func read(_ line: inout LogLine) throws(LogLineError) -> ActionCause? {
    guard line.has("cause") else { return nil }
    let offset = line.valueOffset(of: "cause")
    let text = try line.string("cause")
    guard let cause = ActionCause(text: text) else {
      throw LogLineError(
        "\"cause\" should be \"line N\", \"sent\", \"travel\" or \"effect N of SEQ at FILE:LINE\", "
          + "not \"\(text)\"", at: offset)
    }
    return cause
  }
}

extension EffectEvent {
  /// Reads an effect line: `effect`, then `start` (with `site`), `end` or `cancel`, and `clock`.
  /// `lastSeq` is the seq of the action line before it: an event names no later action.
  init(_ line: inout LogLine, after lastSeq: Int) throws(LogLineError) {
    let effect = try line.int("effect")
    guard effect >= 0 else {
      throw LogLineError(
        "\"effect\" should be an effect's number, 0 or more, not \(effect)",
        at: line.valueOffset(of: "effect"))
    }
    var found: (Kind, Int)?
    for kind in [Kind.start, .end, .cancel] where line.has(kind.rawValue) {
      guard found == nil else {
        throw LogLineError(
          "an effect line says one of \"start\", \"end\" or \"cancel\", not two",
          at: line.valueOffset(of: kind.rawValue))
      }
      found = (kind, try line.int(kind.rawValue))
    }
    guard let (kind, seq) = found else {
      throw LogLineError(
        "an effect line says \"start\", \"end\" or \"cancel\" with an action's seq, e.g. "
          + "{\"effect\":4,\"end\":15}")
    }
    guard seq >= 0, seq <= lastSeq + 1 else {
      throw LogLineError(
        "effect \(effect)'s \(kind.rawValue) names seq \(seq), but the last action was seq "
          + "\(lastSeq)", at: line.valueOffset(of: kind.rawValue))
    }
    let site = try line.optionalString("site")
    let clock = try LogClock.read(&line)
    self.init(kind, effect: effect, seq: seq, site: site, clock: clock)
  }

  /// The event's line, with its newline.
  func line(into writer: inout LogLineWriter) {
    writer.begin()
    writer.int("effect", effect)
    writer.int(kind.rawValue, seq)
    if let site { writer.string("site", site) }
    if let clock { writer.string("clock", LogClock.text(clock)) }
    writer.end()
  }
}
