import PropertyTesting
import Store

/// A list of rows, each its own feature under `forEach`, and a reminder a second after the user
/// asks for one. Planted bug: the list starts the reminder itself, on the row's behalf, so
/// removing the row does not cancel it (`forEach` cancels only the effects the row's own reducer
/// started), and the reminder then answers a row that is gone: the store reports an action for
/// a missing element. The correct twin sends the row its own action, whose effect `forEach`
/// cancels with the row. Ideal counterexample: add a row, remind it, remove it; settling moves
/// the clock a second.
struct ReminderList: Reducer {
  let fixed: Bool

  /// One row: it counts its reminders.
  struct Row: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
      var reminders = 0
    }

    enum Action: Equatable, Sendable {
      case remind
      case reminded
    }

    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .remind:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.reminded)
        }
      case .reminded:
        state.reminders += 1
        return .none
      }
    }
  }

  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Row.State> = []
    var nextID = 0
  }

  enum Action: Equatable, Sendable, CasePathable {
    case add
    case remove(Int)
    case remind(Int)
    case rows(IdentifiedAction<Int, Row.Action>)

    struct AllCasePaths: Sendable {
      let rows = ActionCase(Action.rows)
    }
    static let allCasePaths = AllCasePaths()
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce(list).forEach(\.rows, action: \.rows) { Row() }.reduce(into: &state, action: action)
  }

  private func list(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .add:
      state.nextID += 1
      state.rows.append(Row.State(id: state.nextID))
      return .none
    case .remove(let id):
      state.rows.remove(id: id)
      return .none
    case .remind(let id):
      if fixed { return .send(.rows(.element(id: id, action: .remind))) }
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.rows(.element(id: id, action: .reminded)))
      }
    case .rows:
      return .none
    }
  }

  static func property(fixed: Bool) -> EffectProperty<ReminderList> {
    // Any row: `Gen.element` draws a choice even from one row, and a rule keeps its index while
    // others are off, so deleting an `add` shifts no choice of the steps after it.
    let rowID = { (context: EffectProperty<ReminderList>.Context) in
      Gen.element(of: context.rows.map(\.id))
    }
    return EffectProperty(ReminderList(fixed: fixed), initialState: State())
      .action("add") { _ in .just(.add) }
      .action("remind", when: { !$0.rows.isEmpty }) { rowID($0).map(Action.remind) }
      .action("remove", when: { !$0.rows.isEmpty }) { rowID($0).map(Action.remove) }
  }
}
