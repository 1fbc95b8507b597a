import ActionLog
import Foundation
import Store

/// `:why`, `:find`, `:changed` and `:history --only/--hide`: reading the session's history
/// without changing it.
extension ConsoleSession {
  /// The session's effect events (start, end, cancellation), seqs in the history's numbering.
  package var effectEvents: [EffectEvent] { causes?.events ?? [] }

  /// `:history --only/--hide`: the history's lines whose actions `filter` shows.
  func filteredHistory(_ filter: ActionFilter) {
    var shown: [Int] = []
    for index in 0..<history.lineCount {
      guard let seq = history.seq(ofLine: index) else {
        shown.append(index)
        continue
      }
      if filter.shows(name: ActionFilter.name(ofText: history.describe(history.entry(seq)))) {
        shown.append(index)
      }
    }
    let items = shown.compactMap { history.seq(ofLine: $0) }
    let descriptions = ActionHistory<App.State, App.Action>.DescriptionCache()
    console.resultList(
      "history", lineCount: shown.count, line: { TerminalText(history.line(shown[$0])) },
      itemCount: items.count,
      item: { history.jsonEntry(items[$0] - history.firstPosition - 1, descriptions: descriptions) }
    )
  }

  /// `:why SEQ`: action SEQ and its cause, then each parent's, back to a typed line.
  func why(_ seq: Int, line: Int) {
    guard seq <= history.count, seq > history.firstPosition else {
      report(
        seq > history.count
          ? "no seq \(seq): the session has \(counted(history.count, "action")) "
            + "(:history lists them)"
          : "seq \(seq) is no longer kept (the history keeps the last \(history.horizon) actions)",
        line: line)
      return
    }
    let chain = CauseChain.chain(from: seq, first: history.firstPosition, cause: history.cause)
    causes?.takeCalls()
    let calls = chain.seqs.map { causes?.calls.calls(sentWith: $0) ?? [] }
    var lines: [String] = []
    for (seq, calls) in zip(chain.seqs, calls) {
      lines.append(
        "\(seq)  \(history.cause(seq)?.text ?? "effect (not recorded)")  "
          + history.describe(history.entry(seq)))
      lines += calls.map { "   " + CallText.line($0) }
    }
    if let note = chain.note { lines.append(note) }
    console.result(
      "why", lines: lines.map { TerminalText($0) },
      json: zip(chain.seqs, calls).map { seq, calls -> [String: Any] in
        var item: [String: Any] = [
          "seq": seq, "action": history.describe(history.entry(seq)),
        ]
        if let cause = history.cause(seq) { item["cause"] = cause.text }
        if !calls.isEmpty { item["calls"] = calls.map(CallText.json) }
        return item
      })
  }

  /// `:changed PATH`: every action after which the value at PATH differs from before it.
  func changed(_ text: String, line: Int) {
    guard let path = statePath(text, line: line) else { return }
    let found = StateSearch.changes(at: path, in: history)
    let lines =
      found.isEmpty
      ? ["no action changed \(path)"]
      : found.map {
        "\($0.seq)  \(history.describe(history.entry($0.seq)))  \($0.old) -> \($0.new)"
      }
    console.result(
      "changed", lines: lines.map { TerminalText($0) },
      json: found.map {
        [
          "seq": $0.seq, "action": history.describe(history.entry($0.seq)), "old": $0.old,
          "new": $0.new,
        ] as [String: Any]
      })
  }

  /// `:find PATH[=VALUE]`: the actions after which PATH had a value (VALUE).
  func find(_ text: String, value: String?, line: Int) {
    guard let path = statePath(text, line: line) else { return }
    let found = StateSearch.find(at: path, value: value, in: history)
    let what = value.map { "\(path) = \($0)" } ?? "a value at \(path)"
    let lines =
      found.isEmpty
      ? ["no state has \(what)"]
      : found.map { "\($0.seq)  \(history.describe(history.entry($0.seq)))  \($0.value)" }
    console.result(
      "find", lines: lines.map { TerminalText($0) },
      json: found.map {
        ["seq": $0.seq, "action": history.describe(history.entry($0.seq)), "value": $0.value]
          as [String: Any]
      })
  }

  private func statePath(_ text: String, line: Int) -> StatePath? {
    do {
      return try StatePath(text.trimmingCharacters(in: .whitespaces))
    } catch {
      report(
        "\(error.message) in the path '\(text)' (column \(error.column)); write it as the "
          + "screens do, e.g. episodes[id: 1].download", line: line)
      return nil
    }
  }
}
