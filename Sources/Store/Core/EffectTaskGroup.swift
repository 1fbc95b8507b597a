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
/// still running. Outside an effect, or outside tests, it adds nothing but a few counters.
/// A sleep on a test clock in a child of a plain `withTaskGroup` (or an `async let`) inside an
/// effect fails the test, saying to use this instead.
nonisolated(nonsending) public func withEffectTaskGroup<ChildResult: Sendable, GroupResult>(
  of childResultType: ChildResult.Type = ChildResult.self,
  returning returnType: GroupResult.Type = GroupResult.self,
  body: (inout EffectTaskGroup<ChildResult>) async throws -> GroupResult
) async rethrows -> GroupResult {
  // Only the task that owns an activity adds children to it (see `EffectActivity.toPark`).
  let parent = Task.name == EffectActivity.ownTaskName ? EffectActivity.current : nil
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

/// How many children of one ``EffectTaskGroup`` run, and whether the effect's task waits for
/// them: it parks the effect's activity while it waits, and the child whose end resumes it makes
/// the activity busy again before its own ends, so a test clock never sees the effect idle while
/// it is about to run. Bound: O(1) a call.
final class EffectGroupChildren: Sendable {
  /// What the effect's task waits for.
  enum Wait { case nothing, oneEnded, allEnded }

  private struct State {
    var live = 0
    /// Children ended whose results `next()` has not returned yet.
    var unconsumed = 0
    var waiting = Wait.nothing
  }

  /// The activity of the effect's task, if it has one of its own.
  let parent: EffectActivity?
  private let state = Locked(State())

  init(parent: EffectActivity?) {
    self.parent = parent
  }

  func added() {
    state.withLock { $0.live += 1 }
  }

  func ended() {
    guard let parent else { return }
    state.withLock { state in
      state.live -= 1
      state.unconsumed += 1
      let resumes =
        state.waiting == .oneEnded || (state.waiting == .allEnded && state.live == 0)
      guard resumes else { return }
      state.waiting = .nothing
      parent.markBusy()  // under the lock, so that a park cannot come after it
    }
  }

  /// The effect's task is about to wait for `wait`: parks its activity unless that has already
  /// happened, in which case the wait returns at once.
  func parkParent(until wait: Wait) {
    guard let parent else { return }
    state.withLock { state in
      let done =
        wait == .oneEnded ? state.unconsumed > 0 || state.live == 0 : state.live == 0
      guard !done else { return }
      state.waiting = wait
      parent.park()
    }
  }

  /// The effect's task is back from a wait, having taken one result or all of them.
  func parentResumed(consumedAll: Bool) {
    guard let parent else { return }
    state.withLock { state in
      state.waiting = .nothing
      if consumedAll {
        state.unconsumed = 0
      } else if state.unconsumed > 0 {
        state.unconsumed -= 1
      }
    }
    parent.didRun()
  }
}
