import Foundation
import Store

/// The cost of routing an action to one child: to one element of a 1,000-element collection
/// (`forEach`), and to an optional child (`ifLet`), against the same reducer as a root store's;
/// and, as the floor of any routing, the same action routed by a hand-written reducer to a row
/// of a plain array found by its offset (no id, no lookup, no case closure). Each routed figure
/// is measured twice: with the reducers written as `Reduce` closures, and as `Reducer` structs
/// (the way TCA users write them), whose `reduce` the library's inlinable routing specialises
/// across the module boundary. With structs, the floor is the same collection routed by a
/// hand-written parent struct that finds the row by id through the public API, as a user could.
@MainActor
enum ChildrenBench {
  struct Figures {
    /// ns/action: the row reducer as the store's own reducer.
    var flatNs: Double
    /// ns/action: the same action to one row (the middle one) of 1,000, through `forEach`.
    var elementNs: Double
    /// ns/action: the same, the rows taken in turn (each action reaches a row out of the
    /// cache: information).
    var elementsInTurnNs: Double
    /// ns/action: the same action to an optional child, through `ifLet`.
    var ifLetNs: Double
    /// ns/action: the same action to the middle row of a plain array, routed by a hand-written
    /// reducer (a pattern match, the row by offset, then the parent): the floor (information).
    var byHandNs: Double
    /// ns/action: the row reducer as a `Reducer` struct, the store's own reducer.
    var structFlatNs: Double
    /// ns/action: the same action to the middle row of 1,000, parent and row `Reducer` structs.
    var structElementNs: Double
    /// ns/action: the same action to an optional child, parent and child `Reducer` structs.
    var structIfLetNs: Double
    /// ns/action: the same action to the middle row of 1,000, routed by a hand-written parent
    /// `Reducer` struct to the row's, the row found by id through the public `[id:]`: the floor
    /// for `Reducer` structs (information).
    var structByHandNs: Double
    /// ns/action: the same action to the middle row of a plain array, routed by a hand-written
    /// parent `Reducer` struct, the row found by its offset: no id, no lookup, the floor of any
    /// routing with structs (information).
    var structByOffsetNs: Double
    /// How many rows the collection holds.
    var rows: Int

    var elementRatio: Double { elementNs / flatNs }
    var ifLetRatio: Double { ifLetNs / flatNs }
    var byHandRatio: Double { byHandNs / flatNs }
    var structElementRatio: Double { structElementNs / structFlatNs }
    var structIfLetRatio: Double { structIfLetNs / structFlatNs }
    var structByHandRatio: Double { structByHandNs / structFlatNs }
    var structByOffsetRatio: Double { structByOffsetNs / structFlatNs }
  }

  /// A row: the reference workload's state with an id.
  struct Row: Identifiable, Sendable {
    let id: Int
    var work = ReferenceWorkload.State()
  }

  struct List: Sendable {
    var rows: IdentifiedArrayOf<Row>
    var other = 0
  }

  struct Detail: Sendable {
    var child: Row? = Row(id: 0)
    var other = 0
  }

  enum ListAction: Sendable {
    case rows(IdentifiedAction<Int, ReferenceWorkload.Action>)
    case other
  }

  enum DetailAction: Sendable {
    case child(ReferenceWorkload.Action)
    case other
  }

  struct Plain: Sendable {
    var rows: [Row]
    var other = 0
  }

  enum PlainAction: Sendable {
    case row(index: Int, action: ReferenceWorkload.Action)
    case other
  }

  static let rowsCase = ActionCase<ListAction, IdentifiedAction<Int, ReferenceWorkload.Action>>(
    embed: ListAction.rows
  ) {
    if case .rows(let action) = $0 { action } else { nil }
  }

  static let childCase = ActionCase<DetailAction, ReferenceWorkload.Action>(
    embed: DetailAction.child
  ) {
    if case .child(let action) = $0 { action } else { nil }
  }

  static var row: Reduce<Row, ReferenceWorkload.Action> {
    Reduce { row, action in ReferenceWorkload.reduce(&row.work, action) }
  }

  /// The row reducer as a struct: what `row` does.
  struct RowReducer: Reducer {
    func reduce(into row: inout Row, action: ReferenceWorkload.Action)
      -> Effect<ReferenceWorkload.Action>
    {
      ReferenceWorkload.reduce(&row.work, action)
    }
  }

