import PropertyTesting
import Store

/// Reducer bugs for ``ReducerProperty``, each with the shortest, simplest sequence of actions that
/// shows it. scripts/compare-hypothesis.py runs the same machines as Hypothesis rule-based state
/// machines.
extension ShrinkingCorpus {
  static let reducers: [ShrinkingChallenge] =
    [20, 50, 100].map { steps in
      reducer(
        "lock_steps_0_\(steps)", examples: 100, ideal: [.arm, .enter(7), .open]
      ) {
        machine()
          .action("tick") { _ in .just(.tick) }
          .action("arm") { _ in .just(.arm) }
          .action("enter") { _ in Gen.int(in: 0...9).map(CorpusMachine.Action.enter) }
          .action("open") { _ in .just(.open) }
          .invariant("the lock stays shut") { !$0.opened }
          .steps(0...steps)
      }
    } + [
      reducer("todo_duplicate_remove", ideal: [.add(0), .add(0), .remove(0)]) {
        machine()
          .action("add") { _ in Gen.int(in: 0...9).map(CorpusMachine.Action.add) }
          .action("remove") { _ in Gen.int(in: 0...9).map(CorpusMachine.Action.remove) }
          .invariant("a removed item is gone") { state in
            state.removed.map { !state.items.contains($0) } ?? true
          }
      },
      reducer("counter_overflow", ideal: [.addByte(28), .addByte(100)]) {
        machine()
          .action("increment") { _ in .just(.increment) }
          .action("add") { _ in Gen.int(in: Int8(0)...100).map(CorpusMachine.Action.addByte) }
          .invariant("the byte stays non-negative") { $0.byte >= 0 }
      },
      reducer("increment_then_add", ideal: [.add(7)]) {
        machine()
          .action("increment") { _ in .just(.increment) }
          .action("add") { _ in Gen.int(in: 0...20).map(CorpusMachine.Action.add) }
          .invariant("the count stays below 7") { $0.count < 7 }
      },
      reducer("stale_answer", ideal: [.request, .request, .answer(1)]) {
        machine()
          .action("request", adding: requests, value: \.requests) { _ in .just(.request) }
          .action("answer", using: requests) { _, request in .just(.answer(request)) }
          .invariant("answers are to the latest request") {
            $0.answered == 0 || $0.answered == $0.requests
          }
      },
      reducer("queue_capacity", ideal: Array(repeating: .enqueue(0), count: 4)) {
        machine()
          .action("enqueue") { _ in Gen.int(in: 0...100).map(CorpusMachine.Action.enqueue) }
          .action("dequeue", when: { !$0.items.isEmpty }) { _ in .just(.dequeue) }
          .invariant("at most three queued") { $0.items.count <= 3 }
      },
      reducer("min_max_gap", ideal: [.record(0), .record(11)]) {
        machine()
          .action("record") { _ in Gen.int(in: -100...100).map(CorpusMachine.Action.record) }
          .invariant("no wide gap above -10") { state in
            guard let low = state.items.min(), let high = state.items.max() else { return true }
            return !(high > low + 10 && low + 10 > 0)
          }
      },
      reducer("sorted_insert", ideal: [.insert(1), .insert(0)]) {
        machine()
          .action("insert") { _ in Gen.int(in: 0...100).map(CorpusMachine.Action.insert) }
          .invariant("items stay sorted") { $0.items == $0.items.sorted() }
      },
      reducer("bank_overdraft", ideal: [.deposit(1), .withdraw(2)]) {
        machine()
          .action("deposit") { _ in Gen.int(in: 1...100).map(CorpusMachine.Action.deposit) }
          .action("withdraw") { _ in Gen.int(in: 1...100).map(CorpusMachine.Action.withdraw) }
          .invariant("the balance never goes negative") { $0.count >= 0 }
      },
      reducer("case_insensitive_names", ideal: [.name("a"), .name("A")]) {
        machine()
          .action("add") { _ in Gen.string(count: 0...8).map(CorpusMachine.Action.name) }
          .invariant("names differ ignoring case") { state in
            Set(state.names.map { $0.lowercased() }).count == state.names.count
          }
      },
    ]

