// The example of docs/store.md, compiled here (DocSnippetTests checks that the document shows
// exactly this region).

// snippet: cancellation
import Store

enum Search {
  enum Action: Sendable { case query(String), results([String]), clear }
  enum CancelID { case search }

  static func reduce(into state: inout [String], action: Action) -> Effect<Action> {
    switch action {
    case .query(let text):
      return .run { send in await send(.results([text])) }
        .cancellable(id: CancelID.search, cancelInFlight: true)
    case .results(let results):
      state = results
      return .none
    case .clear:
      state = []
      return .cancel(id: CancelID.search)
    }
  }
}
// snippet: end
