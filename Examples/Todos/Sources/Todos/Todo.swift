import Store

/// One row of the list: a todo that can be done, renamed, and set to remind its owner later.
public struct Todo: Reducer, Sendable {
  public struct State: Equatable, Identifiable, Sendable, Codable {
    public let id: Int
    public var title: String
    public var isDone = false
    public var reminders = 0

    public init(id: Int, title: String, isDone: Bool = false) {
      self.id = id
      self.title = title
      self.isDone = isDone
    }
  }

  public enum Action: Equatable, Sendable, Codable {
    case toggled
    case renamed(String)
    /// Remind in ``reminderDelay``; the reminder is cancelled if the row is removed first.
    case remindTapped
    case reminded
  }

  /// How long after `remindTapped` the reminder comes.
  public static let reminderDelay = Duration.seconds(10)

  @Dependency(\.continuousClock) var clock

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggled:
      state.isDone.toggle()
      return .none
    case .renamed(let title):
      state.title = title
      return .none
    case .remindTapped:
      return .run { [clock] send in
        try await clock.sleep(for: Self.reminderDelay)
        await send(.reminded)
      }
    case .reminded:
      state.reminders += 1
      return .none
    }
  }
}
