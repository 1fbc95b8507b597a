/// How a running effect answers the store.
///
/// An effect receives a `Send` and calls it with each action it produces:
///
/// ```swift
/// Effect<Action>.run { send in
///   await send(.started)
///   await send(.finished(try await client.fetch()))
/// }
/// ```
///
/// Each action is reduced on the main actor as soon as it is sent, in the order the effect sends.
/// Once the effect has been cancelled, `send` delivers nothing, nor from a task that has been
/// cancelled (a child its task group cancelled, as in TCA); check ``isCancelled`` to stop early. Once the effect has finished (its `run` closure returned), `send` delivers nothing
/// either and reports the mistake: hand `send` to no task that outlives the effect.
public struct Send<Action>: Sendable {
  @usableFromInline
  let deliver: @MainActor @Sendable (Action, CallSite) -> Void

  /// Creates a `Send` that hands each action to `deliver` on the main actor.
  ///
  /// ```swift
  /// var sent: [Int] = []
  /// let send = Send<Int> { sent.append($0) }
  /// ```
  public init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = { action, _ in deliver(action) }
  }

  /// A `Send` that is also told where each action was sent from.
  @inlinable
  package init(reporting deliver: @escaping @MainActor @Sendable (Action, CallSite) -> Void) {
    self.deliver = deliver
  }

  /// Delivers `action` to the store, unless this effect has been cancelled or has finished.
  ///
  /// ```swift
  /// await send(.loaded(value))
  /// ```
  @MainActor
  public func callAsFunction(
    _ action: Action, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    deliver(action, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Whether the task running this effect has been cancelled.
  ///
  /// ```swift
  /// for page in 1... {
  ///   if send.isCancelled { return }
  ///   await send(.page(await client.fetch(page)))
  /// }
  /// ```
  public var isCancelled: Bool { Task.isCancelled }

  /// This `Send`, delivering each action with `values` in effect: for an effect whose body runs
  /// under other values than the store's.
  @usableFromInline
  func delivering(under values: DependencyValues) -> Send {
    let deliver = self.deliver
    return Send(reporting: { action, site in
      DependencyValues.withCurrent(values) { deliver(action, site) }
    })
  }

  /// A `Send` for a child's actions that embeds each into this one's.
  @inlinable
  func mapped<Child>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    let deliver = self.deliver
    return Send<Child>(reporting: { action, site in deliver(transform(action), site) })
  }
}
