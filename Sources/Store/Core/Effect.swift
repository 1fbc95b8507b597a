/// Work a reducer asks for, described as a value.
///
/// A reducer never performs I/O. It returns an `Effect` saying what should happen, and the
/// store's ``EffectExecutor`` performs it and feeds the resulting actions back into the store.
/// Because effects are values, a test can see them, a replay can drop them, and the reducer stays
/// a pure function.
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
public struct Effect<Action>: Sendable {
  @usableFromInline
  enum Operation: Sendable {
    case run(@Sendable (Send<Action>) async -> Void)
    case merge([Effect])
    case cancellable(id: EffectID, cancelInFlight: Bool, Effect)
    case cancel(EffectID)
  }

  /// Holds the operation of an effect that does something. `.none` has no box at all, so
  /// returning, checking and dropping it is a null test — the store's hot path stays free of
  /// enum copies and reference counting.
  @usableFromInline
  final class Box: Sendable {
    @usableFromInline let operation: Operation

    @usableFromInline
    init(_ operation: Operation) {
      self.operation = operation
    }
  }

  @usableFromInline
  let box: Box?

  @inlinable
  init(_ operation: Operation) {
    self.box = Box(operation)
  }

  @inlinable
  init(none: Void) {
    self.box = nil
  }

  /// What this effect does, or nil for `.none`.
  @usableFromInline
  var operation: Operation? { box?.operation }

  /// An effect that does nothing. Returning it costs nothing: the store skips the executor.
  @inlinable
  public static var none: Effect { Effect(none: ()) }

  /// Whether this effect does nothing at all.
  @inlinable
  public var isNone: Bool { box == nil }

  /// Asynchronous work that may send any number of actions back to the store.
  ///
  /// `operation` runs off the main actor. Each `await send(action)` is delivered to the store in
  /// order, unless the effect has been cancelled, in which case it is silently dropped.
  public static func run(_ operation: @escaping @Sendable (Send<Action>) async -> Void) -> Effect {
    Effect(.run(operation))
  }

  /// Sends one action back to the store as soon as the executor starts the effect.
  public static func send(_ action: Action) -> Effect where Action: Sendable {
    Effect(.run { send in await send(action) })
  }

  /// Runs several effects at once.
  public static func merge(_ effects: Effect...) -> Effect {
    merge(effects)
  }

  /// Runs several effects at once; `.none` members are dropped.
  public static func merge(_ effects: [Effect]) -> Effect {
    let live = effects.filter { !$0.isNone }
    switch live.count {
    case 0: return .none
    case 1: return live[0]
    default: return Effect(.merge(live))
    }
  }

  /// Merges this effect with another.
  public func merge(with other: Effect) -> Effect {
    .merge(self, other)
  }

  /// Makes this effect cancellable by `id`.
  ///
  /// - Parameter cancelInFlight: when true, effects already running under `id` are cancelled
  ///   before this one starts, so at most one runs at a time.
  ///
  /// The effect is registered under `id` before its task is created, so a ``cancel(id:)`` that
  /// comes before the task has run a single instruction still cancels it.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    if isNone { return self }
    return Effect(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Cancels every running effect registered under `id`. Nothing they send afterwards reaches
  /// the store.
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(.cancel(EffectID(id)))
  }

  /// Transforms the actions this effect sends, typically to embed a child feature's actions in
  /// its parent's.
  public func map<Other>(_ transform: @escaping @Sendable (Action) -> Other) -> Effect<Other> {
    switch operation {
    case nil:
      return .none
    case .run(let body):
      return .run { send in
        await body(Send<Action> { action in send(transform(action)) })
      }
    case .merge(let effects):
      return Effect<Other>(.merge(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<Other>(
        .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case .cancel(let id):
      return Effect<Other>(.cancel(id))
    }
  }
}

/// The identity under which cancellable effects are registered.
///
/// Any `Hashable & Sendable` value can be an id; two ids are equal when their values have the
/// same type and are equal.
///
/// ```swift
/// EffectID("weather") == EffectID("weather")   // true
/// EffectID(1) == EffectID("1")                 // false: an Int is not a String
/// ```
public struct EffectID: Hashable, Sendable, CustomStringConvertible {
  /// Kept as `any Hashable & Sendable` rather than `AnyHashable`, which is not `Sendable`; an
  /// `AnyHashable` is made only for the moment of a comparison.
  let base: any Hashable & Sendable

  /// Wraps a sendable, hashable value.
  public init(_ value: some Hashable & Sendable) {
    if let id = value as? EffectID {
      self = id
    } else {
      base = value
    }
  }

  public static func == (left: EffectID, right: EffectID) -> Bool {
    AnyHashable(left.base) == AnyHashable(right.base)
  }

  public func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }

  public var description: String { String(describing: base) }
}
