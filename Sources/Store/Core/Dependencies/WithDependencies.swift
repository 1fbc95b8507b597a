/// Runs `operation` with the dependencies in effect changed by `update`; the change ends when
/// `operation` returns.
///
/// ```swift
/// let answer = withDependencies {
///   $0.time = .constant(date)
/// } operation: {
///   reducer.reduce(into: &state, action: .reload)
/// }
/// ```
///
/// A store created inside `operation` keeps these values for its whole life, as if they had
/// been passed to its `withDependencies:` argument; an effect built inside it keeps them for
/// its `.run` bodies (the overload below).
@discardableResult
public func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void, operation: () throws -> Result
) rethrows -> Result {
  var values = DependencyValues.current
  try update(&values)
  return try DependencyValues.$current.withValue(values, operation: operation)
}

/// Runs the asynchronous `operation` with the dependencies in effect changed by `update`, on
/// the caller's actor; the tasks it creates inherit the change.
///
/// ```swift
/// await withDependencies {
///   $0.continuousClock = clock
/// } operation: {
///   await model.start()
/// }
/// ```
///
/// `operation` runs where the caller runs, with no hop: inside an effect on the main actor it
/// stays there (so an effect that sends and returns inside it still ends in the same turn).
@discardableResult
public func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void,
  isolation: isolated (any Actor)? = #isolation,
  operation: nonisolated(nonsending) () async throws -> Result
) async rethrows -> Result {
  var values = DependencyValues.current
  try update(&values)
  // Capturing `isolation` makes the closure run on the caller's actor: a closure written in a
  // `nonisolated(nonsending)` function would run on the pool, a hop there and back.
  return try await DependencyValues.$current.withValue(
    values,
    operation: {
      _ = isolation
      return try await operation()
    }, isolation: isolation)
}

/// Builds an effect with the dependencies in effect changed by `update`: the effect's `.run`
/// bodies and `catch:` handlers then run with the values `operation` saw, wherever the effect
/// starts — as TCA's effects keep the dependencies of where they were built.
///
/// ```swift
/// case .tap:
///   return withDependencies {
///     $0.count.value += 1
///   } operation: {
///     .run { send in await send(.response(count.value)) }   // sees the count + 1
///   }
/// ```
///
/// Bound: the effect's shape is walked once, O(parts).
@discardableResult
public func withDependencies<Action>(
  _ update: (inout DependencyValues) throws -> Void, operation: () throws -> Effect<Action>
) rethrows -> Effect<Action> {
  var values = DependencyValues.current
  try update(&values)
  let effect = try DependencyValues.$current.withValue(values, operation: operation)
  let built = values
  return effect.changingDependencies { $0 = built }
}
