import Foundation
import Testing

@testable import Store

/// Counts how often the ids that share it are hashed and compared.
private final class IDWork: Sendable {
  let hashes = Locked(0)
  let comparisons = Locked(0)

  var counts: (hashes: Int, comparisons: Int) { (hashes.value, comparisons.value) }
}

/// An id that counts its own hashing and comparisons, so that a test can tell a lookup by id
/// (one hash) from one that hashes nothing. The counter is not part of the identity.
private struct CountedID: Hashable, Sendable {
  let raw: Int
  let work: IDWork

  static func == (left: CountedID, right: CountedID) -> Bool {
    left.work.comparisons.withLock { $0 += 1 }
    return left.raw == right.raw
  }

  func hash(into hasher: inout Hasher) {
    work.hashes.withLock { $0 += 1 }
    hasher.combine(raw)
  }
}

private struct CountedRow: Identifiable, Equatable, Sendable {
  let id: CountedID
  var hits = 0

  static func == (left: CountedRow, right: CountedRow) -> Bool {
    left.id.raw == right.id.raw && left.hits == right.hits
  }
}

private struct CountedList: Equatable, Sendable {
  var rows: IdentifiedArray<CountedID, CountedRow>

  /// The rows behind a computed property, which `forEach` reaches through its key path rather
  /// than an offset.
  var computedRows: IdentifiedArray<CountedID, CountedRow> {
    get { rows }
    set { rows = newValue }
  }
}

private enum CountedAction: Sendable {
  case rows(IdentifiedAction<CountedID, Void>)
  case removeFirst(Int)
}

private let rowsCase = ActionCase<CountedAction, IdentifiedAction<CountedID, Void>>(
  embed: CountedAction.rows
) {
  if case .rows(let action) = $0 { action } else { nil }
}

/// A store over `size` rows whose row reducer counts the actions it gets, and whose parent
/// removes rows from the front on `.removeFirst`.
@MainActor
private func countedStore(size: Int, work: IDWork) -> Store<CountedList, CountedAction> {
  let rows = IdentifiedArray(
    uniqueElements: (0..<size).map { CountedRow(id: CountedID(raw: $0, work: work)) })
  let parent = Reduce<CountedList, CountedAction> { state, action in
    if case .removeFirst(let count) = action {
      for _ in 0..<count { state.rows.removeFirst() }
    }
    return .none
  }
  return Store(
    initialState: CountedList(rows: rows),
    reducer: parent.forEach(\.rows, action: rowsCase) {
      Reduce<CountedRow, Void> { row, _ in
        row.hits += 1
        return .none
      }
    })
}

private struct Holder: Equatable, Sendable {
  var child: CountedRow?

  /// The child behind a computed property, which `ifLet` reaches through its key path rather
  /// than an offset.
  var computedChild: CountedRow? {
    get { child }
    set { child = newValue }
  }
}

private enum HolderAction: Sendable, CasePathable {
  case child
  case replace(Int)

  struct AllCasePaths: Sendable {
    let child = ActionCase<HolderAction, Void>(embed: { HolderAction.child }) {
      if case .child = $0 { () } else { nil }
    }
  }
  static let allCasePaths = AllCasePaths()
}

private let childCase = ActionCase<HolderAction, Void>(embed: { HolderAction.child }) {
  if case .child = $0 { () } else { nil }
}

/// A parent that replaces its child by one with the id `.replace` names (removes it for 0), over
/// a child reducer that counts its actions and starts an effect that never ends, reached through
/// `toChild` by `ifLet` on a child known to be `Identifiable`.
@MainActor
private func countingHolderStore(work: IDWork, toChild: WritableKeyPath<Holder, CountedRow?>)
  -> Store<Holder, HolderAction>
{
  Store(
    initialState: Holder(child: CountedRow(id: CountedID(raw: 1, work: work))),
    reducer: Reduce<Holder, HolderAction> { state, action in
      if case .replace(let id) = action {
        state.child = id == 0 ? nil : CountedRow(id: CountedID(raw: id, work: work))
      }
      return .none
    }
    .ifLet(toChild, action: childCase) {
      Reduce<CountedRow, Void> { row, _ in
        row.hits += 1
        return .run { _ in try await never() }
      }
    })
}

