import PropertyTesting
import Store

/// Problems of the same classes written after the passes of issue 33 and measured before any
/// change for them: a check that the passes learnt the classes, not the corpus' instances —
/// ranges with offsets, negative ranges, 64-bit extremes, recursive values, strings with
/// structure, sets, dependency graphs and reducers among noise actions.
/// scripts/corpus_hypothesis.py and corpus_machines.py state the same problems for Hypothesis
/// under the same names.
extension ShrinkingCorpus {
  static let holdout: [ShrinkingChallenge] = holdoutValues + holdoutReducers

  static let holdoutValues: [ShrinkingChallenge] = [
    ShrinkingChallenge(
      "difference_from_100", Gen.zip(Gen.int(in: 100...10_000), Gen.int(in: 100...10_000))
    ) { (a: Int, b: Int) -> Bool in
      !(a - b >= 500 && b >= 200)
    } isIdeal: {
      $0 == (700, 200)
    },
    ShrinkingChallenge(
      "squares_of_negatives_above_10000",
      Gen.zip(Gen.int(in: -500...(-10)), Gen.int(in: -500...(-10)))
    ) { (a: Int, b: Int) -> Bool in
      a * a + b * b < 10_000
    } isIdeal: {
      $0 == (-10, -100)
    },
    ShrinkingChallenge(
      "product_of_uint16_at_least_10000", Gen.zip(Gen<UInt16>.integer, Gen<UInt16>.integer)
    ) { (a: UInt16, b: UInt16) -> Bool in
      Int(a) * Int(b) < 10_000
    } isIdeal: {
      $0 == (UInt16(1), UInt16(10_000))
    },
    ShrinkingChallenge("sum_overflows_int64", Gen.zip(Gen.int, Gen.int)) { (a: Int, b: Int) in
      !a.addingReportingOverflow(b).overflow
    } isIdeal: {
      $0 == (1, Int.max)
    },
    ShrinkingChallenge("difference_overflows_int64", Gen.zip(Gen.int, Gen.int)) {
      (a: Int, b: Int) in
      !a.subtractingReportingOverflow(b).overflow
    } isIdeal: {
      $0 == (0, Int.min)
    },
    adjacentSeats("adjacent_seats_in_a_hall", 1...500, block: 3, ideal: [1, 2, 3], count: 0...50),
    adjacentSeats("five_adjacent_seats", 0...100, block: 5, ideal: [0, 1, 2, 3, 4], count: 0...30),
    ShrinkingChallenge("three_large_in_a_set", Gen.int(in: 0...1000).set(count: 0...10)) {
      (set: Set<Int>) -> Bool in
      set.filter { $0 >= 500 }.count < 3
    } isIdeal: {
      $0 == [500, 501, 502]
    },
    ShrinkingChallenge("nested_empty_arrays_print", Document.gen) { document in
      Document.parse(document.printed) == document
    } isIdeal: {
      $0 == .array([.array([])])
    },
    ShrinkingChallenge("fields_with_a_comma", Gen.string().array(count: 1...5)) { fields in
      fields.joined(separator: ",").split(separator: ",", omittingEmptySubsequences: false)
        .map(String.init) == fields
    } isIdeal: {
      $0 == [","]
    },
    ShrinkingChallenge(
      "parentheses_counted_not_matched",
      Gen.element(of: Array("()ab")).array(count: 0...20).map { String($0) }
    ) { text in
      Parentheses.countsMatch(text) == Parentheses.balanced(text)
    } isIdeal: {
      $0 == ")("
    },
    ShrinkingChallenge("reachability_misses_three_hops", Edge.anyGen(nodes: 0...5)) { edges in
      Edge.reachableInTwoHops(edges, from: 0) == Edge.reachable(edges, from: 0)
    } isIdeal: {
      $0 == [Edge(0, 1), Edge(1, 2), Edge(2, 3)]
    },
  ]

