import Store

/// The dependency calls of one ``EffectProperty`` run that wait for the run to answer them,
/// tagged with the index of their dependency, in call order (see ``ParkedWaits``).
///
/// ```swift
/// let calls = ScheduledCalls()
/// let value: Int = try await calls.call(dependency: 0)        // in an effect
/// calls.resume(calls.waiting[0], with: .success(42))          // in the run
/// ```
@usableFromInline
typealias ScheduledCalls = ParkedWaits<Int>

extension ParkedWaits<Int> {
  /// The dependency's side: waits until the run answers this call.
  func call<Value: Sendable>(dependency: Int) async throws -> Value {
    let answer = try await wait(tagged: dependency)
    // The run answers a call with a value of its own dependency's generator.
    guard let value = answer as? Value else {
      throw ScheduledCallMismatch(expected: "\(Value.self)", got: "\(answer)")
    }
    return value
  }
}

/// A dependency was answered with a value of another type: a bug of the property engine.
struct ScheduledCallMismatch: Error, CustomStringConvertible {
  let expected: String
  let got: String
  var description: String { "a call expecting \(expected) was answered with \(got)" }
}
