import PropertyTesting
import Store
import Synchronization
import Testing

@testable import Bench

/// Saves names; each answer says what the server kept.
struct Namer: Reducer {
  struct State: Equatable, Sendable {
    var requests: [String] = []
    var saved: [String] = []
    var taps = 0
  }

  enum Action: Equatable, Sendable {
    case save(String)
    case saved(String)
    case tap
  }

  @Dependency(\.corpus) var corpus

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .save(let name):
      state.requests.append(name)
      return .run { [corpus] send in await send(.saved(try await corpus.saveName(name))) }
    case .saved(let name):
      state.saved.append(name)
      return .none
    case .tap:
      state.taps += 1
      return .run { [corpus] _ in _ = try await corpus.save() }
    }
  }
}

/// What a fake records, for the properties' invariants to read (runs never overlap).
final class Recorder: Sendable {
  let events = Mutex<[String]>([])

  func record(_ event: String) { events.withLock { $0.append(event) } }
  func clear() { events.withLock { $0 = [] } }
  var all: [String] { events.withLock { $0 } }
}

@Suite("Effect properties see transitions, calls and their own fakes")
@MainActor
struct EffectPropertyContextTests {
  @Test("an invariant of the state before, the action and the state after names the action")
  func transitionInvariant() async {
    let buggy = await OptimisticRename.property(fixed: false).check(
      .seed(1), reportFailure: { _ in })
    #expect(buggy.verdict == .failed)
    #expect(
      buggy.message?.contains(
        "invariant \"a failed save never hides a name the server saved\" does not hold after "
          + "the store reduced .failed(request: 1, previous: \"\") (sent by an effect)") == true,
      "\(buggy.message ?? "")")
    let fixed = await OptimisticRename.property(fixed: true).check(
      .seed(1), reportFailure: { _ in })
    #expect(fixed.verdict == .passed)
  }

  @Test("answers are generated from the call's input and from the dependency's earlier calls")
  func answersFromTheCall() async {
    let result = await EffectProperty(Namer(), initialState: Namer.State())
      .action("save") { _ in Gen.element(of: ["a", "b"]).map(Namer.Action.save) }
      .answering(
        "saveName",
        values: { (call: AnsweredCall<String>) in .just("\(call.input)\(call.earlier.count)") }
      ) { dependencies, call in
        dependencies.corpus.saveName = { name in try await call(name) }
      }
      .invariant("each answer is the name asked for and its call's number") { state in
        let asked = Set(state.requests.enumerated().map { "\($1)\($0)" })
        return state.saved.allSatisfy(asked.contains)
      }
      .check(.seed(3), reportFailure: { _ in })
    #expect(result.verdict == .passed, "\(result.message ?? "")")
    #expect(result.examples == 100)
  }

  @Test(".dependencies runs once a run, before the answered dependencies, and runs never overlap")
  func dependenciesOncePerRun() async {
    let log = Recorder()
    let result = await EffectProperty(Namer(), initialState: Namer.State())
      .action("save") { _ in Gen.element(of: ["a", "b"]).map(Namer.Action.save) }
      .dependencies { _ in log.record("prepare") }
      .answering("saveName", values: { (call: AnsweredCall<String>) in .just(call.input) }) {
        dependencies, call in
        log.record("install")
        dependencies.corpus.saveName = { name in try await call(name) }
      }
      .check(.seed(1).examples(30), reportFailure: { _ in })
    #expect(result.verdict == .passed)
    #expect(log.all == Array(repeating: ["prepare", "install"], count: 30).flatMap { $0 })
  }

  @Test("an eventually condition reads what a fake dependency recorded in the same run")
  func fakeReadByInvariant() async {
    let saves = Recorder()
    let property = EffectProperty(Namer(), initialState: Namer.State())
      .action("tap") { _ in .just(.tap) }
      .dependencies { _ in saves.clear() }
      .answering("save", values: Gen.int(in: 0...9)) { dependencies, call in
        dependencies.corpus.save = {
          saves.record("save")
          return try await call()
        }
      }
    let passing = await property.eventually("every tap saved once") { state in
      saves.all.count == state.taps
    }.check(.seed(2), reportFailure: { _ in })
    #expect(passing.verdict == .passed, "\(passing.message ?? "")")
    let failing = await property.eventually("taps are never saved") { _ in saves.all.isEmpty }
      .check(.seed(2), reportFailure: { _ in })
    #expect(
      failing.counterexample?.schedule == [
        "send .tap", "settle", "answer save call 0: .success(0)",
      ])
  }

  @Test("checks running at once, even in one test, track their effects in scopes of their own")
  func scopesOfTheirOwn() async {
    let log = Recorder()
    let first = Task { @MainActor in
      _ = await Self.recordingScope("first", log).check(.seed(1).examples(5)) { _ in }
    }
    let second = Task { @MainActor in
      _ = await Self.recordingScope("second", log).check(.seed(2).examples(5)) { _ in }
    }
    _ = await (first.value, second.value)
    let seen = log.all
    #expect(seen.count == 10)
    let scopes = { (tag: String) in
      Set(seen.filter { $0.hasPrefix(tag + " ") }.map { $0.dropFirst(tag.count + 1) })
    }
    #expect(scopes("first").count == 1)
    #expect(scopes("second").count == 1)
    #expect(!scopes("first").contains("none"))
    #expect(scopes("first").isDisjoint(with: scopes("second")))
  }

  /// A property that records, at the start of every run, the scope its effects are tracked in.
  static func recordingScope(_ tag: String, _ log: Recorder) -> EffectProperty<Namer> {
    EffectProperty(Namer(), initialState: Namer.State())
      .action("tap") { _ in .just(.tap) }
      .dependencies { _ in
        log.record("\(tag) \(ActivityRegistry.shared.scopeOfCurrentTask() ?? "none")")
      }
      .answering("save", values: Gen.int(in: 0...9)) { $0.corpus.save = $1 }
  }

  @Test("a property's runs neither wait for nor presume blocked an effect of another test")
  func otherTestsEffectsUntouched() async {
    // An effect of another test in this task's scope, running: busy, its code started.
    let foreign = EffectActivity()
    foreign.didRun()
    defer { foreign.end() }
    let result = await EffectProperty(Namer(), initialState: Namer.State())
      .action("tap") { _ in .just(.tap) }
      .answering("save", values: Gen.int(in: 0...9)) { $0.corpus.save = $1 }
      .limits(blockedAfter: .milliseconds(50))
      .check(.seed(1).examples(3), reportFailure: { _ in })
    #expect(result.verdict == .passed)
    // Sharing its scope, a run would have waited for it, then counted it blocked and let go.
    #expect(ActivityRegistry.shared.phase(of: foreign) == .running)
  }
}
