import PropertyTesting
import Store

/// Problems of the kinds an outside user found the shrinker short on (issue 33, item 2): 64-bit
/// arithmetic at the extremes, a simplifier over a recursive enum, dependency graphs, numbers
/// formatted as text, and reducers whose bug hides among noise actions.
/// scripts/corpus_hypothesis.py and corpus_machines.py state the same problems for Hypothesis
/// under the same names.
extension ShrinkingCorpus {
  static let outside: [ShrinkingChallenge] = values + outsideReducers

  static let values: [ShrinkingChallenge] = [
    ShrinkingChallenge("expression_simplifier", Formula.gen) { formula in
      formula.simplified.value(x: 3) == formula.value(x: 3)
    } isIdeal: {
      $0 == .mul(.neg(.x), .neg(.x))
    },
    ShrinkingChallenge("topological_order_duplicate_edge", Edge.gen(nodes: 0...6)) { edges in
      Edge.order(edges).count == Edge.nodes(edges).count
    } isIdeal: {
      $0 == [Edge(0, 1), Edge(0, 1)]
    },
    ShrinkingChallenge("cycle_of_three_undetected", Edge.anyGen(nodes: 0...5)) { edges in
      Edge.hasShortCycle(edges)
        || Edge.order(edges, repeatsCount: false).count == Edge.nodes(edges).count
    } isIdeal: {
      $0 == [Edge(0, 1), Edge(1, 2), Edge(2, 0)]
    },
    separators("thousands_separators_with_sign", Gen.int),
    separators("thousands_separators_in_a_million", Gen.int(in: -1_000_000...1_000_000)),
    separators("thousands_separators_int32", Gen<Int32>.integer.map(Int.init)),
  ]

  /// Integers of `gen` formatted with thousands separators by a formatter that groups the sign
  /// with the digits (`"-,100"`).
  static func separators(_ name: String, _ gen: Gen<Int>) -> ShrinkingChallenge {
    ShrinkingChallenge(name, gen) {
      Separators.buggy($0) == Separators.correct($0)
    } isIdeal: {
      $0 == -100
    }
  }

  static let outsideReducers: [ShrinkingChallenge] = [
    reducer("ledger_overflow_near_int_min", ideal: [.withdraw(2), .withdraw(Int.max)]) {
      ledger64(withdrawals: 0...Int.max)
    },
    reducer("ledger_int64_full_range", ideal: [.withdraw(Int.min)]) {
      ledger64(withdrawals: Int.min...Int.max)
    },
    reducer("cart_quantity_among_noise", ideal: [.add(item: 0, quantity: 2), .remove(item: 0)]) {
      shop()
        .action("browse") { _ in .just(.browse) }
        .action("search") { _ in Gen.string(count: 0...5).map(ShopMachine.Action.search) }
        .action("add") { _ in
          Gen.zip(Gen.int(in: 0...4), Gen.int(in: 1...9)).map {
            ShopMachine.Action.add(item: $0, quantity: $1)
          }
        }
        .action("remove") { _ in Gen.int(in: 0...4).map { .remove(item: $0) } }
        .invariant("the total counts every item in the cart") {
          $0.total == $0.cart.values.reduce(0, +)
        }
    },
    reducer("seat_booking_among_noise", ideal: [.book(1), .book(1)]) {
      shop()
        .action("browse") { _ in .just(.browse) }
        .action("book") { _ in Gen.int(in: 1...30).map(ShopMachine.Action.book) }
        .action("cancel") { _ in Gen.int(in: 1...30).map(ShopMachine.Action.cancel) }
        .invariant("every booking is a different seat") { $0.bookings == $0.seats.count }
    },
  ]

  private static func ledger64(withdrawals: ClosedRange<Int>) -> ReducerProperty<ShopMachine> {
    shop()
      .action("browse") { _ in .just(.browse) }
      .action("page") { _ in Gen.int(in: 0...9).map(ShopMachine.Action.page) }
      .action("deposit") { _ in Gen.int(in: 0...1000).map(ShopMachine.Action.deposit) }
      .action("withdraw") { _ in Gen.int(in: withdrawals).map(ShopMachine.Action.withdraw) }
      .invariant("the balance is what went in less what went out") { state in
        Int128(state.balance) == state.deposited - state.withdrawn
      }
  }

  private static func shop() -> ReducerProperty<ShopMachine> {
    ReducerProperty(ShopMachine(), initialState: ShopMachine.State())
  }
}

/// A shop's ledger, cart and seats among noise actions, with the bugs of the outside problems.
struct ShopMachine: Reducer {
  struct State: Equatable, Sendable {
    var browsed = 0
    var page = 0
    var query = ""
    var balance = 0
    var deposited: Int128 = 0
    var withdrawn: Int128 = 0
    var cart: [Int: Int] = [:]
    var total = 0
    var seats: Set<Int> = []
    var bookings = 0
  }

  enum Action: Equatable, Sendable {
    case browse
    case page(Int)
    case search(String)
    case deposit(Int), withdraw(Int)
    case add(item: Int, quantity: Int), remove(item: Int)
    case book(Int), cancel(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .browse: state.browsed += 1
    case .page(let page): state.page = page
    case .search(let query): state.query = query
    case .deposit(let amount):
      state.balance &+= amount
      state.deposited += Int128(amount)
    case .withdraw(let amount):
      state.balance &-= amount  // the bug: the balance wraps around
      state.withdrawn += Int128(amount)
    case .add(let item, let quantity):
      state.cart[item, default: 0] += quantity
      state.total += quantity
    case .remove(let item):
      if state.cart.removeValue(forKey: item) != nil { state.total -= 1 }  // the bug: one, not all
    case .book(let seat):
      state.seats.insert(seat)
      state.bookings += 1  // the bug: a seat booked twice counts twice
    case .cancel(let seat):
      if state.seats.remove(seat) != nil { state.bookings -= 1 }
    }
    return .none
  }
}