  /// The list's own reducer as a struct: it does nothing with a row's action, like the
  /// closures' parent.
  struct ListReducer: Reducer {
    func reduce(into state: inout List, action: ListAction) -> Effect<ListAction> {
      if case .other = action { state.other += 1 }
      return .none
    }
  }

  /// The list's reducer written by hand, as a user could without `forEach`: it matches a row's
  /// action, finds the row by id through the collection's public `[id:]` (one lookup, in
  /// place), runs the row's reducer on it and embeds its effect back. A missing id is ignored
  /// here (`forEach` reports it, out of line).
  struct ListByHandReducer: Reducer {
    let row = RowReducer()

    func reduce(into state: inout List, action: ListAction) -> Effect<ListAction> {
      switch action {
      case .rows(.element(let id, let rowAction)):
        return reduceRow(&state.rows[id: id], id: id, action: rowAction)
      case .other:
        state.other += 1
        return .none
      }
    }

    private func reduceRow(_ row: inout Row?, id: Int, action: ReferenceWorkload.Action)
      -> Effect<ListAction>
    {
      guard row != nil else { return .none }
      let effect = self.row.reduce(into: &row!, action: action)
      return effect.isNone ? .none : effect.map { .rows(.element(id: id, action: $0)) }
    }
  }

  /// The plain array's reducer written by hand: the row found by its offset in the action.
  struct PlainByHandReducer: Reducer {
    let row = RowReducer()

    func reduce(into state: inout Plain, action: PlainAction) -> Effect<PlainAction> {
      switch action {
      case .row(let index, let rowAction):
        let effect = row.reduce(into: &state.rows[index], action: rowAction)
        return effect.isNone ? .none : effect.map { .row(index: index, action: $0) }
      case .other:
        state.other += 1
        return .none
      }
    }
  }

  /// The detail's own reducer as a struct.
  struct DetailReducer: Reducer {
    func reduce(into state: inout Detail, action: DetailAction) -> Effect<DetailAction> {
      if case .other = action { state.other += 1 }
      return .none
    }
  }

  /// Each figure is the fastest of `rounds` runs of `count` actions, the variants taking turns.
  static func run(count: Int = 1_000_000, rows: Int = 1_000, rounds: Int = 5) -> Figures {
    let variants: [() -> Double] = [
      { flat(count) }, { element(count, rows: rows, inTurn: false) }, { ifLet(count) },
      { element(count, rows: rows, inTurn: true) }, { byHand(count, rows: rows) },
      { structFlat(count) }, { structElement(count, rows: rows) }, { structIfLet(count) },
      { structByHand(count, rows: rows) }, { structByOffset(count, rows: rows) },
    ]
    for variant in variants { _ = variant() }
    var best = [Double](repeating: .infinity, count: variants.count)
    for _ in 0..<rounds {
      for (index, variant) in variants.enumerated() { best[index] = min(best[index], variant()) }
    }
    return Figures(
      flatNs: best[0], elementNs: best[1], elementsInTurnNs: best[3], ifLetNs: best[2],
      byHandNs: best[4], structFlatNs: best[5], structElementNs: best[6],
      structIfLetNs: best[7], structByHandNs: best[8],
      structByOffsetNs: best[9], rows: rows)
  }

