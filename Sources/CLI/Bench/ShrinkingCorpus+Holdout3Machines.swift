import Foundation
import PropertyTesting
import Store

/// The third holdout's problems in an outside user's style (public API only, as the docs show
/// it: `map` into a struct, `uniqueArray(by:)`, `filter`, `flatMap` for sizes, `assume`) and its
/// reducer bugs: 2–4 actions in one order among noise, 50 repetitions, a relation between two
/// values, a sign crossing zero, ids of an `IdentifiedArray`.
extension ShrinkingCorpus {
  static let holdout3Outside: [ShrinkingChallenge] = [
    ShrinkingChallenge(
      "oldest_user_skips_the_second",
      Gen.zip(Gen.int(in: 0...999), Gen.string(count: 1...8), Gen.int(in: 0...120))
        .map(Member.init).uniqueArray(count: 0...10, by: \.id)
    ) { members in
      Member.oldest(members)?.age == members.map(\.age).max()
    } isIdeal: {
      $0 == [Member(id: 0, name: "a", age: 0), Member(id: 1, name: "a", age: 1)]
    },
    ShrinkingChallenge(
      "email_check_accepts_empty_local_part",
      Gen.string(of: Gen.element(of: Array("ab@.")), count: 1...10).filter { $0.contains("@") }
    ) { text in
      Member.looksLikeEmail(text) == Member.isEmail(text)
    } isIdeal: {
      $0 == "@."
    },
    ShrinkingChallenge(
      "symmetry_check_reads_one_row",
      Gen.int(in: 1...4).flatMap { n in Gen.int(in: 0...9).array(count: n...n).array(count: n...n) }
    ) { (matrix: [[Int]]) -> Bool in
      Member.firstRowSymmetric(matrix) == Member.symmetric(matrix)
    } isIdeal: {
      $0 == [[0, 0, 0], [0, 0, 0], [0, 1, 0]]
    },
    ShrinkingChallenge(
      "discount_rounds_down", Gen.zip(Gen.int(in: 0...10_000), Gen.int(in: 0...100))
    ) { (price: Int, percent: Int) -> Bool in
      try assume(percent > 0)
      return price - price * percent / 100 == price - (price * percent + 50) / 100
    } isIdeal: {
      $0 == (1, 50)
    },
    ShrinkingChallenge(
      "settings_line_loses_an_empty_tag",
      Gen.zip(Gen.string(), Gen.double(in: 0...1), Gen.string().array(count: 0...5))
        .map(Preferences.init)
    ) { preferences in
      Preferences(line: preferences.line) == preferences
    } isIdeal: {
      $0 == Preferences(name: "", volume: 0, tags: [""])
    },
  ]

  static let holdout3Reducers: [ShrinkingChallenge] = [
    reducer(
      "complete_by_position_after_removal", ideal: [.add, .add, .remove(1), .complete(1)]
    ) {
      errands()
        .action("add", adding: todoIDs, value: \.lastID) { _ in .just(.add) }
        .action("complete", using: todoIDs) { _, id in .just(.complete(id)) }
        .action("remove", using: todoIDs) { _, id in .just(.remove(id)) }
        .invariant("the done rows are the ones completed") { state in
          Set(state.todos.filter(\.done).map(\.id)) == state.completed
        }
    },
    reducer(
      "coupon_kept_after_removal_among_noise", ideal: [.put(10), .coupon, .removeLast, .checkout]
    ) {
      errands()
        .action("browse") { _ in .just(.browse) }
        .action("search") { _ in Gen.string(count: 0...5).map(ErrandMachine.Action.search) }
        .action("put") { _ in Gen.int(in: 1...50).map(ErrandMachine.Action.put) }
        .action("coupon") { _ in .just(.coupon) }
        .action("removeLast") { _ in .just(.removeLast) }
        .action("checkout") { _ in .just(.checkout) }
        .invariant("checkout never charges less than nothing") { $0.charged >= 0 }
    },
    reducer("fifty_pushes_among_noise", ideal: Array(repeating: .push(0), count: 50)) {
      errands()
        .action("browse") { _ in .just(.browse) }
        .action("push") { _ in Gen.int(in: 0...9).map(ErrandMachine.Action.push) }
        .invariant("the stack holds fewer than 50") { $0.stack.count < 50 }
        .steps(0...200)
    },
    reducer("spend_one_over_the_limit", ideal: [.setLimit(0), .spend(1)]) {
      errands()
        .action("browse") { _ in .just(.browse) }
        .action("limit", when: { $0.limit == nil }) { _ in
          Gen.int(in: 0...100).map(ErrandMachine.Action.setLimit)
        }
        .action("spend") { _ in Gen.int(in: 0...100).map(ErrandMachine.Action.spend) }
        .invariant("spending stays within the limit") { $0.spent <= $0.limit ?? 0 }
    },
    // type, save, undo has fewer choices than type, type, undo: save draws nothing.
    reducer("undo_forgets_unsaved_text", ideal: [.type("a"), .save, .undo]) {
      errands()
        .action("scroll") { _ in Gen.int(in: 0...100).map(ErrandMachine.Action.scroll) }
        .action("type") { _ in Gen.string(count: 1...3).map(ErrandMachine.Action.type) }
        .action("undo") { _ in .just(.undo) }
        .action("save") { _ in .just(.save) }
        .invariant("unsaved text is marked") { $0.dirty == ($0.pieces.joined() != $0.saved) }
    },
    reducer("freezing_flag_kept_above_zero", ideal: [.adjust(-1), .adjust(2)]) {
      errands()
        .action("browse") { _ in .just(.browse) }
        .action("adjust") { _ in Gen.int(in: -10...10).map(ErrandMachine.Action.adjust) }
        .invariant("the freezing flag matches the temperature") {
          $0.freezing == ($0.temperature < 0)
        }
    },
  ]

