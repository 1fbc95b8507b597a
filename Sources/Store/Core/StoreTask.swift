/// The effects one ``Store/send(_:)`` started, to await.
///
/// ```swift
/// await store.send(.reload).finish()
/// ```
///
/// Effects started later by the actions these effects send are not included; use
/// ``Store/settle()`` to wait for everything.
public struct StoreTask: Sendable {
  @usableFromInline
  enum Storage: Sendable {
    case none
    case tasks([Task<Void, Never>])
    case pending(PendingEffects)
  }

  @usableFromInline
  let storage: Storage

  @inlinable
  init(storage: Storage) {
    self.storage = storage
  }

  @usableFromInline
  init(tasks: [Task<Void, Never>]) {
    storage = .tasks(tasks)
  }

  /// The tasks started right away (not those of a queued action).
  @usableFromInline
  var startedTasks: [Task<Void, Never>] {
    if case .tasks(let tasks) = storage { return tasks }
    return []
  }

  @usableFromInline
  init(pending: PendingEffects) {
    storage = .pending(pending)
  }

  /// Waits until every effect the action started has finished or been cancelled.
  public func finish() async {
    for task in await tasks() { await task.value }
  }

  /// Whether the action started any effect.
  public var hasEffects: Bool {
    get async { await !tasks().isEmpty }
  }

  private func tasks() async -> [Task<Void, Never>] {
    switch storage {
    case .none: return []
    case .tasks(let tasks): return tasks
    case .pending(let pending): return await pending.tasks
    }
  }
}

/// The effects of an action that was queued because the store was busy; filled in when the
/// store gets to it, which is before the `send` that was busy returns.
@MainActor
@usableFromInline
final class PendingEffects: Sendable {
  @usableFromInline var tasks: [Task<Void, Never>] = []

  @usableFromInline
  nonisolated init() {}
}
