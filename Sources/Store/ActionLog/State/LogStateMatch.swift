import Foundation

/// The replay's check of a snapshot or the checkpoint: whether the replayed state, written as
/// the recorder writes states (``LogStateEncoder``), is the logged state's very bytes — no
/// decoding, for any `Codable` state.
///
/// ```swift
/// let matches = LogStateMatch.function(for: AppState.self)
/// if matches?(state, json) == true { /* the log's state is the replayed one */ }
/// ```
///
/// Equal bytes mean the logged state decodes to the replayed one, as the recorder's own
/// encoding of it does: the guarantee rests on the state's `Codable` reading back what it
/// writes, which the replayer checks once a replay, decoding the first state that matches.
/// Different bytes (a state the encoder does not write exactly, a log edited or written by
/// another version, a replay that parted) send the state to the decoder, as before, which
/// says where they differ. Bound: O(the state's size × its depth + k log k for each keyed
/// container of k entries) to write it, as ``LogStateEncoder``, and O(its bytes) to compare;
/// no allocation once the encoder's buffers, kept from one check to the next, have grown to
/// the largest state written.
package enum LogStateMatch {
  /// A function telling whether a state's bytes are `json`, when `State` is `Encodable`; found
  /// once a replay. It writes into an encoder of its own: call it from one thread.
  package static func function<State>(for type: State.Type)
    -> ((State, UnsafeBufferPointer<UInt8>) -> Bool)?
  {
    guard let encodable = type as? any Encodable.Type else { return nil }
    return matcher(encodable)
  }

  private static func matcher<State, Written: Encodable>(_: Written.Type)
    -> ((State, UnsafeBufferPointer<UInt8>) -> Bool)?
  {
    let encoder = LogStateEncoder()
    let matches: (Written, UnsafeBufferPointer<UInt8>) -> Bool = { state, json in
      guard encoder.write(state) else { return false }
      let written = encoder.bytes
      return written.count == json.count
        && (json.isEmpty || memcmp(written.baseAddress!, json.baseAddress!, json.count) == 0)
    }
    // `State` is `Written`, so this cast of the function (once, not per state) succeeds.
    return matches as? (State, UnsafeBufferPointer<UInt8>) -> Bool
  }
}
