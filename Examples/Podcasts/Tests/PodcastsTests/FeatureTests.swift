import Podcasts
import StoreTesting
import Testing

@MainActor
@Suite("The podcast app")
struct FeatureTests {
  @Test("an episode downloads through its client, reporting its progress")
  func downloads() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature()) {
      $0.downloadClient = DownloadClient { _ in
        AsyncThrowingStream {
          $0.yield(.progress(50))
          $0.yield(.finished(bytes: 10))
          $0.finish()
        }
      }
    }
    await store.send(.added(title: "Swift Talk")) {
      $0.episodes.append(Episode.State(id: 1, title: "Swift Talk"))
      $0.nextID = 2
    }
    await store.send(.episodes(.element(id: 1, action: .downloadTapped))) {
      $0.episodes[id: 1]?.download = .downloading(0)
    }
    await store.receive(.episodes(.element(id: 1, action: .progressed(50)))) {
      $0.episodes[id: 1]?.download = .downloading(50)
    }
    await store.receive(.episodes(.element(id: 1, action: .finished(bytes: 10)))) {
      $0.episodes[id: 1]?.download = .done(bytes: 10)
    }
  }
}
