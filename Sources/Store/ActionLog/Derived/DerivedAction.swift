import Store

/// An action logged in the form derived from its `Codable`, with no codec of the app's: the
/// Swift expression of its value (``ValueSyntaxEncoder``), one line each.
///
/// ```swift
/// {"seq":3,"src":"sent","action":".episodes(.element(id: 1, action: .downloadTapped))"}
/// {"seq":4,"src":"sent","action":".addTapped(\"Swift Talk\")"}
/// ```
///
/// Read back with ``ValueSyntaxDecoder``, the line is replayed and verified as a hand-written
/// one is; a case since renamed or removed stops the replay with one error naming the line, the
/// case and the cases of its type.
///
/// ```swift
/// let recorder = try ActionLogRecorder<Feature.State, DerivedAction<Feature.Action>>(
///   path: "s.log", settings: [], state: state)
/// try recorder.record(DerivedAction(.moved(from: 1, to: 2)), origin: .sent, state: state)
/// ```
package struct DerivedAction<Action: Codable & Equatable & Sendable>: LoggableAction {
  /// The action.
  package var action: Action

  package init(_ action: Action) {
    self.action = action
  }

  /// Writes `"action":"<the action as Swift>"`. An action whose `encode(to:)` throws is written
  /// as that error, which its replay reports.
  package func encode(to line: inout LogLineWriter) {
    let text: String
    do {
      text = try ValueSyntaxEncoder.encode(action)
    } catch {
      text = "<\(Action.self) cannot be encoded: \(error)>"
    }
    line.string("action", text)
  }

  package init(logLine line: inout LogLine) throws(LogLineError) {
    // The field's text where it lies, made by its template: no `Decodable`, no metadata but
    // the action's own.
    do throws(LogLine.NotRead) {
      action = try line.withActionText { (text) throws(LogLine.NotRead) in
        try LineTemplates.read(Action.self, text)
      }
    } catch {
      action = try Self.slowly(&line)
    }
  }

  /// The action of a line its template did not make: read by `init(from:)`, which learns the
  /// line's template. Out of line, so that the usual line never looks up the types it uses.
  @inline(never)
  private static func slowly(_ line: inout LogLine) throws(LogLineError) -> Action {
    let read = try? line.withActionText { text in LineTemplates.decode(Action.self, text) }
    if case .success(let action)? = read { return action }
    // Not an action: the parsed line says where and why.
    if line.isReadInPlace { throw line.leaveToParser() }
    let text = try line.string("action")
    do {
      return try LineTemplates.decode(Action.self, text)
    } catch {
      // The place in the line: after the field's key and quote, each character as the writer
      // escapes it.
      var prefix = LogLineWriter(capacity: error.offset + 8)
      prefix.appendString(
        String(decoding: Array(text.utf8).prefix(error.offset), as: UTF8.self))
      let start = line.valueOffset(of: "action").map { $0 + prefix.bytes.count - 1 }
      throw LogLineError(error.description, at: start)
    }
  }
}
