// The example of docs/store.md, compiled here (DocSnippetTests checks that the document shows
// exactly this region).

// snippet: observation
import Store

struct Screens: Equatable, Sendable {
  var title = "home"
  var count = 0
}

@MainActor func observeTitle(_ store: Store<Screens, Int>) -> StoreObservation {
  let title = store.scope(state: \.title, action: { $0 })
  return title.observe({ $0.uppercased() }) { print("title:", $0) }
}
// snippet: end