  static let holdoutReducers: [ShrinkingChallenge] = [
    reducer(
      "reservation_released_twice_among_noise",
      ideal: [.reserve(item: 0, quantity: 1), .release(item: 0), .release(item: 0)]
    ) {
      store()
        .action("browse") { _ in .just(.browse) }
        .action("search") { _ in Gen.string(count: 0...5).map(StoreroomMachine.Action.search) }
        .action("reserve") { _ in
          Gen.zip(Gen.int(in: 0...3), Gen.int(in: 1...5)).map {
            StoreroomMachine.Action.reserve(item: $0, quantity: $1)
          }
        }
        .action("release") { _ in Gen.int(in: 0...3).map { .release(item: $0) } }
        .invariant("stock never exceeds what was delivered") { $0.available <= 10 }
    },
    reducer("thermostat_jump_from_15", ideal: [.set(15), .set(25)]) {
      store()
        .action("browse") { _ in .just(.browse) }
        .action("set") { _ in Gen.int(in: 15...30).map(StoreroomMachine.Action.set) }
        .invariant("the heater never jumps 10 degrees") { $0.jumps == 0 }
    },
    reducer("counter_wraps_at_int64_max", ideal: [.add(1), .add(Int.max)]) {
      store()
        .action("browse") { _ in .just(.browse) }
        .action("add") { _ in Gen.int(in: 0...Int.max).map(StoreroomMachine.Action.add) }
        .invariant("the counter never goes negative") { $0.counter >= 0 }
    },
  ]

  private static func store() -> ReducerProperty<StoreroomMachine> {
    ReducerProperty(StoreroomMachine(), initialState: StoreroomMachine.State())
  }
}

/// A storeroom, a thermostat and a counter among noise actions, with the bugs of the holdout
/// problems.
struct StoreroomMachine: Reducer {
  struct State: Equatable, Sendable {
    var browsed = 0
    var query = ""
    var available = 10
    var reserved: [Int: Int] = [:]
    var setpoint: Int?
    var jumps = 0
    var counter = 0
  }

  enum Action: Equatable, Sendable {
    case browse
    case search(String)
    case reserve(item: Int, quantity: Int), release(item: Int)
    case set(Int)
    case add(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .browse: state.browsed += 1
    case .search(let query): state.query = query
    case .reserve(let item, let quantity):
      guard state.available >= quantity else { break }
      state.available -= quantity
      state.reserved[item, default: 0] += quantity
    case .release(let item):
      state.available += state.reserved[item] ?? 0  // the bug: the entry stays, so it returns twice
    case .set(let degrees):
      if let setpoint = state.setpoint, abs(degrees - setpoint) >= 10 { state.jumps += 1 }
      state.setpoint = degrees
    case .add(let amount): state.counter &+= amount  // the bug: the counter wraps around
    }
    return .none
  }
}

/// A JSON-like document: what `nested_empty_arrays_print` prints and parses back.
indirect enum Document: Equatable, Sendable {
  case null
  case number(Int)
  case array([Document])

  /// Documents up to three levels deep.
  static let gen = Gen.recursive(
    base: Gen.oneOf(.just(Document.null), Gen.int(in: 0...99).map(Document.number)), maxDepth: 3
  ) { document in
    [document.array(count: 0...3).map(Document.array)]
  }

  /// The document as text. The planted bug: an array holding only empty arrays prints as one
  /// empty array.
  var printed: String {
    switch self {
    case .null: return "null"
    case .number(let value): return String(value)
    case .array(let items):
      if !items.isEmpty, items.allSatisfy({ $0 == .array([]) }) { return "[]" }
      return "[" + items.map(\.printed).joined(separator: ",") + "]"
    }
  }

  /// Parses what ``printed`` writes; nil for anything else.
  static func parse(_ text: String) -> Document? {
    var rest = Substring(text)
    guard let document = parse(&rest), rest.isEmpty else { return nil }
    return document
  }

  private static func parse(_ text: inout Substring) -> Document? {
    if text.hasPrefix("null") {
      text = text.dropFirst(4)
      return .null
    }
    if text.first == "[" {
      text = text.dropFirst()
      var items: [Document] = []
      if text.first == "]" {
        text = text.dropFirst()
        return .array(items)
      }
      while true {
        guard let item = parse(&text) else { return nil }
        items.append(item)
        guard let separator = text.first else { return nil }
        text = text.dropFirst()
        if separator == "]" { return .array(items) }
        guard separator == "," else { return nil }
      }
    }
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    guard let value = Int(digits) else { return nil }
    text = text.dropFirst(digits.count)
    return .number(value)
  }
}

/// Parentheses in text.
enum Parentheses {
  /// Whether every `)` closes an earlier `(`.
  static func balanced(_ text: String) -> Bool {
    var depth = 0
    for character in text {
      if character == "(" { depth += 1 }
      if character == ")" { depth -= 1 }
      if depth < 0 { return false }
    }
    return depth == 0
  }

  /// The planted bug: only the counts are compared.
  static func countsMatch(_ text: String) -> Bool {
    text.filter { $0 == "(" }.count == text.filter { $0 == ")" }.count
  }
}

