import ActionLog
import Foundation
import Store

/// A tiny loggable feature for testing the action log without the app.
package struct Tally: Reducer {
  package struct State: Equatable, Codable, Sendable {
    package var total = 0
    package var notes: [String] = []
    package var stamped: Date?

    package init(total: Int = 0, notes: [String] = [], stamped: Date? = nil) {
      self.total = total
      self.notes = notes
      self.stamped = stamped
    }
  }

  package enum Action: Equatable, Sendable {
    case add(Int)
    case note(String)
    case stamp(Date)
    case reset
  }

  package enum Name: String, CaseIterable, Sendable {
    case add, note, stamp, reset
  }

  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let amount): state.total &+= amount
    case .note(let text): state.notes.append(text)
    case .stamp(let date): state.stamped = date
    case .reset: state = State()
    }
    return .none
  }
}

extension Tally.Action: LoggableAction {
  package static let names = LogNames<Tally.Name>()

  package func encode(to line: inout LogLineWriter) {
    switch self {
    case .add(let amount):
      line.action(Tally.Name.add)
      line.int("amount", amount)
    case .note(let text):
      line.action(Tally.Name.note)
      line.string("text", text)
    case .stamp(let date):
      line.action(Tally.Name.stamp)
      line.date("at", date)
    case .reset:
      line.action(Tally.Name.reset)
    }
  }

  package init(logLine line: inout LogLine) throws(LogLineError) {
    switch try line.action(in: Self.names) {
    case .add: self = .add(try line.int("amount"))
    case .note: self = .note(try line.string("text"))
    case .stamp: self = .stamp(try line.date("at"))
    case .reset: self = .reset
    }
  }
}

/// Records `actions` on a `Tally` from its initial state, through a real store, and returns the
/// final state. The file is complete (with a checkpoint) unless `finish` is false.
@MainActor
package func recordTally(
  _ actions: [Tally.Action], to file: TemporaryFile, snapshotEvery: Int = 64, finish: Bool = true
) async throws -> Tally.State {
  let store = Store(initialState: Tally.State(), reducer: Tally())
  let recorder = try ActionLogRecorder<Tally.State, Tally.Action>(
    path: file.path, settings: [LogSetting("timeZone", "UTC")], state: store.state,
    snapshotEvery: snapshotEvery)
  let observation = recorder.attach(to: store) { _ in }
  for action in actions { store.send(action) }
  observation.cancel()
  if finish {
    try recorder.finish(state: store.state)
  } else {
    recorder.close()
  }
  return store.state
}

/// The header line a `Tally` log starts with.
package let tallyHeader =
  #"{"format":"uniflow-action-log","version":1,"timeZone":"UTC","state":{"notes":[],"total":0}}"#

extension Tally.State: LogFingerprintable {
  package func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(total)
    hasher.combine(notes.count)
    for note in notes { hasher.combine(note) }
    hasher.combine(stamped) { $0.combine($1) }
  }
}
