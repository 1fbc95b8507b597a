import Foundation
import Store

/// A small podcast feature whose actions and state are `Codable` as Swift synthesizes them, with
/// the shapes an app's have: a collection of rows by id, an optional child, an enum child, a
/// raw-valued enum, dates, lists and a dictionary — for the derived action codec and the typed
/// syntax.
package struct Podcast: Reducer {
  package enum Speed: String, Codable, CaseIterable, Equatable, Sendable { case slow, normal, fast }

  package enum Download: Codable, Equatable, Sendable {
    case idle
    case downloading(Int)
    case done(bytes: Int, at: Date)
    case failed(String)
  }

  package struct Episode: Codable, Equatable, Identifiable, Sendable {
    package var id: Int
    package var title: String
    package var download: Download = .idle
    package var tags: [String] = []
    package init(id: Int, title: String) {
      self.id = id
      self.title = title
    }
  }

  package enum EpisodeAction: Codable, Equatable, Sendable {
    case downloadTapped
    case progress(Int)
    case finished(bytes: Int, at: Date)
    case tagged([String])
  }

  package enum SearchAction: Codable, Equatable, Sendable {
    case queryChanged(String)
    case answered([String])
    case closed
  }

  package enum Destination: Codable, Equatable, Sendable {
    case search(query: String)
    case player(episode: Int, speed: Speed)
  }

  package struct State: Codable, Equatable, Sendable {
    package var episodes: IdentifiedArrayOf<Episode> = []
    package var destination: Destination?
    package var nowPlaying: Int?
    package var ratings: [String: Int] = [:]
    package var volume = 0.5
    package init() {}
  }

  package enum Action: Codable, Equatable, Sendable {
    case added(title: String)
    case moved(from: Int, to: Int)
    case episodes(IdentifiedAction<Int, EpisodeAction>)
    case search(SearchAction)
    case destination(Destination?)
    case rated([String: Int])
    case played(Int?, speed: Speed)
    case volume(Double)
    case cleared
  }

  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .added(let title):
      state.episodes.append(Episode(id: (state.episodes.last?.id ?? 0) + 1, title: title))
    case .moved(let from, let to):
      guard state.episodes.indices.contains(from), state.episodes.indices.contains(to) else {
        break
      }
      let episode = state.episodes.remove(at: from)
      _ = state.episodes.insert(episode, at: to)
    case .episodes(.element(let id, let action)):
      switch action {
      case .downloadTapped:
        state.episodes[id: id]?.download = .downloading(0)
        // The download: it reports its progress, then that it is done.
        return .run { send in
          await send(.episodes(.element(id: id, action: .progress(50))))
          await send(.episodes(.element(id: id, action: .tagged(["downloaded"]))))
        }
      case .progress(let percent): state.episodes[id: id]?.download = .downloading(percent)
      case .finished(let bytes, let date):
        state.episodes[id: id]?.download = .done(bytes: bytes, at: date)
      case .tagged(let tags): state.episodes[id: id]?.tags = tags
      }
    case .search(.queryChanged(let query)): state.destination = .search(query: query)
    case .search(.answered), .search(.closed): break
    case .destination(let destination): state.destination = destination
    case .rated(let ratings): state.ratings.merge(ratings) { $1 }
    case .played(let id, _): state.nowPlaying = id
    case .volume(let volume): state.volume = volume
    case .cleared: state = State()
    }
    return .none
  }
}
