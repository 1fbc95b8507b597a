/// Runs child tasks inside one `.run` effect — work that sleeps or waits in parallel — so that a
/// `TestClock` follows each child as it follows an effect: in tests, every child sleeps before
/// time moves on, children due at the same instant wake in the order they were added, and a
/// woken child that ends lets time move on at once.
///
/// ```swift
/// case .incrAndSquareLater:
///   return .run { send in
///     await withEffectTaskGroup(of: Void.self) { group in
///       group.addTask {
///         try await clock.sleep(for: .seconds(2))
///         await send(.incrNow)
///       }
///       group.addTask {
///         try await clock.sleep(for: .seconds(1))
///         await send(.squareNow)
///       }
///     }
///   }
/// ```
///
/// It is `withThrowingTaskGroup` otherwise: children may throw, `next()` rethrows what they
/// threw, and when `body` returns (or throws, cancelling them) the group waits for the children
/// still running. Outside an effect, or outside tests, it is just that.
/// A sleep on a test clock in a child of a plain `withTaskGroup` (or an `async let`, or a
/// `Task {}`) inside an effect fails the test, saying to use this instead — for a `Task {}`,
/// even once the effect has ended.
nonisolated(nonsending) public func withEffectTaskGroup<ChildResult: Sendable, GroupResult>(
  of childResultType: ChildResult.Type = ChildResult.self,
  returning returnType: GroupResult.Type = GroupResult.self,
  body: (inout EffectTaskGroup<ChildResult>) async throws -> GroupResult
) async rethrows -> GroupResult {
  // Only the task that owns an activity adds children to it (see `EffectActivity.toPark`);
  // outside tests no effect has one (see `EffectTracking`).
  let parent =
    EffectTracking.isInstalled && Task.name == EffectActivity.ownTaskName
    ? EffectActivity.current : nil
  defer { parent?.didRun() }  // the group has waited for its children: the effect runs again
  return try await withThrowingTaskGroup(of: ChildResult.self, returning: GroupResult.self) {
    group in
    var effectGroup = EffectTaskGroup(group, parent: parent)
    // The group waits for its children once `body` is done: the effect waits for the children.
    defer { effectGroup.children.parkParent(until: .allEnded) }
    let result = try await body(&effectGroup)
    return result
  }
}

/// The children of one ``withEffectTaskGroup(of:returning:body:)``: add them with
/// ``addTask(operation:)``, take their results with ``next()``.
///
/// ```swift
/// let total = try await withEffectTaskGroup(of: Int.self) { group in
///   for id in ids { group.addTask { try await client.count(id) } }
///   var total = 0
///   while let count = try await group.next() { total += count }
///   return total
/// }
/// ```
///
/// Like a `ThrowingTaskGroup`, use it only inside the body it was given to, from that task.
public struct EffectTaskGroup<ChildResult: Sendable> {
  /// The group itself: a `ThrowingTaskGroup` is a reference to the group its body was given, so
  /// this copy, used only inside that body, adds to and waits on the same group.
  private var group: ThrowingTaskGroup<ChildResult, any Error>
  let children: EffectGroupChildren

  init(_ group: ThrowingTaskGroup<ChildResult, any Error>, parent: EffectActivity?) {
    self.group = group
    children = EffectGroupChildren(parent: parent)
  }

  /// Adds a child that runs `operation`; inside an effect, a test clock follows it on its own
  /// from now until it returns or throws.
  ///
  /// ```swift
  /// group.addTask {
  ///   try await clock.sleep(for: .seconds(1))
  ///   await send(.tick)
  /// }
  /// ```
  public mutating func addTask(
    operation: @escaping @Sendable () async throws -> ChildResult
  ) {
    guard let parent = children.parent else { return group.addTask(operation: operation) }
    let child = EffectActivity(childOf: parent)  // busy from now: time waits for it to start
    let children = self.children
    children.added()
    group.addTask(name: EffectActivity.ownTaskName) {
      try await EffectActivity.$current.withValue(child) {
        child.didRun()
        defer {
          children.ended()
          child.end()  // after `ended`, which makes the parent busy if this resumes it
        }
        return try await operation()
      }
    }
  }

  /// The result of the next child to finish, in the order they finish, or nil when none is
  /// left; rethrows what a child threw. Inside an effect, a test clock does not wait for the
  /// effect while it waits here, only for its children.
  ///
  /// ```swift
  /// while let value = try await group.next() { await send(.loaded(value)) }
  /// ```
  nonisolated(nonsending) public mutating func next() async throws -> ChildResult? {
    children.parkParent(until: .oneEnded)
    defer { children.parentResumed(consumedAll: false) }
    return try await group.next()
  }

  /// Waits until every child has finished; rethrows the first error a child threw.
  ///
  /// ```swift
  /// try await group.waitForAll()
  /// await send(.allLoaded)
  /// ```
  nonisolated(nonsending) public mutating func waitForAll() async throws {
    children.parkParent(until: .allEnded)
    defer { children.parentResumed(consumedAll: true) }
    try await group.waitForAll()
  }

  /// Cancels every child running or added later.
  ///
  /// ```swift
  /// group.cancelAll()
  /// ```
  public func cancelAll() {
    group.cancelAll()
  }

  /// Whether no child is left whose result `next()` has not returned.
  ///
  /// ```swift
  /// if group.isEmpty { await send(.done) }
  /// ```
  public var isEmpty: Bool { group.isEmpty }
}
