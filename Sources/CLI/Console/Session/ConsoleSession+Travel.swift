import Store

/// Time travel through the session: `:back`, `:forward`, `:goto`, `:undo` and `:diff`.
extension ConsoleSession {
  /// Shows the state at `position`, effects off: cancels what is in flight, and restores the
  /// state through the app's `restoring` action, so a recording of the session replays to the
  /// same screens — or, for an app without one, sets the store's state directly. What was
  /// loading there shows as cancelled, since its effect is not running.
  func travel(to position: Int, quietly: Bool = false) {
    var shown = history.state(at: position)
    for action in app.cancellations(in: shown) {
      replayReducer.reduceDroppingEffects(into: &shown, action: action)
    }
    guard let restoring = app.restoring(shown) else {
      if let recording {
        // The action log has no line for a state set without an action.
        report(
          "\(app.name) cannot travel while recording to \(recording.path): its ConsoleApp has "
            + "no restoring(_:) action, so the log could not replay the travel; :stop first, "
            + "then travel and :record again (the new log starts from the state shown)",
          line: nil)
        return
      }
      history.move(to: position)
      history.travelled(to: shown)
      store.replaceState(with: shown)
      if !quietly { reportTravel(to: position) }
      return
    }
    store.cancelAllEffects()
    history.move(to: position)
    history.travel { store.send(restoring) }
    if !quietly { reportTravel(to: position) }
  }

  /// Says where travel went.
  private func reportTravel(to position: Int) {
    console.result(
      "travel", lines: ["at seq \(position) of \(history.count)"],
      json: ["seq": position, "of": history.count])
  }

  /// `:forward N` (`steps` = N) and `:back N` (`steps` = −N), stopping at the session's first
  /// and last states however large N is.
  func travel(by steps: Int, line: Int) {
    let room =
      steps < 0 ? history.position - history.firstPosition : history.count - history.position
    let distance = min(Int(clamping: steps.magnitude), room)
    let target = history.position + (steps < 0 ? -distance : distance)
    guard target != history.position else {
      let edge =
        steps > 0
        ? "the last state (seq \(history.count))"
        : history.firstPosition == 0
          ? "the first state (seq 0)"
          : "the oldest state kept (seq \(history.firstPosition)): \(horizonNote)"
      report("already at \(edge)", line: line)
      return
    }
    travel(to: target)
  }

  /// `:goto SEQ`.
  func travel(toSeq seq: Int, line: Int) {
    guard seq <= history.count else {
      report(
        "no seq \(seq): the session has \(counted(history.count, "action")) (:history lists them)",
        line: line)
      return
    }
    guard seq >= history.firstPosition else {
      report(beforeHorizon(seq), line: line)
      return
    }
    travel(to: seq)
  }

  /// Why travel cannot reach `seq`, which lies before the oldest state the history keeps.
  private func beforeHorizon(_ seq: Int) -> String {
    "seq \(seq) is no longer kept: the oldest state kept is seq \(history.firstPosition), "
      + horizonNote
  }

  /// What the history keeps, and how to keep more.
  private var horizonNote: String {
    "the history keeps the last \(history.horizon) actions (start \(app.name) with --history N "
      + "to keep more)"
  }

  /// `:undo`: travel to the state before the last typed command.
  func undo(line: Int) {
    guard let position = history.positionBeforeLastCommand else {
      // No typed command sent any of the actions up to the state shown: none was typed, each
      // typed was refused or sent nothing, travel went back before them all, or they are older
      // than the history kept (--history).
      let message =
        history.position == 0
        ? "nothing to undo: already at the first state (seq 0)"
        : history.firstPosition > 0
          ? "nothing to undo among the actions kept: \(horizonNote)"
          : "nothing to undo: none of the actions up to seq \(history.position) came from a typed "
            + "command (:history lists them)"
      report(message, line: line)
      return
    }
    travel(to: position)
  }

  /// `:diff [SEQ]`: what action SEQ changed, as −/+ lines of the state's dump.
  func diff(_ seq: Int?, line: Int) {
    let seq = seq ?? history.position
    guard seq >= 1 else {
      report("no action to diff: the screens show the state before the first action", line: line)
      return
    }
    guard seq <= history.count else {
      report(
        "no seq \(seq): the session has \(counted(history.count, "action")) (:history lists them)",
        line: line)
      return
    }
    guard seq > history.firstPosition else {
      report(beforeHorizon(seq), line: line)
      return
    }
    let entry = history.entry(seq)
    let before = history.state(at: seq - 1)
    let after = history.state(at: seq)
    let title = "#\(seq) \(entry.source.rawValue) \(history.describe(entry))"
    let change = stateChange(from: before, to: after)
    let lines = [TerminalText(title)] + change.map { TerminalText($0) }
    console.result(
      "diff", lines: lines,
      json: [
        "seq": seq, "source": entry.source.rawValue,
        "action": history.describe(entry), "change": change,
      ])
  }
}
