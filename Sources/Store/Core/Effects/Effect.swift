/// Work a reducer asks for, described as a value.
///
/// A reducer never performs I/O. It returns an `Effect` saying what should happen, and the store
/// performs it and feeds the resulting actions back in. Because effects are values, a test can
/// see them, a replay can drop them, and the reducer stays a pure function.
///
/// ```swift
/// case .reload:
///   state.isLoading = true
///   return .run { send in
///     let now = try? await time.now()
///     await send(.loaded(now))
///   }
///   .cancellable(id: CancelID.reload, cancelInFlight: true)
/// ```
///
/// The order in which effects deliver their actions is part of the contract; see
/// `docs/store.md`, "Ordering": a `.send` is reduced before the `send` that returned it
/// returns, in the order written, `.merge` starts its parts in order, and `.concatenate` starts
/// each part once the previous one has finished.
public struct Effect<Action> {
  /// The body of a `.run` effect: it starts on the store's actor (the main actor) and stays there
  /// until it awaits something isolated elsewhere, such as a network call.
  @usableFromInline
  typealias Body = nonisolated(nonsending) @Sendable (Send<Action>) async throws -> Void

  /// What a `.run` effect does with an error its body throws (other than cancellation).
  @usableFromInline
  typealias Catch = nonisolated(nonsending) @Sendable (any Error, Send<Action>) async -> Void

