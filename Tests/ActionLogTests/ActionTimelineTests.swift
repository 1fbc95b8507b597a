import StoreTesting
import Testing

@Suite("Action timeline")
struct ActionTimelineTests {
  /// A state whose every value tells which actions made it, in which order.
  private static func fold(_ actions: some Sequence<Int>) -> [Int] {
    var state: [Int] = []
    for action in actions { state.append(action) }
    return state
  }

  private static func timeline(_ actions: [Int], interval: Int) -> ActionTimeline<[Int], Int> {
    var timeline = ActionTimeline(initialState: [Int](), checkpointInterval: interval) {
      (state: inout [Int], action: Int) in state.append(action)
    }
    for action in actions { timeline.append(action) }
    return timeline
  }

  private static let cases = Gen.zip(
    Gen.int(in: -9...9).array(count: 0...40), Gen.int(in: 1...7))

  @Test("the state at every position is the initial state with the actions before it applied")
  func everyPosition() {
    forAll(Self.cases) { actions, interval in
      let timeline = Self.timeline(actions, interval: interval)
      return (0...actions.count).allSatisfy { position in
        timeline.state(at: position) == Self.fold(actions.prefix(position))
      }
    }
  }

  @Test("going back and appending continues from that state; the later actions are gone")
  func continueFromAnEarlierPosition() {
    let gen = Gen.zip(Self.cases, Gen.int(in: 0...40), Gen.int(in: 10...19).array(count: 0...12))
    forAll(gen) { first, cut, later in
      let (actions, interval) = first
      let position = min(cut, actions.count)
      var timeline = Self.timeline(actions, interval: interval)
      timeline.removeActions(after: position)
      for action in later { timeline.append(action) }
      let expected = Array(actions.prefix(position)) + later
      return timeline.count == expected.count && timeline.actions == expected
        && timeline.lastState == Self.fold(expected)
        && (0...expected.count).allSatisfy {
          timeline.state(at: $0) == Self.fold(expected.prefix($0))
        }
    }
  }

  @Test("memory grows by one state per interval: 10,000 actions every 100 keep 101 states")
  func checkpointsPerInterval() {
    let timeline = Self.timeline(Array(repeating: 1, count: 10_000), interval: 100)
    #expect(timeline.checkpointCount == 101)
    #expect(timeline.state(at: 9_999).count == 9_999)
    #expect(timeline.state(at: 150) == Array(repeating: 1, count: 150))
  }

  @Test("an action whose result the caller knows is appended without reducing it again")
  func appendKnownResult() {
    var reductions = 0
    var timeline = ActionTimeline(initialState: 0, checkpointInterval: 2) {
      (state: inout Int, action: Int) in
      reductions += 1
      state += action
    }
    timeline.append(5, resultingIn: 5)
    timeline.append(2, resultingIn: 7)
    #expect(reductions == 0)
    #expect(timeline.lastState == 7)
    #expect(timeline.state(at: 1) == 5)
    #expect(reductions == 1)  // checkpoint 0 (the initial state) and the first action
  }
}
