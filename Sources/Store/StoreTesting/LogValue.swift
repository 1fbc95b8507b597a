import ActionLog
import Foundation
import Store

/// A value read from JSON written as an action log writes states (the value's own `Codable`,
/// dates as text): how a test emitted by `replay LOG --emit-test` writes a value it has no
/// Swift for, such as a struct whose memberwise initialiser is not visible to the test.
///
/// ```swift
/// await store.send(.addTapped("Buy milk")) {
///   $0.todos.append(try logValue(#"{"id":1,"isDone":false,"reminders":0,"title":"Buy milk"}"#))
/// }
/// ```
///
/// Throws a ``LoggedFailure`` saying what does not fit when the type no longer reads the JSON
/// (a field renamed since the recording, say).
public func logValue<Value: Decodable>(_ json: String) throws -> Value {
  do {
    return try LogStateCoding.decode(
      Value.self, from: Array(json.utf8), with: LogStateCoding.decoder())
  } catch {
    throw LoggedFailure(
      description:
        "\(error.message(for: "a logged \(Value.self)", app: "app")); record the session again "
        + "and emit its test anew")
  }
}