  /// What an effect does.
  @usableFromInline
  enum Operation {
    case send(Action)
    case run(Body, Catch?, CallSite)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: EffectID, cancelInFlight: Bool, Effect)
    case cancel(EffectID)
    case throttle(ThrottlePolicy, Effect)
    /// Cancels every effect registered under an id the predicate accepts (children's hidden ids).
    case cancelMatching(@Sendable (EffectID) -> Bool)
    /// Reports misuse a reducer found (a pure reducer cannot print or fail a test itself).
    case reportMisuse(TestFailure)
  }

  /// An effect's operation in a heap box of its own (`indirect`), or nothing for `.none`: one
  /// pointer whatever `Action` is, null for `.none`, so returning, checking and dropping `.none`
  /// is a null test. Releasing the last reference destroys the operation through the box's own
  /// metadata, made where the effect was built. (A generic class holding the operation would
  /// look up the metadata of `Effect<Action>.Operation` on every release instead, and a replay
  /// drops every effect its reducer returns.)
  @usableFromInline
  enum Storage {
    case none
    indirect case some(Operation)
  }

  @usableFromInline
  let storage: Storage

  /// What this effect does, or nil for `.none`.
  @inlinable
  var operation: Operation? {
    if case .some(let operation) = storage { return operation }
    return nil
  }

  @inlinable
  init(_ operation: Operation) {
    self.storage = .some(operation)
  }

  @inlinable
  init(none: Void) {
    self.storage = .none
  }

  /// An effect that does nothing. Returning it costs nothing: the store skips the executor.
  ///
  /// ```swift
  /// case .increment:
  ///   state.count += 1
  ///   return .none
  /// ```
  @inlinable
  public static var none: Effect { Effect(none: ()) }

  /// Whether this effect does nothing at all.
  ///
  /// ```swift
  /// let effect = reducer.reduce(into: &state, action: .increment)
  /// if effect.isNone { print("nothing to run") }
  /// ```
  @inlinable
  public var isNone: Bool {
    if case .none = storage { return true }
    return false
  }

  /// Asynchronous work that may send any number of actions back to the store.
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(.loaded(try await client.fetch()))
  /// } catch: { error, send in
  ///   await send(.failed(error.localizedDescription))
  /// }
  /// ```
  ///
  /// `operation` starts on the main actor, like the store, and stays there until it awaits
  /// something that runs elsewhere (a `nonisolated` async function, a network call): keep heavy
  /// synchronous work out of it. Each `await send(action)` is reduced at once, unless the effect
  /// has been cancelled, in which case it is dropped. The effect has finished when `operation`
  /// returns; an action sent after that is a mistake the store reports and does not deliver.
  ///
  /// An error `operation` throws goes to `handler`; without one, any error but cancellation is
  /// reported as a mistake (a test failure under `TestStore`, a line on stderr otherwise).
  @inlinable
  public static func run(
    _ operation: nonisolated(nonsending) @escaping @Sendable (Send<Action>) async throws -> Void,
    catch handler: (nonisolated(nonsending) @Sendable (any Error, Send<Action>) async -> Void)? =
      nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Effect {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return Effect(.run(operation, handler, site))
  }

  /// Sends `action` back to the store at once: it is reduced right after the action whose
  /// reducer returned this effect, before the store handles anything else.
  ///
  /// ```swift
  /// case .saveTapped:
  ///   return .send(.delegate(.saved))
  /// ```
  @inlinable
  public static func send(_ action: Action) -> Effect {
    Effect(.send(action))
  }

  /// Runs several effects at once; `.none` members are dropped. Their synchronous sends are
  /// reduced in the order the effects are listed.
  ///
  /// ```swift
  /// return .merge(.send(.started), .run { send in await send(.loaded(await fetch())) })
  /// ```
  public static func merge(_ effects: Effect...) -> Effect {
    merge(effects)
  }

  /// Runs several effects at once; `.none` members are dropped.
  ///
  /// ```swift
  /// return .merge(ids.map { Effect.cancel(id: $0) })
  /// ```
  public static func merge(_ effects: [Effect]) -> Effect {
    let live = effects.filter { !$0.isNone }
    switch live.count {
    case 0: return .none
    case 1: return live[0]
    default: return Effect(.merge(live))
    }
  }

  /// `.merge(first, second)` without building an array when at most one of the two does
  /// something, the usual case where a router merges its child's, its parent's and its
  /// departed children's effects: `merge` is not specialised for the app's actions, and its
  /// array and filter looked generic metadata up on every call (docs/performance.md).
  @inlinable
  static func merged(_ first: Effect, _ second: Effect) -> Effect {
    if second.isNone { return first }
    if first.isNone { return second }
    return merge([first, second])
  }

  /// `.merge(first, second, third)`, likewise.
  @inlinable
  static func merged(_ first: Effect, _ second: Effect, _ third: Effect) -> Effect {
    if first.isNone { return merged(second, third) }
    if second.isNone { return merged(first, third) }
    if third.isNone { return merge([first, second]) }
    return merge([first, second, third])
  }

  /// Merges this effect with another.
  ///
  /// ```swift
  /// return .send(.started).merge(with: .run { send in await send(.finished) })
  /// ```
  public func merge(with other: Effect) -> Effect {
    .merge(self, other)
  }

  /// Runs effects one after another: each starts once the previous one has finished (or has
  /// been cancelled). Cancelling the concatenation stops it where it is; the rest never starts.
  ///
  /// ```swift
  /// return .concatenate(.send(.saving), .run { _ in try await client.save(item) }, .send(.saved))
  /// ```
  public static func concatenate(_ effects: Effect...) -> Effect {
    concatenate(effects)
  }

  /// Runs effects one after another; `.none` members are dropped.
  ///
  /// ```swift
  /// return .concatenate(steps.map { Effect.send(.step($0)) })
  /// ```
  public static func concatenate(_ effects: [Effect]) -> Effect {
    let live = effects.filter { !$0.isNone }
    switch live.count {
    case 0: return .none
    case 1: return live[0]
    default: return Effect(.concatenate(live))
    }
  }

  /// Runs `other` once this effect has finished.
  ///
  /// ```swift
  /// return .send(.saving).concatenate(with: .send(.saved))
  /// ```
  public func concatenate(with other: Effect) -> Effect {
    .concatenate(self, other)
  }

  /// Makes this effect cancellable by `id`.
  ///
  /// ```swift
  /// return .run { send in await send(.results(await search(query))) }
  ///   .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: the identity to cancel it by: any hashable, sendable value.
  ///   - cancelInFlight: when true, effects already running under `id` are cancelled before
  ///     this one starts, so at most one runs at a time.
  ///
  /// The effect is registered under `id` before its task is created, so a ``cancel(id:)`` that
  /// comes before the task has run a single instruction still cancels it. Ids compare by type
  /// and value (see ``EffectID``).
  @inlinable
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    if isNone { return self }
    return Effect(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Cancels every running effect registered under `id`. Nothing they send afterwards reaches
  /// the store.
  ///
  /// ```swift
  /// case .stopTapped:
  ///   return .cancel(id: CancelID.timer)
  /// ```
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(.cancel(EffectID(id)))
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}
extension Effect.Storage: Sendable where Action: Sendable {}
