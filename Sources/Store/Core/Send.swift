/// How a running effect answers the store.
///
/// An effect receives a `Send` and calls it with each action it produces:
///
/// ```swift
/// Effect<Action>.run { send in
///   await send(.started)
///   await send(.finished(try? await client.fetch()))
/// }
/// ```
///
/// Delivery happens on the main actor, in the order the effect sends. Once the effect has been
/// cancelled, `send` delivers nothing; check ``isCancelled`` to stop early.
public struct Send<Action>: Sendable {
  @usableFromInline
  let deliver: @MainActor @Sendable (Action) -> Void

  /// Creates a `Send` that hands each action to `deliver` on the main actor.
  public init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = deliver
  }

  /// Delivers `action` to the store, unless this effect has been cancelled.
  @MainActor
  public func callAsFunction(_ action: Action) {
    deliver(action)
  }

  /// Whether the task running this effect has been cancelled.
  public var isCancelled: Bool { Task.isCancelled }
}
