import Foundation
import Store

/// One episode: it downloads through the ``DownloadClient``, reporting its progress, and can
/// be cancelled.
public struct Episode: Reducer {
  public enum Download: Codable, Equatable, Sendable {
    case idle
    case downloading(Int)
    case done(bytes: Int)
    case failed(String)
  }

  public struct State: Codable, Equatable, Identifiable, Sendable {
    public let id: Int
    public var title: String
    public var download = Download.idle
    public init(id: Int, title: String) {
      self.id = id
      self.title = title
    }
  }

  public enum Action: Codable, Equatable, Sendable {
    case downloadTapped
    case cancelTapped
    case progressed(Int)
    case finished(bytes: Int)
    case failed(String)
  }

  @Dependency(\.downloadClient) var downloadClient

  public init() {}

  private struct Downloading: Hashable, Sendable { let id: Int }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .downloadTapped:
      guard state.download == .idle || state.download.isFailed else { return .none }
      state.download = .downloading(0)
      let id = state.id
      return .run { [downloadClient] send in
        do {
          for try await event in downloadClient.download(id) {
            switch event {
            case .progress(let percent): await send(.progressed(percent))
            case .finished(let bytes): await send(.finished(bytes: bytes))
            }
          }
        } catch is CancellationError {
        } catch {
          await send(.failed("\(error)"))
        }
      }
      .cancellable(id: Downloading(id: id), cancelInFlight: true)
    case .cancelTapped:
      state.download = .idle
      return .cancel(id: Downloading(id: state.id))
    case .progressed(let percent):
      state.download = .downloading(percent)
    case .finished(let bytes):
      state.download = .done(bytes: bytes)
    case .failed(let message):
      state.download = .failed(message)
    }
    return .none
  }
}

extension Episode.Download {
  var isFailed: Bool {
    if case .failed = self { return true }
    return false
  }
}
