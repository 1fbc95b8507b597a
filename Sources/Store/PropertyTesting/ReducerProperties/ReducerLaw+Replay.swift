import ActionLog
import Foundation
import Store

extension ReducerLaw where State: Codable & Equatable, Action: LoggableAction {
  /// Recording the run and replaying the recording gives the live run's final state: every
  /// action of the run is written to an action log (as `--record` writes them, with snapshots),
  /// the log is replayed with effects off (as `uniflow replay` does, verifying the snapshots),
  /// and the two final states must be equal.
  ///
  /// ```swift
  /// ReducerProperty(AppReducer(), initialState: state)
  ///   .action("moveDay") { _ in Gen.int(in: -9...9).map { .clock(.moveDay($0)) } }
  ///   .laws(.deterministic, .codableRoundTrip, .replayMatchesLive)
  /// ```
  public static var replayMatchesLive: ReducerLaw {
    replayLaw(logging: { $0 }, read: { $0 })
  }
}

extension ReducerLaw where State: Codable & Equatable, Action: Codable & Equatable & Sendable {
  /// The same law for an action logged as a console logs one with no codec of its own: as the
  /// Swift of its value, derived from its `Codable` (`.added(title: "Milk")`). Recording the run
  /// and replaying the recording gives the live run's final state.
  ///
  /// ```swift
  /// ReducerProperty(Cart(), initialState: Cart.State())
  ///   .action("add") { _ in Gen.int(in: 1...99).map { .addTapped(priceCents: $0) } }
  ///   .laws(.replayMatchesLive)
  /// ```
  public static var replayMatchesLive: ReducerLaw {
    replayLaw(logging: DerivedAction.init, read: \.action)
  }
}

extension ReducerLaw
where State: Codable & Equatable, Action: LoggableAction & Codable & Equatable {
  /// For an action that is both: logged by its own codec, which wins over the derived one, as
  /// in a console.
  ///
  /// ```swift
  /// ReducerProperty(AppReducer(), initialState: state)
  ///   .action("moveDay") { _ in Gen.int(in: -9...9).map { .clock(.moveDay($0)) } }
  ///   .laws(.replayMatchesLive)
  /// ```
  public static var replayMatchesLive: ReducerLaw {
    replayLaw(logging: { $0 }, read: { $0 })
  }
}

extension ReducerLaw where State: Codable & Equatable {
  /// The replay law with the run's actions logged as `Logged`, made by `logging` and read back
  /// by `read`.
  static func replayLaw<Logged: LoggableAction>(
    logging: @escaping (Action) -> Logged, read: @escaping (Logged) -> Action
  ) -> ReducerLaw {
    ReducerLaw(
      "replay of the recorded log equals the live run",
      afterRun: { reduce, initial, actions, final in
        let path = FileManager.default.temporaryDirectory
          .appendingPathComponent("uniflow-law-\(UUID().uuidString).log").path
        defer { unlink(path) }
        do throws(ActionLogError) {
          let recorder = try ActionLogRecorder<State, Logged>(
            path: path, overwrite: true, settings: [], state: initial, snapshotEvery: 4)
          var live = initial
          for action in actions {
            reduce(&live, action)
            try recorder.record(logging(action), origin: .sent, state: live)
          }
          try recorder.finish(state: live)
          let replay = try ActionLogReplayer<State, Logged>(path: path)
            .run(until: nil, verify: true, apply: { reduce(&$0, read($1)) }, step: nil)
          if case .diverged(let divergence) = replay.verification {
            return "the replay parted from the recording at \(divergence.field), "
              + "between seq \(divergence.lastAgreedSeq) and \(divergence.seq)"
          }
          guard replay.state == final else {
            return "the replay ended on another state:\n"
              + lineDiff(expected: dumpLines(final), actual: dumpLines(replay.state))
              + "\n(live: \u{2212}, replayed: +)"
          }
          return nil
        } catch {
          return "the run could not be recorded or replayed: \(error)"
        }
      })
  }
}
