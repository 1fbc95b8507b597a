import Foundation
import StoreTesting
import Synchronization
import Testing

// The examples of docs/property-testing.md, "What a property sees", compiled and run here
// (DocSnippetTests checks that the document shows exactly these regions).

struct LikesClient: Sendable {
  var save: @Sendable (Int) async throws -> Int
  var track: @Sendable (String) -> Void
}

enum LikesClientKey: DependencyKey {
  static let liveValue = LikesClient(save: { $0 }, track: { _ in })
  static let testValue = liveValue
}

extension DependencyValues {
  var likes: LikesClient {
    get { self[LikesClientKey.self] }
    set { self[LikesClientKey.self] = newValue }
  }
}

/// A like button: a tap counts at once, the server answers with the count it keeps.
struct Likes: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var saved = 0
  }

  enum Action: Equatable, Sendable {
    case tap
    case saved(Int)
  }

  @Dependency(\.likes) var likes

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      state.count += 1
      let count = state.count
      return .run { [likes] send in
        likes.track("tap")
        await send(.saved(try await likes.save(count)))
      }
    case .saved(let count):
      state.saved = count
      return .none
    }
  }
}

// snippet: transition-invariant
func likesNeverGoDown() -> EffectProperty<Likes> {
  EffectProperty(Likes(), initialState: Likes.State())
    .action("tap") { _ in .just(.tap) }
    .answering(
      "save", values: { (call: AnsweredCall<Int>) in .just(call.input) },
      code: "$0.likes.save = { _ in try await save.next() }"
    ) { dependencies, call in
      dependencies.likes.save = { count in try await call(count) }
    }
    .invariant("a saved count never goes down") { before, action, after in
      guard case .saved = action else { return true }
      return after.saved >= before.saved
    }
}
// snippet: end

// snippet: recorded-fake
/// What the fake analytics client recorded in the current run.
final class Tracked: Sendable {
  private let events = Mutex<[String]>([])

  func clear() { events.withLock { $0 = [] } }
  func record(_ event: String) { events.withLock { $0.append(event) } }
  var count: Int { events.withLock { $0.count } }
}

func everyTapTracked() -> EffectProperty<Likes> {
  let tracked = Tracked()  // one per property: its runs never overlap
  return EffectProperty(Likes(), initialState: Likes.State())
    .action("tap") { _ in .just(.tap) }
    .dependencies(code: "$0.likes.track = { _ in }") { dependencies in
      tracked.clear()  // once at the start of every run, before the answered dependencies
      dependencies.likes.track = { tracked.record($0) }
    }
    .answering("save", values: { (call: AnsweredCall<Int>) in .just(call.input) }) {
      dependencies, call in
      dependencies.likes.save = { count in try await call(count) }
    }
    .eventually("every tap is tracked once") { state in tracked.count == state.count }
}
// snippet: end

// snippet: answered-call
func savedCountsAnswered() -> EffectProperty<Likes> {
  EffectProperty(Likes(), initialState: Likes.State())
    .action("tap") { _ in .just(.tap) }
    .answering(
      "save",
      // The server keeps the count it was sent, or one it saw earlier in the run.
      values: { (call: AnsweredCall<Int>) in Gen.element(of: call.earlier + [call.input]) }
    ) { dependencies, call in
      dependencies.likes.save = { count in try await call(count) }
    }
}
// snippet: end

// snippet: any-clock
/// A countdown written for any clock, so that it runs on `ContinuousClock` or a test clock.
struct Countdown<C: Clock<Duration>>: Sendable {
  let clock: C

  func ticks(from seconds: Int) -> Effect<EggTimer.Action> {
    .run { [clock] send in
      for left in stride(from: seconds - 1, through: 0, by: -1) {
        try await clock.sleep(for: .seconds(1))
        await send(.tick(left))
      }
    }
  }
}

struct EggTimer: Reducer {
  struct State: Equatable, Sendable {
    var left = 0
    var isRunning = false
  }

  enum Action: Equatable, Sendable {
    case start(Int)
    case stop
    case tick(Int)
  }

  enum CancelID { case countdown }

  @Dependency(\.continuousClock) var clock  // any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let seconds):
      state.left = seconds
      state.isRunning = true
      return Countdown(clock: AnyClock(clock)).ticks(from: seconds)
        .cancellable(id: CancelID.countdown, cancelInFlight: true)
    case .stop:
      state.isRunning = false
      return .cancel(id: CancelID.countdown)
    case .tick(let left):
      state.left = left
      if left == 0 { state.isRunning = false }
      return .none
    }
  }
}
// snippet: end

// snippet: teardown
func timerCountsDown() -> EffectProperty<EggTimer> {
  EffectProperty(EggTimer(), initialState: EggTimer.State())
    .action("start") { _ in Gen.int(in: 1...3).map(EggTimer.Action.start) }
    .action("stop", when: { $0.isRunning }) { _ in .just(.stop) }
    .teardown { state in state.isRunning ? [.stop] : [] }
    .invariant("the time left never goes below zero") { $0.left >= 0 }
}
// snippet: end

@Suite("The examples of what an effect property sees")
@MainActor
struct EffectContextSnippets {
  @Test("the transition invariant, the fake read by an invariant, the answers from the call hold")
  func propertiesHold() async {
    #expect(await likesNeverGoDown().check(reportFailure: { _ in }).verdict == .failed)
    #expect(await everyTapTracked().check(reportFailure: { _ in }).verdict == .passed)
    #expect(await savedCountsAnswered().check(reportFailure: { _ in }).verdict == .passed)
    #expect(await timerCountsDown().check(reportFailure: { _ in }).verdict == .passed)
  }
}
