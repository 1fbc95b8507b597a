/// A dependency whose calls can be written to an action log and answered from it: a console
/// recording a session logs each call with its answer, and the test `replay LOG --emit-test`
/// writes from that log answers the calls as logged — with no code of the app's mapping log
/// entries to answers.
///
/// The dependency sends each of its calls through a ``DependencyCallRoute``, naming the call and
/// giving its input; the route runs the live call and logs it (recording), or answers it from
/// the log without calling anything (an emitted test). One method, for a client of closures:
///
/// ```swift
/// extension SearchClient: LoggableDependency {
///   public func routed(through route: some DependencyCallRoute) -> SearchClient {
///     SearchClient { query in
///       try await route.call("search", input: query) { try await self.search(query) }
///     }
///   }
/// }
/// ```
///
/// The input is what tells calls apart (a query, a city's name), written to the log as JSON:
/// never pass a key or a token — those stay inside the live value, which the log never sees.
public protocol LoggableDependency: Sendable {
  /// This dependency with every call sent through `route`.
  ///
  /// ```swift
  /// let logged = SearchClient.liveValue.routed(through: route)
  /// ```
  func routed(through route: some DependencyCallRoute) -> Self
}

/// Where a ``LoggableDependency`` sends its calls: a console's recording runs `live` and logs
/// the call and its answer; a test's ``DependencyCallRoute`` answers as the log says.
///
/// ```swift
/// try await route.call("search", input: query) { try await self.search(query) }
/// ```
public protocol DependencyCallRoute: Sendable {
  /// Makes call `endpoint` with `input`: runs `live`, or answers without it. Throws what the
  /// call threw (a test throws a failure with the logged description).
  ///
  /// ```swift
  /// let titles: [String] = try await route.call("search", input: "wat") { ["Water"] }
  /// ```
  func call<Input: Encodable & Sendable, Output: Codable & Sendable>(
    _ endpoint: String, input: Input, live: @Sendable () async throws -> Output
  ) async throws -> Output
}

extension DependencyCallRoute {
  /// Makes call `endpoint`, which takes no input (logged as `null`).
  ///
  /// ```swift
  /// let now: Date = try await route.call("now") { try await self.now() }
  /// ```
  public func call<Output: Codable & Sendable>(
    _ endpoint: String, live: @Sendable () async throws -> Output
  ) async throws -> Output {
    try await call(endpoint, input: Int?.none, live: live)
  }
}
