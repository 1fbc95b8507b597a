import Store

/// The dependency calls of one ``EffectProperty`` run that wait for the run to answer them, in
/// call order (see ``ParkedWaits``), each tagged with its dependency, its input and the inputs
/// of that dependency's earlier calls in the run.
///
/// ```swift
/// let calls = ScheduledCalls()
/// let value: Int = try await calls.call(dependency: 0, input: "a")   // in an effect
/// calls.resume(calls.waiting[0], with: .success(42))                 // in the run
/// ```
@usableFromInline
final class ScheduledCalls: Sendable {
  /// One call: the index of its dependency, its input (`()` for a call without one), and the
  /// inputs of the same dependency's earlier calls, oldest first.
  @usableFromInline
  struct Call: Sendable {
    @usableFromInline let dependency: Int
    let input: any Sendable
    let earlier: [any Sendable]
  }

  @usableFromInline
  typealias Wait = ParkedWaits<Call>.Wait

  private let waits = ParkedWaits<Call>()
  /// The inputs of every call made so far, by dependency, in call order.
  private let inputs = Locked<[Int: [any Sendable]]>([:])

  /// The calls waiting for an answer, in order.
  var waiting: [Wait] { waits.waiting }

  /// The number of the last call made (0 before the first): calls are numbered 1, 2, … in the
  /// order they are made.
  @usableFromInline var lastNumber: UInt64 { waits.lastNumber }

  /// The dependency's side: waits until the run answers this call. Effects reach their calls
  /// one at a time (the run settles each before starting the next), so the inputs list in the
  /// same order on every run.
  func call<Value: Sendable>(dependency: Int, input: any Sendable = ()) async throws -> Value {
    let earlier = inputs.withLock { state -> [any Sendable] in
      defer { state[dependency, default: []].append(input) }
      return state[dependency] ?? []
    }
    let answer = try await waits.wait(
      tagged: Call(dependency: dependency, input: input, earlier: earlier))
    // The run answers a call with a value of its own dependency's generator.
    guard let value = answer as? Value else {
      throw ScheduledCallMismatch(expected: "\(Value.self)", got: "\(answer)")
    }
    return value
  }

  /// The run's side: resumes `wait` with `result` if it still waits (a cancelled one does not).
  func resume(_ wait: Wait, with result: Result<any Sendable, any Error>) {
    waits.resume(wait, with: result)
  }
}

/// A dependency was answered with a value of another type: a bug of the property engine.
struct ScheduledCallMismatch: Error, CustomStringConvertible {
  let expected: String
  let got: String
  var description: String { "a call expecting \(expected) was answered with \(got)" }
}
