/// Whom a ``EffectRun`` asks to cancel its effects.
@MainActor
package protocol EffectCancelling: AnyObject {
  func cancel(_ tokens: [EffectToken])
  /// What a ``EffectRun`` waiting for its effects runs first: a `TestStore` holding effect
  /// starts starts them, so that awaiting a `StoreTask` does not wait forever.
  var beforeWaiting: (@MainActor () async -> Void)? { get }
}
