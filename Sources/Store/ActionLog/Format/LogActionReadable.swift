import Store

/// An action with a fast reader of its own for the lines it writes, so that a replay decodes
/// the common lines without `LogLine`'s reads by name (which cost most of a replay's decoding).
///
/// ```swift
/// extension CounterAction: LogActionReadable {
///   package static func read(_ reader: inout LogFieldReader) -> CounterAction? {
///     switch reader.action(in: logNames) {
///     case .increment?: reader.isComplete ? .increment : nil
///     case .set?: reader.int("value").flatMap { reader.isComplete ? .set($0) : nil }
///     case nil: nil
///     }
///   }
///
///   package static func read(_ reader: inout LogFieldReader, into slot: UnsafeMutablePointer<Self>)
///     -> Bool
///   {
///     guard let action = read(&reader) else { return false }
///     slot.initialize(to: action)
///     return true
///   }
/// }
/// ```
///
/// The reader must return nil for anything it is not sure of — a field out of the writer's
/// order, a value of another kind, a field left over (``LogFieldReader/isComplete``) — and then
/// ``LoggableAction/init(logLine:)`` decides, with its own words; when it returns an action,
/// `init(logLine:)` must read the same action. A property test over random actions and mutated
/// lines checks the app's reader against its `init(logLine:)`.
package protocol LogActionReadable: LoggableAction {
  /// The action on the line `reader` reads, read whole; nil to leave the line to
  /// ``LoggableAction/init(logLine:)``.
  static func read(_ reader: inout LogFieldReader) -> Self?

  /// ``read(_:)`` into `slot` (uninitialized before, initialized when it returns true): the
  /// form the replay's generic loop calls, which then never looks up the metadata of `Self?`.
  static func read(_ reader: inout LogFieldReader, into slot: UnsafeMutablePointer<Self>) -> Bool
}

/// The fast reader of `Action`, when it has one, found once per replay: calling it then costs
/// no dynamic cast per line.
package enum LogActionFastPath<Action: LoggableAction> {
  /// Reads an action into the slot, returning true; or leaves the slot uninitialized and
  /// returns false.
  package typealias Reader = @Sendable (inout LogFieldReader, UnsafeMutablePointer<Action>) -> Bool

  /// `Action.read(_:into:)`, when `Action` is ``LogActionReadable``.
  package static var reader: Reader? {
    guard let readable = Action.self as? any LogActionReadable.Type else { return nil }
    return function(of: readable)
  }

  private static func function<Readable: LogActionReadable>(of _: Readable.Type) -> Reader? {
    let read: @Sendable (inout LogFieldReader, UnsafeMutablePointer<Readable>) -> Bool = {
      Readable.read(&$0, into: $1)
    }
    // Readable is Action here: the cast only changes the static type.
    return read as? Reader
  }
}
