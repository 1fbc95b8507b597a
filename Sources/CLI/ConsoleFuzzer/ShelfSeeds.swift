import ActionLog
import Foundation
import Store

/// Seed logs for the console fuzzer: sessions of ``Shelf`` recorded through a real store, from a
/// fixed generator, so that every seed is a log the console reads.
enum ShelfSeeds {
  /// Records 12 sessions of 1 to 60 actions into `directory`.
  @MainActor
  static func record(into directory: String) async throws {
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    var seed: UInt64 = 1
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let names = ["ab", "bax", "a", "", "\u{202E}x", "서울", "aaaaab"]
    for session in 0..<12 {
      let store = Store(initialState: Shelf.State(), reducer: Shelf())
      let path = directory + "/shelf-\(session).log"
      let recorder = try ActionLogRecorder<Shelf.State, Shelf.Action>(
        path: path, overwrite: true, settings: [LogSetting("app", "shelf 1.0.0")],
        state: store.state, snapshotEvery: 8)
      let observation = recorder.attach(to: store) { _ in }
      for _ in 0..<(1 + next(60)) {
        let name = names[next(names.count)]
        let actions: [Shelf.Action] = [
          .add(name: name, count: next(5) - 1), .remove(index: next(4)),
          .tag(index: next(4), tag: name), .due(index: next(3), at: Date(timeIntervalSince1970: 0)),
          .select(next(3) == 0 ? nil : next(4)), .edit(index: next(3), draft: name + "x"),
          .commit, .clear,
        ]
        store.send(actions[next(session % 4 == 0 ? actions.count : actions.count - 1)])
      }
      observation.cancel()
      try recorder.finish(state: store.state)
    }
  }
}
