import Foundation
import StoreTesting
import TestSupport
import Testing

@testable import ActionLog

/// A state holding an identified collection, recorded with `Tally`'s actions.
private struct Shelf: Reducer {
  struct Book: Identifiable, Equatable, Codable, Sendable {
    let id: Int
    var title: String
  }

  struct State: Equatable, Codable, Sendable {
    var books: IdentifiedArrayOf<Book> = []
  }

  func reduce(into state: inout State, action: Tally.Action) -> Effect<Tally.Action> {
    switch action {
    case .add(let id): state.books.append(Book(id: id, title: "book \(id)"))
    case .note(let title): state.books[id: state.books.last?.id ?? 0]?.title = title
    case .stamp: break
    case .reset: state.books.removeFirst()
    }
    return .none
  }
}

@MainActor
@Suite("Action log: identified collections in states")
struct IdentifiedStateLogTests {
  @Test("a state holding an IdentifiedArray round-trips through a log's header and checkpoint")
  func roundTrip() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let store = Store(initialState: Shelf.State(), reducer: Shelf())
    store.send(.add(1))
    let recorder = try ActionLogRecorder<Shelf.State, Tally.Action>(
      path: file.path, settings: [], state: store.state)
    let observation = recorder.attach(to: store) { _ in }
    for action: Tally.Action in [.add(2), .add(3), .note("Emma"), .reset] { store.send(action) }
    observation.cancel()
    try recorder.finish(state: store.state)

    let lines = try file.read().split(separator: "\n")
    #expect(
      lines.last
        == #"{"checkpoint":4,"state":{"books":[{"id":2,"title":"book 2"},{"id":3,"title":"Emma"}]}}"#
    )
    let reader = try ActionLogReader<Tally.Action>(path: file.path)
    var checkpoint: Shelf.State?
    while let entry = try reader.next() {
      if case .checkpoint(_, let json) = entry {
        checkpoint = try LogStateCoding.decode(
          Shelf.State.self, from: json, with: LogStateCoding.decoder())
      }
    }
    #expect(checkpoint == store.state)
    #expect(checkpoint?.books.ids == [2, 3])
  }

  @Test("a logged state with a repeated id is refused, naming the id")
  func repeatedID() {
    let json = Array(#"{"books":[{"id":4,"title":"a"},{"id":4,"title":"b"}]}"#.utf8)
    #expect(
      throws: LogStateError.value(
        "books[1]: The id 4 appears twice, at offsets 0 and 1, and an IdentifiedArray holds one "
          + "element per id. To fix, give each element its own id, or decode a plain array and "
          + "merge the elements that share one.")
    ) {
      try LogStateCoding.decode(Shelf.State.self, from: json, with: LogStateCoding.decoder())
    }
  }
}