extension Edge {
  /// The nodes reachable from `start` by following edges. Bound: O(n + e).
  static func reachable(_ edges: [Edge], from start: Int) -> Set<Int> {
    var seen: Set<Int> = [start]
    var frontier = [start]
    while let node = frontier.popLast() {
      for edge in edges where edge.from == node && seen.insert(edge.to).inserted {
        frontier.append(edge.to)
      }
    }
    return seen
  }

  /// The planted bug: only nodes at most two edges away count as reachable.
  static func reachableInTwoHops(_ edges: [Edge], from start: Int) -> Set<Int> {
    let one = Set(edges.filter { $0.from == start }.map(\.to))
    let two = Set(edges.filter { one.contains($0.from) }.map(\.to))
    return one.union(two).union([start])
  }
}

/// A second holdout, written after every pass of issue 33 and measured with no change after it.
extension ShrinkingCorpus {
  static let holdout2: [ShrinkingChallenge] = [
    ShrinkingChallenge(
      "ratio_of_pair_from_7", Gen.zip(Gen.int(in: 7...500), Gen.int(in: 7...500))
    ) { (a: Int, b: Int) -> Bool in
      !(a >= 3 * b && b >= 20)
    } isIdeal: {
      $0 == (60, 20)
    },
    ShrinkingChallenge("escaped_backslash", Gen.string(of: .asciiCharacter)) { text in
      Escaping.unescape(Escaping.escape(text)) == text
    } isIdeal: {
      $0 == "\\"
    },
    ShrinkingChallenge(
      "csv_field_with_newline", Gen.string(of: .asciiCharacter).array(count: 1...4)
    ) { fields in
      CSV.parse(CSV.line(fields)) == fields
    } isIdeal: {
      $0 == ["\n"]
    },
    reducer("queue_from_1_among_noise", ideal: Array(repeating: .enqueue(1), count: 4)) {
      ReducerProperty(QueueMachine(), initialState: QueueMachine.State())
        .action("browse") { _ in .just(.browse) }
        .action("enqueue") { _ in Gen.int(in: 1...50).map(QueueMachine.Action.enqueue) }
        .action("dequeue") { _ in .just(.dequeue) }
        .invariant("at most three queued") { $0.items.count <= 3 }
    },
    reducer("byte_sum_wraps_among_noise", ideal: [.add(1), .add(127)]) {
      ReducerProperty(QueueMachine(), initialState: QueueMachine.State())
        .action("browse") { _ in .just(.browse) }
        .action("add") { _ in Gen<Int8>.integer.map(QueueMachine.Action.add) }
        .invariant("the byte total is the total") { Int($0.byte) == $0.total }
    },
  ]
}

/// A queue one over its capacity and a byte total, among noise: the second holdout's reducers.
struct QueueMachine: Reducer {
  struct State: Equatable, Sendable {
    var browsed = 0
    var items: [Int] = []
    var byte: Int8 = 0
    var total = 0
  }

  enum Action: Equatable, Sendable {
    case browse
    case enqueue(Int), dequeue
    case add(Int8)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .browse: state.browsed += 1
    case .enqueue(let value): if state.items.count <= 3 { state.items.append(value) }  // the bug
    case .dequeue: if !state.items.isEmpty { state.items.removeFirst() }
    case .add(let value):
      state.byte &+= value  // the bug: the byte wraps around
      state.total += Int(value)
    }
    return .none
  }
}

/// Backslash escapes for quotes and newlines. The planted bug: a backslash itself is not
/// escaped, so it reads back as the start of an escape.
enum Escaping {
  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
  }

  static func unescape(_ text: String) -> String {
    var result = ""
    var escaping = false
    for character in text {
      if escaping {
        result.append(character == "n" ? "\n" : character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}

/// A line of comma-separated fields, quoted when they hold a comma or a quote. The planted bug:
/// a field holding a newline is not quoted, so the line splits there.
enum CSV {
  static func line(_ fields: [String]) -> String {
    fields.map { field in
      field.contains(",") || field.contains("\"")
        ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }.joined(separator: ",")
  }

  /// The fields of the first line of `text`.
  static func parse(_ text: String) -> [String] {
    var fields: [String] = []
    var field = ""
    var quoted = false
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
      if quoted {
        if character == "\"" {
          if characters.first == "\"" {
            field.append("\"")
            characters = characters.dropFirst()
          } else {
            quoted = false
          }
        } else {
          field.append(character)
        }
      } else if character == "\"" {
        quoted = true
      } else if character == "," {
        fields.append(field)
        field = ""
      } else if character == "\n" {
        break
      } else {
        field.append(character)
      }
    }
    fields.append(field)
    return fields
  }
}
