// Records a session of the counter to an action log, then replays the log with effects off and
// checks that it reaches the same state: `swift run CounterRecorder [FILE]`.
import ActionLog
import Counter
import Foundation
import Store

let path = CommandLine.arguments.dropFirst().first ?? "counter.log"

do {
  // snippet: record
  let store = Store(initialState: Counter.State(), reducer: Counter { 42 })
  let recorder = try ActionLogRecorder<Counter.State, Counter.Action>(
    path: path, overwrite: true, settings: [LogSetting("app", "counter")], state: store.state)
  let recording = recorder.attach(to: store) { error in print("recording stopped: \(error)") }
  store.send(.increment)
  await store.send(.fetch).finish()
  store.send(.decrement)
  recording.cancel()
  try recorder.finish(state: store.state)  // the checkpoint: the final state

  // Replay runs no effect: `fetched(42)` is in the log, so the number is never fetched again.
  let replayer = try ActionLogReplayer<Counter.State, Counter.Action>(path: path)
  let replayed = try replayer.run(
    verify: true, reduce: Counter { 0 }.reduce)  // its fetch is never called: no effect runs
  print("replayed \(replayed.actions) actions to count \(replayed.state.count)")
  // snippet: end
  print(replayed.state == store.state ? "the replay ends on the live state" : "they differ")
} catch {
  print("counter: \(error)")
  exit(1)
}
