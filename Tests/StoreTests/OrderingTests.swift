import Store
import StoreTesting
import Testing

/// A tree of synchronous effects: what a reducer may return, built from `.send`s.
indirect enum SendTree: Sendable, CustomStringConvertible {
  case send(Int)
  case none
  case merge([SendTree])
  case concatenate([SendTree])
  /// `.map` adding an offset to every action inside.
  case map(offset: Int, SendTree)
  case cancellable(id: Int, SendTree)

  /// Sends get actions 1, 2, 3… in the order they are written; nodes are drawn around them.
  static func gen(maxDepth: Int = 4) -> Gen<SendTree> {
    Gen.recursive(base: Gen.int(in: 1...99).map(SendTree.send), maxDepth: maxDepth) { tree in
      [
        Gen<SendTree>.just(.none),
        tree.array(count: 0...4).map(SendTree.merge),
        tree.array(count: 0...4).map(SendTree.concatenate),
        Gen.zip(Gen.int(in: 0...3).map { $0 * 1000 }, tree).map(SendTree.map),
        Gen.zip(Gen.int(in: 0...2), tree).map(SendTree.cancellable),
      ]
    }
  }

  var effect: Effect<Int> {
    switch self {
    case .send(let action): .send(action)
    case .none: .none
    case .merge(let trees): .merge(trees.map(\.effect))
    case .concatenate(let trees): .concatenate(trees.map(\.effect))
    case .map(let offset, let tree): tree.effect.map { $0 + offset }
    case .cancellable(let id, let tree): tree.effect.cancellable(id: id)
    }
  }

  /// The documented order: every send, left to right as written, maps applied.
  var expectedActions: [Int] {
    switch self {
    case .send(let action): [action]
    case .none: []
    case .merge(let trees), .concatenate(let trees): trees.flatMap(\.expectedActions)
    case .map(let offset, let tree): tree.expectedActions.map { $0 + offset }
    case .cancellable(_, let tree): tree.expectedActions
    }
  }

  var description: String {
    switch self {
    case .send(let action): ".send(\(action))"
    case .none: ".none"
    case .merge(let trees): ".merge(\(trees.map(\.description).joined(separator: ", ")))"
    case .concatenate(let trees):
      ".concatenate(\(trees.map(\.description).joined(separator: ", ")))"
    case .map(let offset, let tree): "\(tree).map { $0 + \(offset) }"
    case .cancellable(let id, let tree): "\(tree).cancellable(id: \(id))"
    }
  }
}

@MainActor
@Suite("Ordering of synchronous sends")
struct OrderingTests {
  @Test("merged sends are reduced at once, in the order written, so the last one wins, every run")
  func mergedSendsInOrder() {
    for _ in 0..<200 {
      let store = Store(initialState: 0) { (state: inout Int, action: Int) -> Effect<Int> in
        if action == 0 { return .merge(.send(1), .send(2), .send(3)) }
        state = action
        return .none
      }
      store.send(0)
      #expect(store.state == 3)
    }
  }

  @Test("any tree of merges, concatenations, maps and cancellables of sends reduces in tree order")
  func anyTreeReducesInOrder() {
    forAll(SendTree.gen()) { tree in
      var runs: [[Int]] = []
      for _ in 0..<2 {
        let store = Store(initialState: [Int]()) {
          (state: inout [Int], action: Int) -> Effect<Int> in
          if action == -1 { return tree.effect }
          state.append(action)
          return .none
        }
        store.send(-1)
        runs.append(store.state)
        #expect(store.runningEffects == 0)
      }
      return runs[0] == tree.expectedActions && runs[1] == runs[0]
    }
  }

  @Test("sends returned while reducing a sent action join the queue: breadth first, every run")
  func nestedSendsAreBreadthFirst() {
    // Action n (0…count-1) returns tree n, whose sends name later actions or leaves (100+).
    let program = SendTree.gen(maxDepth: 3).array(count: 1...6)
    forAll(program) { trees in
      let count = trees.count
      // Leaf n of tree i becomes action i + 1 + n % (count - i) when that is a tree, else 100 + n.
      @Sendable func target(_ leaf: Int, from index: Int) -> Int {
        let next = index + 1 + leaf % max(1, count - index)
        return next < count && leaf % 3 == 0 ? next : 100 + leaf
      }
      func effect(_ index: Int) -> Effect<Int> {
        trees[index].effect.map { target($0, from: index) }
      }
      let store = Store(initialState: [Int]()) { (state: inout [Int], action: Int) -> Effect<Int> in
        state.append(action)
        return action < count ? effect(action) : .none
      }
      store.send(0)
      var expected: [Int] = []
      var queue = [0]
      while !queue.isEmpty {
        let action = queue.removeFirst()
        expected.append(action)
        if action < count {
          queue += trees[action].expectedActions.map { target($0, from: action) }
        }
      }
      return store.state == expected
    }
  }

  @Test("an observer's sends and a reducer's sends queue in the order they are made")
  func observerAndReducerSendsQueue() {
    let store = Store(initialState: [String]()) {
      (state: inout [String], action: String) -> Effect<String> in
      state.append(action)
      return action == "a" ? .merge(.send("b"), .send("c")) : .none
    }
    let observation = store.observe { [unowned store] action, _, _ in
      if action == "a" { store.send("observer") }
    }
    store.send("a")
    #expect(store.state == ["a", "b", "c", "observer"])
    observation.cancel()
  }

  @Test("a sent action's StoreTask is finished at once when its effects were all synchronous")
  func synchronousEffectsFinishAtOnce() async {
    let store = Store(initialState: 0) { (state: inout Int, action: Int) -> Effect<Int> in
      state += action
      return action == 1 ? .concatenate(.send(10), .send(100)) : .none
    }
    let task = store.send(1)
    #expect(store.state == 111)
    #expect(await task.isFinished)
    #expect(await !task.hasEffects)
  }

  @Test("a long chain of synchronous sends runs without recursion: 100,000 actions")
  func lotsOfSynchronousActions() {
    let store = Store(initialState: 0) { (state: inout Int, action: Bool) -> Effect<Bool> in
      guard action else { return .none }
      state += 1
      return .send(state < 100_000)
    }
    store.send(true)
    #expect(store.state == 100_000)
  }
}
