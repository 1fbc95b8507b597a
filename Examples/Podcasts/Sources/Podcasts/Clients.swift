import Store

/// Downloads an episode, reporting its progress.
public struct DownloadClient: Sendable {
  public enum Event: Equatable, Sendable {
    case progress(Int)
    case finished(bytes: Int)
  }

  public var download: @Sendable (_ episode: Int) -> AsyncThrowingStream<Event, any Error>

  public init(
    download: @escaping @Sendable (_ episode: Int) -> AsyncThrowingStream<Event, any Error>
  ) {
    self.download = download
  }
}

extension DownloadClient: DependencyKey {
  /// A download in memory, a quarter at a time.
  public static let liveValue = DownloadClient { episode in
    AsyncThrowingStream { continuation in
      for percent in [25, 50, 75, 100] { continuation.yield(.progress(percent)) }
      continuation.yield(.finished(bytes: 1_000_000 * (episode % 7 + 1)))
      continuation.finish()
    }
  }

  /// Fails the test that downloads without overriding it.
  public static let testValue = DownloadClient { _ in
    AsyncThrowingStream { $0.finish(throwing: unimplementedDependency("DownloadClient.download")) }
  }
}

/// Finds episode titles for a query.
public struct SearchClient: Sendable {
  public var search: @Sendable (_ query: String) async throws -> [String]

  public init(search: @escaping @Sendable (_ query: String) async throws -> [String]) {
    self.search = search
  }
}

extension SearchClient: DependencyKey {
  /// A small catalogue in memory, matched ignoring case.
  public static let liveValue = SearchClient { query in
    ["Swift Talk", "Swift by Sundell", "Point-Free", "Stacktrace"]
      .filter { $0.lowercased().contains(query.lowercased()) }
  }

  /// Fails the test that searches without overriding it.
  public static let testValue = SearchClient { _ in
    throw unimplementedDependency("SearchClient.search")
  }
}

extension DependencyValues {
  public var downloadClient: DownloadClient {
    get { self[DownloadClient.self] }
    set { self[DownloadClient.self] = newValue }
  }

  public var searchClient: SearchClient {
    get { self[SearchClient.self] }
    set { self[SearchClient.self] = newValue }
  }
}
