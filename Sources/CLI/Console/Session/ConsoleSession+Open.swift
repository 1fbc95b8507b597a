import ActionLog
import Foundation
import Store

/// `:open LOG` and `APP --open LOG`: a recorded session replayed into this one, effects off,
/// with its whole history to travel, `:why`, `:find` and `:changed`, and live from its end.
extension ConsoleSession {
  /// `:open LOG` typed on line `number`.
  func open(_ path: String, line number: Int) {
    let path = path.trimmingCharacters(in: .whitespaces)
    guard !path.isEmpty else {
      report(":open needs a log to open, e.g. :open session.log", line: number)
      return
    }
    if let recording {
      report(
        "cannot open \(path) while recording to \(recording.path): :stop first, or start "
          + "\(app.name) with --open \(path) --record NEW.log to record a log that begins "
          + "with it", line: number)
      return
    }
    if let problem = openLog(path) { report(problem, line: number) }
  }

  /// Replays the log at `path` into the session — its start state, then each action with its
  /// cause, effects off — and shows its last state; with `record`, then records to a new log
  /// that starts with the opened one's actions (never to `path` itself). A pipe is read once
  /// (``LogInput`` keeps the copy that the header check and the replay both read).
  /// Nil when opened; otherwise what went wrong, with the file, line and column, and how to fix
  /// it.
  ///
  /// **Bound:** one pass over the log (O(actions) reductions), and one more over the history to
  /// write the new log's first lines when recording.
  package func openLog(_ path: String, record: RecordRequest? = nil) -> String? {
    let input: LogInput
    do {
      input = try LogInput(path: path, rereading: true)
    } catch {
      return error.description
    }
    let replayer: LogReplay<State, Action>
    do {
      replayer = try ConsoleReplay(app).open(input)
      try app.replaySettings(of: replayer.header, path: input.path, adopt: false)
    } catch {
      return error.description
    }
    store.cancelAllEffects()
    history.reset(to: replayer.startState)
    causes?.reset()
    var previousLine: Int?
    let result: ActionLogReplayResult<State>
    do {
      result = try replayer.run(
        until: nil, verify: false, apply: ConsoleReplay<App>.applying(replayReducer)
      ) { step in
        self.history.appendOpened(step, previousLine: &previousLine, causes: self.causes)
      }
    } catch {
      return error.description
    }
    causes?.opened(result.effects)
    if let causes, replayer.header.records.isSuperset(of: [.calls, .causes]) {
      // The calls, which the replay skips, read in a second pass.
      do throws(ActionLogError) {
        var extras = try LoggedExtras(input, app: app.name)
        causes.opened(
          calls: &extras, actions: result.actions, events: result.effects, cause: history.cause)
        if let failure = extras.failure { throw failure }
      } catch {
        return error.description
      }
    }
    let last = history.state(at: history.count)
    let restores = app.restoring(last) != nil
    if !restores {
      // No action restores a state: the store takes the log's last state as it is (travel's
      // cancellations would part it from the log a recording begins with).
      history.move(to: history.count)
      history.travelled(to: last)
      store.replaceState(with: last)
    }
    if let record {
      let identities = [input.identity].compactMap { $0 }
      if let error = startRecording(
        record, from: history.state(at: history.firstPosition), refusing: identities)
      {
        return ConsoleRecording<App>.message(error)
      }
      recording?.writeOpened(history)
    }
    // The screens are printed once, whole, below: not line by line as travel sets them.
    renderer.isLive = false
    // Recorded when recording: the log shows the screens as travel left them.
    if restores { travel(to: history.count, quietly: true) }
    renderer.isLive = true
    console.result(
      "open",
      lines: [
        TerminalText(
          "opened \(path): \(counted(result.actions, "action")), at seq \(history.count)")
      ],
      json: ["path": path, "actions": result.actions, "seq": history.count])
    renderer.printAll(of: store.state)
    return nil
  }
}
