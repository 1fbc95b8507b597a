// The example of docs/store.md, "Optional and enum children", compiled here (DocSnippetTests
// checks that the document shows exactly this region).

// snippet: children
import Store

struct Draft: Equatable, Sendable {
  var text = ""
}

enum DraftAction: Equatable, Sendable {
  case edit(String)
  case save
  case saved
}

struct DraftEditor: Reducer {
  func reduce(into draft: inout Draft, action: DraftAction) -> Effect<DraftAction> {
    switch action {
    case .edit(let text): draft.text = text
    case .save: return .run { send in await send(.saved) }
    case .saved: break
    }
    return .none
  }
}

struct Notes: Equatable, Sendable {
  var draft: Draft?
  var saved: [String] = []
}

enum NotesAction: Equatable, Sendable {
  case compose
  case discard
  case draft(DraftAction)
}

extension ActionCase where Root == NotesAction, Value == DraftAction {
  static let draft = ActionCase(embed: NotesAction.draft) {
    if case .draft(let action) = $0 { action } else { nil }
  }
}

func notesReducer() -> some Reducer<Notes, NotesAction> {
  Reduce<Notes, NotesAction> { state, action in
    switch action {
    case .compose: state.draft = Draft()
    case .discard: state.draft = nil  // cancels the draft's effects
    case .draft(.saved):
      state.saved.append(state.draft?.text ?? "")
      state.draft = nil
    case .draft: break
    }
    return .none
  }
  .ifLet(\.draft, action: .draft) { DraftEditor() }
}

/// The same child on one case of an enum state.
enum Desk: Equatable, Sendable {
  case reading
  case writing(Draft)
}

extension ActionCase where Root == Desk, Value == Draft {
  static let writing = ActionCase(embed: Desk.writing) {
    if case .writing(let draft) = $0 { draft } else { nil }
  }
}

func deskReducer() -> some Reducer<Desk, NotesAction> {
  Reduce<Desk, NotesAction> { screen, action in
    if case .discard = action { screen = .reading }
    return .none
  }
  .ifCaseLet(.writing, action: .draft) { DraftEditor() }
}
// snippet: end