/// A parent that replaces its child by one with the id `.replace` names, over a child reducer
/// that starts an effect that never ends; built where the child's type is `ChildState`, which
/// `ifLet` may or may not know to be `Identifiable`.
@MainActor
private func holderStore<ChildState>(
  _ child: ChildState?, toChild: WritableKeyPath<Holder, ChildState?>,
  make: @escaping @Sendable (Int) -> ChildState
) -> Store<Holder, HolderAction> {
  var holder = Holder()
  holder[keyPath: toChild] = child
  let parent = Reduce<Holder, HolderAction> { state, action in
    if case .replace(let id) = action { state[keyPath: toChild] = make(id) }
    return .none
  }
  return Store(
    initialState: holder,
    reducer: parent.ifLet(toChild, action: childCase) {
      Reduce<ChildState, Void> { _, _ in .run { _ in try await never() } }
    })
}

@MainActor
@Suite("Routing to children: what an action costs, counted")
struct ChildRoutingCostTests {
  /// Sends `actions` element actions to the rows `id` picks, and returns the hashes and id
  /// comparisons they cost.
  private func cost(
    size: Int, actions: Int, id: (Int) -> Int
  ) -> (hashes: Int, comparisons: Int, hits: Int) {
    let work = IDWork()
    let store = countedStore(size: size, work: work)
    let before = work.counts
    for index in 0..<actions {
      store.send(.rows(.element(id: CountedID(raw: id(index), work: work), action: ())))
    }
    let after = work.counts
    return (
      after.hashes - before.hashes, after.comparisons - before.comparisons,
      store.state.rows.reduce(0) { $0 + $1.hits }
    )
  }

