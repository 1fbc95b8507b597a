/// A count with its noun, singular for one: `counted(1, "action")` is "1 action",
/// `counted(3, "action")` "3 actions" — every message that counts says it this way.
///
/// ```swift
/// console.output("stopped recording: \(counted(recording.actions, "action")) in s.log")
/// ```
package func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
