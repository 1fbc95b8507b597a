// The example of docs/store.md, "Ephemeral children", compiled here (DocSnippetTests checks that
// the document shows exactly this region).

// snippet: ephemeral
import Store

struct ConfirmDelete: EphemeralState, Equatable {
  var title: String
}

struct Inbox: Reducer {
  struct State: Equatable {
    var messages = ["hello", "spam"]
    var confirm: ConfirmDelete?
  }
  enum Action: Equatable, Sendable {
    case deleteTapped
    case confirm(ConfirmAction)
  }
  enum ConfirmAction: Equatable, Sendable { case delete, cancel }

  static let confirm = ActionCase(embed: Action.confirm) {
    if case .confirm(let action) = $0 { action } else { nil }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .deleteTapped:
        state.confirm = ConfirmDelete(title: "Delete \(state.messages.count) messages?")
      case .confirm(.delete):
        state.messages = []  // `confirm` is already nil here
      case .confirm(.cancel):
        break
      }
      return .none
    }
    .ifLet(\.confirm, action: Self.confirm)  // dismissed by any of its actions
  }
}
// snippet: end