  @Test(
    "a run of actions to one row of 100,000 (100× a long list) hashes its id once, then compares one id an action"
  )
  func oneRowIsOneLookup() {
    // Debug builds also check, after each action, that the element kept its id: one more.
    var perAction = 1
    assert(
      {
        perAction = 2
        return true
      }())
    for size in [1_000, 100_000] {
      let counted = cost(size: size, actions: 1_000) { _ in size / 2 }
      #expect(counted.hits == 1_000, "every action reached a row (\(size) rows)")
      #expect(counted.hashes == 1, "one lookup in the dictionary, for the first action")
      // The first action's lookup compares the id with every key in its probe run, whose
      // length depends on the process's hash seed (2009 of 2008 was seen at 100,000 rows): a
      // slack of 100 keeps the bound exact per action and free of the seed.
      #expect(
        counted.comparisons <= 1_000 * perAction + 100,
        "one comparison a later action (\(size) rows)")
    }
  }

  @Test(
    "actions to each row in turn cost one hash each, whether the list holds 1,000 rows or 100,000"
  )
  func rowsInTurnAreOneHashEach() {
    // Never the row the action before went to; the first is not row 0, which a new array
    // remembers.
    let small = cost(size: 1_000, actions: 2_000) { ($0 * 7 + 1) % 1_000 }
    let large = cost(size: 100_000, actions: 2_000) { ($0 * 7 + 1) % 100_000 }
    #expect(small.hits == 2_000 && large.hits == 2_000)
    #expect(small.hashes == 2_000)
    #expect(large.hashes == 2_000)
  }

  @Test(
    "a collection behind a computed key path is routed the same way: a run of actions to one row hashes its id once, and a missing id is reported"
  )
  func computedPathRoutes() {
    let work = IDWork()
    let rows = IdentifiedArray(
      uniqueElements: (0..<1_000).map { CountedRow(id: CountedID(raw: $0, work: work)) })
    let reducer = Reduce<CountedList, CountedAction> { _, _ in .none }
      .forEach(\.computedRows, action: rowsCase) {
        Reduce<CountedRow, Void> { row, _ in
          row.hits += 1
          return .none
        }
      }
    let store = Store(initialState: CountedList(rows: rows), reducer: reducer)
    let before = work.counts.hashes
    for _ in 0..<100 {
      store.send(.rows(.element(id: CountedID(raw: 500, work: work), action: ())))
    }
    #expect(work.counts.hashes - before == 1, "one lookup, for the first action")
    #expect(store.state.rows.map(\.hits).reduce(0, +) == 100)
    #expect(store.state.rows[500].hits == 100)

    var reports: [TestFailure] = []
    store.executor.reportMisuse = { reports.append($0) }
    store.send(.rows(.element(id: CountedID(raw: 5_000, work: work), action: ())))
    #expect(reports.count == 1)
    #expect(
      reports.first?.message.contains(
        "received an action for a missing element, and dropped it. Action: "
          + "CountedAction.rows(.element(id: CountedID(raw: 5000") == true,
      "\(reports.map(\.message))")
  }

  @Test("after rows are removed and the slots compacted, the remembered slot never misroutes")
  func staleSlotIsChecked() {
    let work = IDWork()
    let store = countedStore(size: 10, work: work)
    store.send(.rows(.element(id: CountedID(raw: 9, work: work), action: ())))
    // Removing 6 rows from the front compacts the slots: row 9 moves from slot 9 to slot 3, so
    // the remembered slot is out of range; then each action finds the other row remembered.
    store.send(.removeFirst(6))
    store.send(.rows(.element(id: CountedID(raw: 9, work: work), action: ())))
    store.send(.rows(.element(id: CountedID(raw: 6, work: work), action: ())))
    store.send(.rows(.element(id: CountedID(raw: 9, work: work), action: ())))
    let hits = store.state.rows.map { "\($0.id.raw):\($0.hits)" }
    #expect(hits == ["6:1", "7:0", "8:0", "9:3"])
  }

  @Test("the remembered slot is not part of the value: arrays equal before routing stay equal")
  func hintIsNotTheValue() {
    let work = IDWork()
    var routed = IdentifiedArray(
      uniqueElements: (0..<10).map { CountedRow(id: CountedID(raw: $0, work: work)) })
    let untouched = routed
    #expect(routed.slotForElementAction(id: CountedID(raw: 7, work: work)) == 7)
    #expect(routed.hintSlot == 7 && untouched.hintSlot == 0)
    #expect(routed == untouched)
    #expect(routed.slotForElementAction(id: CountedID(raw: 70, work: work)) == nil)
  }

  @Test("ifLet on a child known to be Identifiable compares its id and never hashes it")
  func ifLetComparesIDs() {
    let work = IDWork()
    let store = countingHolderStore(work: work, toChild: \.child)
    for _ in 0..<100 { store.send(.child) }
    #expect(store.state.child?.hits == 100)
    #expect(work.counts.hashes == 0)
    #expect(work.counts.comparisons == 100, "one comparison of the id before and after an action")
    #expect(store.runningEffects == 100)
    store.send(.replace(1))
    #expect(store.runningEffects == 100, "the same id: the same child")
    store.send(.replace(2))
    #expect(store.runningEffects == 0, "another id: another child, whose effects were cancelled")
  }

  @Test("ifLet with the action case named by key path compares an Identifiable child's id too")
  func keyPathIfLetComparesIDs() {
    let work = IDWork()
    let store = Store(
      initialState: Holder(child: CountedRow(id: CountedID(raw: 1, work: work))),
      reducer: Reduce<Holder, HolderAction> { _, _ in .none }
        .ifLet(\.child, action: \.child) {
          Reduce<CountedRow, Void> { row, _ in
            row.hits += 1
            return .none
          }
        })
    for _ in 0..<10 { store.send(.child) }
    #expect(store.state.child?.hits == 10)
    #expect(work.counts.hashes == 0)
    #expect(work.counts.comparisons == 10)
  }

  @Test(
    "ifLet written where the child is not known to be Identifiable still tells children apart by id"
  )
  func ifLetInGenericCode() {
    let work = IDWork()
    let store = holderStore(
      CountedRow(id: CountedID(raw: 1, work: work)), toChild: \.child,
      make: { CountedRow(id: CountedID(raw: $0, work: work)) })
    store.send(.child)
    store.send(.replace(1))
    #expect(store.runningEffects == 1, "the same id: the same child")
    #expect(work.counts.hashes == 4, "the id hashed before and after each of the two actions")
    store.send(.replace(2))
    #expect(store.runningEffects == 0, "another id: another child, whose effects were cancelled")
  }

  @Test(
    "ifLet through a computed key path routes the same way: the child reduced, its effects cancelled when it goes, a child action while it is nil reported"
  )
  func computedPathIfLet() {
    let work = IDWork()
    let store = countingHolderStore(work: work, toChild: \.computedChild)
    for _ in 0..<100 { store.send(.child) }
    #expect(store.state.child?.hits == 100)
    #expect(work.counts.hashes == 0)
    #expect(store.runningEffects == 100)
    store.send(.replace(0))
    #expect(store.state.child == nil)
    #expect(store.runningEffects == 0, "the child went: its effects were cancelled")

    var reports: [TestFailure] = []
    store.executor.reportMisuse = { reports.append($0) }
    store.send(.child)
    #expect(reports.count == 1)
    #expect(
      reports.first?.message.hasPrefix(
        "An \"ifLet\" at \"StoreTests/ChildRoutingCostTests.swift:") == true,
      "\(reports.map(\.message))")
    #expect(
      reports.first?.message.contains(
        "received a child action when child state was \"nil\", and dropped it. Action: ()") == true,
      "\(reports.map(\.message))")
  }
}