  private static let todoIDs = References<Int>("todos")

  private static func errands() -> ReducerProperty<ErrandMachine> {
    ReducerProperty(ErrandMachine(), initialState: ErrandMachine.State())
  }
}

/// A member of a club, as an outside user's test would model one.
struct Member: Equatable, Sendable {
  var id: Int
  var name: String
  var age: Int

  /// The planted bug: the loop starts at the third member, so the second is never compared.
  static func oldest(_ members: [Member]) -> Member? {
    guard var best = members.first else { return nil }
    for member in members.dropFirst(2) where member.age > best.age { best = member }
    return best
  }

  /// One `@`, a non-empty name before it, and a domain with a dot inside it.
  static func isEmail(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, let domain = parts.last else { return false }
    return domain.contains(".") && domain.first != "." && domain.last != "."
  }

  /// The planted bug: an `@` and a dot anywhere pass.
  static func looksLikeEmail(_ text: String) -> Bool {
    text.contains("@") && text.contains(".")
  }

  static func symmetric(_ matrix: [[Int]]) -> Bool {
    matrix.indices.allSatisfy { i in matrix.indices.allSatisfy { matrix[i][$0] == matrix[$0][i] } }
  }

  /// The planted bug: only the first row is compared with the first column.
  static func firstRowSymmetric(_ matrix: [[Int]]) -> Bool {
    matrix.indices.allSatisfy { matrix[0][$0] == matrix[$0][0] }
  }
}

/// Preferences saved as one line, `name|volume|tag;tag`. The planted bug: no tags and one empty
/// tag write the same line.
struct Preferences: Equatable, Sendable {
  var name: String
  var volume: Double
  var tags: [String]

  init(name: String, volume: Double, tags: [String]) {
    self.name = name
    self.volume = volume
    self.tags = tags
  }

  var line: String { "\(name)|\(volume)|\(tags.joined(separator: ";"))" }

  init?(line: String) {
    let parts = line.split(separator: "|", omittingEmptySubsequences: false)
    guard parts.count == 3, let volume = Double(parts[1]) else { return nil }
    self.name = String(parts[0])
    self.volume = volume
    self.tags =
      parts[2].isEmpty
      ? [] : parts[2].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
  }
}

/// To-dos in an `IdentifiedArray`, a cart with a coupon, a stack, a spending limit, an editor
/// and a thermometer: the third holdout's reducer bugs.
struct ErrandMachine: Reducer {
  struct Todo: Identifiable, Equatable, Sendable {
    let id: Int
    var done = false
  }

  struct State: Equatable, Sendable {
    var todos: IdentifiedArrayOf<Todo> = []
    var lastID = 0
    var completed: Set<Int> = []
    var browsed = 0
    var query = ""
    var cart: [Int] = []
    var discount = 0
    var charged = 0
    var stack: [Int] = []
    var limit: Int?
    var spent = 0
    var offset = 0
    var pieces: [String] = []
    var saved = ""
    var dirty = false
    var temperature = 0
    var freezing = false
  }

  enum Action: Equatable, Sendable {
    case add, complete(Int), remove(Int)
    case browse, search(String), put(Int), coupon, removeLast, checkout
    case push(Int)
    case setLimit(Int), spend(Int)
    case scroll(Int), type(String), undo, save
    case adjust(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add:
      state.lastID += 1
      _ = state.todos.append(Todo(id: state.lastID))
    case .complete(let id):
      if state.todos[id: id] != nil { state.completed.insert(id) }
      // The planted bug: the id is taken for a position (ids start at 1).
      if state.todos.indices.contains(id - 1) { state.todos[id - 1].done = true }
    case .remove(let id):
      _ = state.todos.remove(id: id)
      state.completed.remove(id)
    case .browse: state.browsed += 1
    case .search(let query): state.query = query
    case .put(let price): state.cart.append(price)
    case .coupon: if state.cart.reduce(0, +) >= 10 { state.discount = 10 }
    case .removeLast: if !state.cart.isEmpty { state.cart.removeLast() }  // the bug: coupon kept
    case .checkout: state.charged = state.cart.reduce(0, +) - state.discount
    case .push(let value): state.stack.append(value)
    case .setLimit(let limit): state.limit = limit
    case .spend(let amount):
      // The planted bug: one over the limit passes.
      if let limit = state.limit, state.spent + amount <= limit + 1 { state.spent += amount }
    case .scroll(let offset): state.offset = offset
    case .type(let text):
      state.pieces.append(text)
      state.dirty = true
    case .undo:
      if !state.pieces.isEmpty { state.pieces.removeLast() }
      state.dirty = false  // the planted bug: undo is taken to go back to what was saved
    case .save:
      state.saved = state.pieces.joined()
      state.dirty = false
    case .adjust(let degrees):
      state.temperature += degrees
      // The planted bug: the flag is cleared only at exactly zero.
      if state.temperature < 0 {
        state.freezing = true
      } else if state.temperature == 0 {
        state.freezing = false
      }
    }
    return .none
  }
}
