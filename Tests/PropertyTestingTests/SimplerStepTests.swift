import Store
import StoreTesting
import Testing

@testable import PropertyTesting

/// A door that opens after any other action: the simplest failing run is `[.tick, .open]`.
private struct Door: Reducer {
  struct State: Equatable, Sendable {
    var actions = 0
    var opened = false
  }

  enum Action: Equatable, Sendable {
    case tick
    case add(Int)
    case open
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if action == .open, state.actions > 0 { state.opened = true }
    state.actions += 1
    return .none
  }
}

@Suite("Steps replaced by simpler kinds of action")
struct SimplerStepTests {
  @Test("a step becomes an earlier kind of action when any action will do in its place")
  func stepBecomesSimplerKind() {
    let property = ReducerProperty(Door(), initialState: Door.State())
      .action("tick") { _ in .just(.tick) }
      .action("add") { _ in Gen.int(in: 0...9).map(Door.Action.add) }
      .action("open") { _ in .just(.open) }
      .invariant("the door stays shut") { !$0.opened }
    // [.add(0), .open] is a local minimum for lowering the kind alone: .tick reads no number, so
    // the add's would be read as the next step's "one more" flag.
    let engine = PropertyEngine(generate: property.generateRun) { $0.failure }
    let start: [UInt64] = [1, 1, 0, 1, 2]
    let shrinker = Shrinker(failing: engine.trial(start, size: 100).0, isExhausted: { false }) {
      engine.trial($0, size: 100).0
    }
    #expect(engine.trial(start, size: 100).1?.actions == [.add(0), .open])
    shrinker.simplifySteps()
    #expect(engine.trial(shrinker.best.indices, size: 100).1?.actions == [.tick, .open])
  }
}