  private static func time<State, Action>(
    _ store: Store<State, Action>, _ actions: [Action], _ count: Int
  ) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    var next = 0
    let last = actions.count - 1
    for _ in 0..<count {
      store.send(actions[next])
      next = next == last ? 0 : next + 1
    }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count)
  }

  @inline(never) private static func flat(_ count: Int) -> Double {
    let store = Store(initialState: Row(id: 0), reducer: row)
    defer { DispatchBench.sink &+= store.state.work.counter }
    return time(store, ReferenceWorkload.actions, count)
  }

  @inline(never) private static func structFlat(_ count: Int) -> Double {
    let store = Store(initialState: Row(id: 0), reducer: RowReducer())
    defer { DispatchBench.sink &+= store.state.work.counter }
    return time(store, ReferenceWorkload.actions, count)
  }

  @inline(never) private static func structElement(_ count: Int, rows: Int) -> Double {
    let store = Store(
      initialState: list(rows: rows),
      reducer: ListReducer().forEach(\.rows, action: rowsCase) { RowReducer() })
    let actions = ReferenceWorkload.actions.map {
      ListAction.rows(.element(id: rows / 2, action: $0))
    }
    defer { DispatchBench.sink &+= store.state.rows[0].work.counter }
    return time(store, actions, count)
  }

  /// The floor for `Reducer` structs: the same actions as `structElement`, to the same row of
  /// the same collection, routed by `ListByHandReducer`.
  @inline(never) private static func structByHand(_ count: Int, rows: Int) -> Double {
    let store = Store(initialState: list(rows: rows), reducer: ListByHandReducer())
    let actions = ReferenceWorkload.actions.map {
      ListAction.rows(.element(id: rows / 2, action: $0))
    }
    defer { DispatchBench.sink &+= store.state.rows[rows / 2].work.counter }
    return time(store, actions, count)
  }

  /// The floor of any routing with structs: the middle row of a plain array, by offset.
  @inline(never) private static func structByOffset(_ count: Int, rows: Int) -> Double {
    let store = Store(
      initialState: Plain(rows: (0..<rows).map { Row(id: $0) }), reducer: PlainByHandReducer())
    let actions = ReferenceWorkload.actions.map { PlainAction.row(index: rows / 2, action: $0) }
    defer { DispatchBench.sink &+= store.state.rows[rows / 2].work.counter }
    return time(store, actions, count)
  }

  @inline(never) private static func structIfLet(_ count: Int) -> Double {
    let store = Store(
      initialState: Detail(),
      reducer: DetailReducer().ifLet(\.child, action: childCase) { RowReducer() })
    defer { DispatchBench.sink &+= store.state.child?.work.counter ?? 0 }
    return time(store, ReferenceWorkload.actions.map { .child($0) }, count)
  }

  private static func list(rows: Int) -> List {
    List(rows: IdentifiedArray(uniqueElements: (0..<rows).map { Row(id: $0) }))
  }

  @inline(never) private static func element(_ count: Int, rows: Int, inTurn: Bool) -> Double {
    let store = Store(
      initialState: list(rows: rows),
      reducer: Reduce<List, ListAction> { _, _ in .none }.forEach(\.rows, action: rowsCase) {
        row
      })
    // Rows taken in turn, 5 actions each (a count of actions prime to 5 mixes them); or the
    // middle row alone.
    let actions = (0..<(inTurn ? rows + 1 : 1) * ReferenceWorkload.actions.count).map { index in
      ListAction.rows(
        .element(
          id: inTurn ? index % rows : rows / 2,
          action: ReferenceWorkload.actions[index % ReferenceWorkload.actions.count]))
    }
    defer { DispatchBench.sink &+= store.state.rows[0].work.counter }
    return time(store, actions, count)
  }

  @inline(never) private static func ifLet(_ count: Int) -> Double {
    let store = Store(
      initialState: Detail(),
      reducer: Reduce<Detail, DetailAction> { _, _ in .none }.ifLet(\.child, action: childCase) {
        row
      })
    defer { DispatchBench.sink &+= store.state.child?.work.counter ?? 0 }
    return time(store, ReferenceWorkload.actions.map { .child($0) }, count)
  }

  /// The floor: what `forEach` does, written out for this one case — the row reducer on the
  /// middle row of a plain array, in place, its effect embedded back, then the parent reducer —
  /// with the row found by its offset instead of an id.
  @inline(never) private static func byHand(_ count: Int, rows: Int) -> Double {
    // Through `opaque`, as `forEach` gets them: otherwise the optimiser inlines both closures
    // into this reducer, which no reducer given to an operator gets.
    let parent = opaque(Reduce<Plain, PlainAction> { _, _ in .none })
    let element = opaque(row)
    let store = Store(
      initialState: Plain(rows: (0..<rows).map { Row(id: $0) }),
      reducer: Reduce<Plain, PlainAction> { state, action in
        var rowEffect = Effect<PlainAction>.none
        if case .row(let index, let rowAction) = action {
          let effect = element.reduce(into: &state.rows[index], action: rowAction)
          if !effect.isNone { rowEffect = effect.map { .row(index: index, action: $0) } }
        }
        let parentEffect = parent.reduce(into: &state, action: action)
        return parentEffect.isNone ? rowEffect : .merge(rowEffect, parentEffect)
      })
    let actions = ReferenceWorkload.actions.map { PlainAction.row(index: rows / 2, action: $0) }
    defer { DispatchBench.sink &+= store.state.rows[0].work.counter }
    return time(store, actions, count)
  }

  /// `value`, hidden from the optimiser.
  @inline(never) private static func opaque<Value>(_ value: Value) -> Value { value }
}
