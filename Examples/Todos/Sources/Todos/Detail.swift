import Store

/// The detail of one todo, shown over the list while it is open: a draft title that saves
/// itself once typing pauses for a second.
public struct Detail: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    public var todo: Todo.State
    public var draft: String
    public var savedDrafts = 0

    public init(todo: Todo.State) {
      self.todo = todo
      self.draft = todo.title
    }
  }

  public enum Action: Equatable, Sendable, Codable {
    case edited(String)
    case autosaved
    /// Handled by the list: writes the draft back and closes the detail.
    case saveTapped
    /// Handled by the list: closes the detail, dropping the draft.
    case closeTapped
  }

  enum CancelID { case autosave }

  @Dependency(\.continuousClock) var clock

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .edited(let draft):
      state.draft = draft
      return .run { send in await send(.autosaved) }
        .debounce(id: CancelID.autosave, for: .seconds(1), clock: clock)
    case .autosaved:
      state.savedDrafts += 1
      return .none
    case .saveTapped, .closeTapped:
      return .none
    }
  }
}
