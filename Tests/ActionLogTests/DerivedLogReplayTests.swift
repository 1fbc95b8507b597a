import Foundation
import Store
import StoreTesting
import Synchronization
import TestSupport
import Testing

@testable import ActionLog

/// A long derived log — the podcast feature's actions as Swift, one a line — records, replays and
/// verifies through the templates; a reducer changed since the recording is caught at the action
/// that parts.
@Suite("A long derived log")
struct DerivedLogReplayTests {
  /// What the screens keep of the podcast actions: small, so that the snapshots' checks do not
  /// weigh on the log's length.
  struct State: Codable, Equatable, Sendable, LogFingerprintable {
    var moves = 0
    var progress = 0
    var title = ""
    var volume = 0.0
    var answers = 0
    var playing: Int?

    func fingerprint(into hasher: inout StateHasher) {
      hasher.combine(moves)
      hasher.combine(progress)
      hasher.combine(title)
      hasher.combine(volume)
      hasher.combine(answers)
      hasher.combine(playing)
    }
  }

  /// The podcast's actions in a type of this suite's own, whose templates no other test uses.
  enum Action: Codable, Equatable, Sendable {
    case podcast(Podcast.Action)
  }

  static func reduce(_ state: inout State, _ action: Action, changed: Bool = false) {
    guard case .podcast(let action) = action else { return }
    switch action {
    case .moved(let from, let to): state.moves &+= from &- to
    case .episodes(.element(_, .progress(let percent))):
      state.progress &+= changed && percent == 77 ? percent + 1 : percent
    case .added(let title): state.title = title
    case .volume(let volume): state.volume = volume
    case .search(.answered(let answers)): state.answers += answers.count
    case .played(let id, _): state.playing = id
    default: break
    }
  }

  /// An endless mix of the podcast's actions from a seed: rows by id, titles with quotes and
  /// other scripts, lists, decimals, dates and optionals.
  static func actions(seed: UInt64, count: Int) -> [Action] {
    podcastActions(seed: seed, count: count).map(Action.podcast)
  }

  static func podcastActions(seed: UInt64, count: Int) -> [Podcast.Action] {
    var random = SplitMix64(seed: seed)
    let titles = ["Swift Talk", "Point-Free", #"서울 "live""#, "", "a\\b\nc", "🐶"]
    return (0..<count).map { _ in
      let id = Int(random.next() % 50)
      switch random.next() % 10 {
      case 0, 1, 2: return .episodes(.element(id: id, action: .progress(Int(random.next() % 101))))
      case 3: return .moved(from: id, to: Int(random.next() % 50) - 25)
      case 4: return .added(title: titles[Int(random.next() % 6)])
      case 5: return .volume(Double(random.next() % 1000) / 8)
      case 6:
        return .search(.answered(Array(titles.prefix(Int(random.next() % 4)))))
      case 7:
        return .episodes(
          .element(
            id: id,
            action: .finished(
              bytes: Int(random.next() % 1 << 40),
              at: Date(timeIntervalSinceReferenceDate: Double(random.next() % 1 << 30) / 4))))
      case 8: return .played(random.next() % 3 == 0 ? nil : id, speed: .fast)
      default: return .episodes(.element(id: id, action: .downloadTapped))
      }
    }
  }

  /// The size of the log: 100,000 actions (the replay's cost is linear in it; the bench replays
  /// 1,000,000 in release).
  static let count = 100_000

  /// Records `actions` from the initial state to `file`, derived; the state they end in.
  static func record(_ actions: [Action], to file: TemporaryFile) throws -> State {
    var state = State()
    let recorder = try ActionLogRecorder<State, DerivedAction<Action>>(
      path: file.path, settings: [LogSetting("timeZone", "UTC")], state: state)
    for action in actions {
      Self.reduce(&state, action)
      try recorder.record(DerivedAction(action), origin: .sent, state: state)
    }
    try recorder.finish(state: state)
    return state
  }

  @Test("100,000 derived actions replay and verify, all but a few through their templates")
  func replaysAndVerifies() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let actions = Self.actions(seed: 3, count: Self.count)
    let state = try Self.record(actions, to: file)

    var replayed: [Action] = []
    replayed.reserveCapacity(Self.count)
    let slowReads = TemplateStore.of(Action.self).slowReads.load(ordering: .relaxed)
    let result = try ActionLogReplayer<State, DerivedAction<Action>>(path: file.path).run(
      until: nil, verify: true,
      apply: {
        replayed.append($1.action)
        Self.reduce(&$0, $1.action)
      }, step: nil)
    #expect(result.actions == Self.count)
    #expect(result.state == state)
    #expect(
      result.verification
        == .agreed(checkpointSeq: Self.count, snapshots: Self.count / 64, fingerprints: Self.count))
    #expect(replayed == actions)
    // The first line of each template (a few hundred: each list's length, each row's action,
    // each title's escapes) is read by init(from:), and no other.
    let read = TemplateStore.of(Action.self).slowReads.load(ordering: .relaxed) - slowReads
    #expect(read < 400, "\(read) lines read by init(from:)")
  }

  @Test("a reducer changed since the recording is caught at the action that parts")
  func changedReducer() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let actions = Self.actions(seed: 5, count: 5_000)
    _ = try Self.record(actions, to: file)
    let parting = try #require(
      actions.firstIndex {
        $0 == .podcast(.episodes(.element(id: ($0.id ?? -1), action: .progress(77))))
      })

    let result = try ActionLogReplayer<State, DerivedAction<Action>>(path: file.path).run(
      until: nil, verify: true, apply: { Self.reduce(&$0, $1.action, changed: true) }, step: nil)
    guard case .diverged(let divergence) = result.verification else {
      Issue.record("the changed reducer was not caught: \(String(describing: result.verification))")
      return
    }
    #expect(divergence.partedSeq == parting + 1)
  }
}

extension DerivedLogReplayTests.Action {
  /// The row an episode's action is for.
  fileprivate var id: Int? {
    if case .podcast(.episodes(.element(let id, _))) = self { return id }
    return nil
  }
}