/// Formulas in one variable: what `expression_simplifier` simplifies.
indirect enum Formula: Equatable, Sendable {
  case number(Int)
  case x
  case add(Formula, Formula)
  case mul(Formula, Formula)
  case neg(Formula)

  /// Formulas up to four levels deep over `-10...10` and `x`.
  static let gen = Gen.recursive(
    base: Gen.oneOf(Gen.int(in: -10...10).map(Formula.number), .just(.x)), maxDepth: 4
  ) { formula in
    [
      Gen.zip(formula, formula).map(Formula.add), Gen.zip(formula, formula).map(Formula.mul),
      formula.map(Formula.neg),
    ]
  }

  /// The value at `x` (wrapping: four levels of numbers up to 10 never overflow anyway).
  func value(x: Int) -> Int {
    switch self {
    case .number(let value): value
    case .x: x
    case .add(let a, let b): a.value(x: x) &+ b.value(x: x)
    case .mul(let a, let b): a.value(x: x) &* b.value(x: x)
    case .neg(let a): 0 &- a.value(x: x)
    }
  }

  /// Simplified from the leaves up: constants folded, 0 and 1 dropped, double negation removed.
  /// The planted bug: `(-a) · (-b)` becomes `-(a · b)`.
  var simplified: Formula {
    switch self {
    case .number, .x: return self
    case .neg(let a):
      switch a.simplified {
      case .number(let value): return .number(0 &- value)
      case .neg(let inner): return inner
      case let simple: return .neg(simple)
      }
    case .add(let a, let b):
      switch (a.simplified, b.simplified) {
      case (.number(let p), .number(let q)): return .number(p &+ q)
      case (.number(0), let other), (let other, .number(0)): return other
      case (let p, let q): return .add(p, q)
      }
    case .mul(let a, let b):
      switch (a.simplified, b.simplified) {
      case (.number(let p), .number(let q)): return .number(p &* q)
      case (.number(0), _), (_, .number(0)): return .number(0)
      case (.number(1), let other), (let other, .number(1)): return other
      case (.neg(let p), .neg(let q)): return .neg(.mul(p, q))  // the bug
      case (let p, let q): return .mul(p, q)
      }
    }
  }
}

/// An edge of a dependency graph: `to` depends on `from`.
struct Edge: Equatable, Hashable, Sendable {
  let from: Int
  let to: Int

  init(_ from: Int, _ to: Int) {
    self.from = from
    self.to = to
  }

  /// Edge lists of an acyclic graph (every edge goes to a later node) over `nodes`.
  static func gen(nodes: ClosedRange<Int>) -> Gen<[Edge]> {
    Gen.zip(Gen.int(in: nodes), Gen.int(in: 1...3)).map { Edge($0, $0 + $1) }.array(count: 0...10)
  }

  /// Edge lists of any graph over `nodes`.
  static func anyGen(nodes: ClosedRange<Int>) -> Gen<[Edge]> {
    Gen.zip(Gen.int(in: nodes), Gen.int(in: nodes)).map { Edge($0, $1) }.array(count: 0...10)
  }

  /// Every node an edge names.
  static func nodes(_ edges: [Edge]) -> Set<Int> {
    Set(edges.flatMap { [$0.from, $0.to] })
  }

  /// Kahn's topological order: the nodes on no cycle. The planted bug, when `repeatsCount`: a
  /// node's incoming edges are counted with repeats, but its predecessors release it once each,
  /// so a repeated edge keeps its target (and all after it) out of the order. Bound: O(n + e).
  static func order(_ edges: [Edge], repeatsCount: Bool = true) -> [Int] {
    var incoming: [Int: Int] = [:]
    var next: [Int: Set<Int>] = [:]
    for edge in repeatsCount ? edges : Array(Set(edges)) {
      incoming[edge.to, default: 0] += 1
      next[edge.from, default: []].insert(edge.to)
    }
    var ready = nodes(edges).filter { incoming[$0, default: 0] == 0 }.sorted()
    var order: [Int] = []
    while !ready.isEmpty {
      let node = ready.removeFirst()
      order.append(node)
      for target in (next[node] ?? []).sorted() {
        incoming[target]! -= 1
        if incoming[target] == 0 { ready.append(target) }
      }
    }
    return order
  }

  /// Whether the graph has a cycle of one or two edges. The planted bug: the only cycles it
  /// looks for, so a longer cycle passes as acyclic.
  static func hasShortCycle(_ edges: [Edge]) -> Bool {
    let set = Set(edges)
    return edges.contains { $0.from == $0.to || set.contains(Edge($0.to, $0.from)) }
  }
}

/// Integers written with thousands separators.
enum Separators {
  /// `-1234567` as `-1,234,567`.
  static func correct(_ value: Int) -> String {
    let digits = Array(String(value.magnitude))
    var text = value < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return text
  }

  /// The planted bug: the sign is grouped with the digits, so `-100` is `-,100`.
  static func buggy(_ value: Int) -> String {
    let characters = Array(String(value))
    var text = ""
    for (index, character) in characters.enumerated() {
      if index > 0, (characters.count - index) % 3 == 0 { text += "," }
      text.append(character)
    }
    return text
  }
}
