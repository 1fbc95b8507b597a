import Foundation

/// Decodes a log's states of one type exactly as ``LogStateCoding/decode(_:from:with:)`` does,
/// having asked once, not once a state, whether the type reads itself (``LogStateReadable``) and
/// checks itself (``LogValidatable``): a replay decodes a snapshot every 64 actions, and those
/// two dynamic casts and the existential they box cost as much as reading a small state.
///
/// ```swift
/// let states = LogStateDecoder<AppState>()
/// let state = try states.decode(json, with: LogStateCoding.decoder())
/// ```
///
/// It holds two values that hold nothing, so it is cheap to make and `Sendable`.
package struct LogStateDecoder<State: Decodable>: Sendable {
  /// The state's own reader, if it has one.
  private let reader: (any OwnReader<State>)?
  /// The state's own check, if it has one (``LogValidatable/logProblem``).
  private let validator: (any OwnCheck<State>)?

  package init() {
    reader = (State.self as? any LogStateReadable.Type).map { Self.reader(of: $0) }
    validator = (State.self as? any LogValidatable.Type).map { Self.validator(of: $0) }
  }

  /// Whether the state has a reader of its own (``LogStateReadable``), which reads a snapshot
  /// for less than writing the replayed state costs: a replay then decodes and compares.
  package var readsItself: Bool { reader != nil }

  /// Why `state` is not one its app could have recorded (``LogValidatable/logProblem``), or nil.
  package func problem(of state: State) -> String? {
    validator?.problem(state)
  }

  /// The state `json` holds, checked; `decoder` is made only when `Codable` has to decide.
  package func decode(
    _ json: some Collection<UInt8>, with decoder: @autoclosure () -> JSONDecoder
  ) throws(LogStateError) -> State {
    if let reader {
      let state =
        json.withContiguousStorageIfAvailable(reader.read)
        ?? Array(json).withUnsafeBufferPointer(reader.read)
      if let state {
        // Its own reader read it (it knows every field, so none is unknown): only check it.
        if let validator, let words = validator.problem(state) { throw .value(words) }
        return state
      }
    }
    return try LogStateCoding.decodeWithCodable(State.self, from: json, with: decoder())
  }

  private static func reader<Readable: LogStateReadable>(
    of readable: Readable.Type
  ) -> any OwnReader<State> {
    precondition(Readable.self == State.self, "\(Readable.self) is not \(State.self)")
    return ReadingAs<State, Readable>()
  }

  private static func validator<Validatable: LogValidatable>(
    of validatable: Validatable.Type
  ) -> any OwnCheck<State> {
    precondition(Validatable.self == State.self, "\(Validatable.self) is not \(State.self)")
    return CheckingAs<State, Validatable>()
  }
}

/// A state type's own reader (``LogStateReadable/read(whole:)``).
private protocol OwnReader<State>: Sendable {
  associatedtype State
  func read(_ bytes: UnsafeBufferPointer<UInt8>) -> State?
}

/// A state type's own check (``LogValidatable/logProblem``).
private protocol OwnCheck<State>: Sendable {
  associatedtype State
  func problem(_ state: State) -> String?
}

/// `Readable`'s reader as a reader of `State`, which it is: made only when `Readable` is
/// `State` itself (``LogStateDecoder``'s `init` casts `State.self` and checks).
private struct ReadingAs<State, Readable: LogStateReadable>: OwnReader {
  func read(_ bytes: UnsafeBufferPointer<UInt8>) -> State? {
    // The same type: a value of one is a value of the other, bit for bit.
    Readable.read(whole: bytes).map { unsafeBitCast($0, to: State.self) }
  }
}

/// `Validatable`'s check as a check of `State`, which it is (see ``ReadingAs``).
private struct CheckingAs<State, Validatable: LogValidatable>: OwnCheck {
  func problem(_ state: State) -> String? {
    unsafeBitCast(state, to: Validatable.self).logProblem
  }
}
