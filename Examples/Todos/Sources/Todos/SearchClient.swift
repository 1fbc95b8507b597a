import Store

/// Where the search field looks up suggestions: a catalogue of todo titles.
///
/// Declared once by its key: reducers read it with `@Dependency(\.searchClient)`, the app gets
/// ``liveValue``, and a test that forgets to override it fails naming `SearchClient.search`.
public struct SearchClient: Sendable {
  /// The titles that match `query`, best first.
  public var search: @Sendable (_ query: String) async throws -> [String]

  public init(search: @escaping @Sendable (_ query: String) async throws -> [String]) {
    self.search = search
  }
}

extension SearchClient: DependencyKey {
  /// Searches a small catalogue in memory, ignoring case: the example needs no network.
  public static let liveValue = SearchClient { query in
    let wanted = query.lowercased()
    return catalogue.filter { $0.lowercased().contains(wanted) }
  }

  /// Fails the test that calls it without overriding it.
  public static let testValue = SearchClient { _ in
    throw unimplementedDependency("SearchClient.search")
  }

  static let catalogue = [
    "Buy milk", "Call mom", "Walk the dog", "Water the plants", "Write the report",
  ]
}

// snippet: loggable
extension SearchClient: LoggableDependency {
  /// Each search goes through `route`, named `search`, its query as input: a console's
  /// recording logs it with its answer, and the test emitted from that log answers it.
  public func routed(through route: some DependencyCallRoute) -> SearchClient {
    SearchClient { query in
      try await route.call("search", input: query) { try await self.search(query) }
    }
  }
}
// snippet: end

extension DependencyValues {
  /// The search field's catalogue.
  public var searchClient: SearchClient {
    get { self[SearchClient.self] }
    set { self[SearchClient.self] = newValue }
  }
}