  private static let requests = References<Int>("requests")

  private static func machine() -> ReducerProperty<CorpusMachine> {
    ReducerProperty(CorpusMachine(), initialState: CorpusMachine.State())
  }

  static func reducer<R: Reducer & Sendable>(
    _ name: String, examples: Int = 1000, ideal: [R.Action],
    _ property: @escaping @Sendable () -> ReducerProperty<R>
  ) -> ShrinkingChallenge where R.State: Equatable & Sendable, R.Action: Equatable & Sendable {
    reducer(name, examples: examples, ideals: [ideal], property)
  }

  /// A reducer problem with more than one ideal, equally simple (the two orders of a symmetric
  /// pair of references, say).
  static func reducer<R: Reducer & Sendable>(
    _ name: String, examples: Int = 1000, ideals: [[R.Action]],
    _ property: @escaping @Sendable () -> ReducerProperty<R>
  ) -> ShrinkingChallenge where R.State: Equatable & Sendable, R.Action: Equatable & Sendable {
    ShrinkingChallenge(name) { seed in
      let result = property().check(
        PropertySettings(examples: examples, seed: seed), reportFailure: { _ in })
      guard result.verdict == .failed, let run = result.counterexample else {
        return ShrinkingChallenge.Outcome(
          foundFailure: false, ideal: false, shrinkRuns: 0, counterexample: "")
      }
      return ShrinkingChallenge.Outcome(
        foundFailure: true, ideal: ideals.contains(run.actions), shrinkRuns: result.shrinkRuns,
        counterexample: swiftSource(run.actions) ?? "")
    }
  }
}

/// One reducer with every corpus bug: each problem uses some of its actions.
struct CorpusMachine: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var byte: Int8 = 0
    var items: [Int] = []
    var names: [String] = []
    var removed: Int?
    var armed = false
    var code: Int?
    var opened = false
    var ticks = 0
    var requests = 0
    var answered = 0
  }

  enum Action: Equatable, Sendable {
    case tick, arm, open, increment, request, dequeue
    case enter(Int), add(Int), remove(Int), addByte(Int8), answer(Int), enqueue(Int)
    case record(Int), insert(Int), deposit(Int), withdraw(Int), name(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tick: state.ticks += 1
    case .arm:
      state.armed = true
      state.code = nil
    case .enter(let digit): if state.armed { state.code = digit }
    case .open:
      if state.armed, state.code == 7 { state.opened = true }
    case .increment:
      state.count += 1
      state.byte &+= 1
    case .add(let value):
      state.items.append(value)
      state.count += value
      state.removed = nil
    case .remove(let value):
      // The bug: only the first copy goes.
      if let index = state.items.firstIndex(of: value) { state.items.remove(at: index) }
      state.removed = value
    case .addByte(let value): state.byte &+= value
    case .request:
      state.requests += 1
      state.answered = 0
    case .answer(let request): state.answered = request  // the bug: a stale answer is taken
    case .enqueue(let value):
      // The bug: one more than the capacity of three fits.
      if state.items.count <= 3 { state.items.append(value) }
    case .dequeue: if !state.items.isEmpty { state.items.removeFirst() }
    case .record(let value): state.items.append(value)
    case .insert(let value):
      // The bug: a value below the first goes to the end.
      if let first = state.items.first, value < first {
        state.items.append(value)
      } else {
        let index = state.items.firstIndex { $0 > value } ?? state.items.count
        state.items.insert(value, at: index)
      }
    case .deposit(let amount): state.count += amount
    case .withdraw(let amount): if amount <= 2 * state.count { state.count -= amount }  // the bug
    case .name(let name): if !state.names.contains(name) { state.names.append(name) }
    }
    return .none
  }
}
