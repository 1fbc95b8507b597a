import Foundation
import Store

/// An action that can be written to an action log and read back, in a hand-written encoding
/// that stays the same when the type's layout or Swift's synthesized `Codable` would change.
///
/// Each action is one flat JSON object: the log adds `seq`, `src` and (for a
/// ``LogFingerprintable`` state) `fp`, the action adds its name and payload. The app's action
/// conforms in one file, with two exhaustive switches — one over the action, one over its names
/// — so the compiler refuses a new case until it has both:
///
/// ```swift
/// enum CounterName: String, CaseIterable, Sendable { case increment, set = "set" }
///
/// extension CounterAction: LoggableAction {
///   static let logNames = LogNames<CounterName>()
///
///   func encode(to line: inout LogLineWriter) {
///     switch self {
///     case .increment: line.action(CounterName.increment)
///     case .set(let value): line.action(CounterName.set); line.int("value", value)
///     }
///   }
///
///   init(logLine line: inout LogLine) throws(LogLineError) {
///     switch try line.action(in: Self.logNames) {
///     case .increment: self = .increment
///     case .set: self = .set(try line.int("value"))
///     }
///   }
/// }
/// // {"seq":2,"src":"sent","action":"set","value":7}
/// ```
///
/// Decoding must read every field encoding wrote: a field left unread is reported as unexpected.
public protocol LoggableAction: Sendable {
  /// Writes the action's name (``LogLineWriter/action(_:)``) and its payload fields.
  func encode(to line: inout LogLineWriter)

  /// Reads an action back from a line written by ``encode(to:)``.
  init(logLine line: inout LogLine) throws(LogLineError)
}

/// The names an action type writes in its log lines, found again by their bytes without
/// building a `String` for each line.
///
/// ```swift
/// enum AppActionName: String, CaseIterable, Sendable { case launched, clockReload = "clock.reload" }
/// static let logNames = LogNames<AppActionName>()
/// ```
public struct LogNames<Name: RawRepresentable & CaseIterable & Sendable>: Sendable
where Name.RawValue == String {
  @usableFromInline let table: LogNameTable
  @usableFromInline let cases: [Name]

  /// A table of every case of `Name`: `static let logNames = LogNames<CounterName>()`.
  public init() {
    cases = Array(Name.allCases)
    table = LogNameTable(cases.map(\.rawValue))
  }
}

/// Names as bytes, looked up without generics or allocation.
@usableFromInline
package struct LogNameTable: Sendable {
  let names: [[UInt8]]

  init(_ names: [String]) {
    self.names = names.map { Array($0.utf8) }
  }

  /// The index of the name spelled by `bytes`, if there is one.
  @usableFromInline
  func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    for (index, name) in names.enumerated() where name.count == bytes.count {
      let same = name.withUnsafeBufferPointer {
        bytes.count == 0 || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
      }
      if same { return index }
    }
    return nil
  }

  /// The first name, for examples in messages.
  var first: String { names.first.map { String(decoding: $0, as: UTF8.self) } ?? "" }

  /// Every name, comma-separated, for messages.
  var list: String { names.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", ") }
}
