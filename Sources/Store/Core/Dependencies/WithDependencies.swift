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
/// been passed to its `withDependencies:` argument.
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
@discardableResult
public nonisolated(nonsending) func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: nonisolated(nonsending) () async throws -> Result
) async rethrows -> Result {
  var values = DependencyValues.current
  try update(&values)
  return try await DependencyValues.$current.withValue(values) { try await operation() }
}
