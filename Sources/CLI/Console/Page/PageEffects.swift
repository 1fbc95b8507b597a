import ActionLog

/// The session's causes and effects as the page's script reads them: each action's cause, and
/// each effect as one bar of the timeline, from the action that started it to its end or
/// cancellation, with the calls it made and the actions it sent.
///
/// ```swift
/// PageEffects.cause(.effect(EffectCause(effect: 4, parent: 12, site: "Search.swift:42")))
/// // {"k":"effect","effect":4,"by":12,"site":"Search.swift:42"}
/// ```
package enum PageEffects {
  /// `cause` as the page shows it: `{"k": "typed", "line": 3}`, `{"k": "sent"}`,
  /// `{"k": "travel"}`, `{"k": "effect", "effect": 4, "by": 12, "site": "Search.swift:42"}`.
  package static func cause(_ cause: ActionCause) -> PageJSON {
    switch cause {
    case .typed(let line): return .object([("k", .string("typed")), ("line", .int(line))])
    case .sent: return .object([("k", .string("sent"))])
    case .travel: return .object([("k", .string("travel"))])
    case .effect(let effect):
      var members: [(String, PageJSON)] = [
        ("k", .string("effect")), ("effect", .int(effect.effect)),
      ]
      if let parent = effect.parent { members.append(("by", .int(parent))) }
      if let site = effect.site { members.append(("site", .string(site))) }
      return .object(members)
    }
  }

  /// A call, the seq of the action after which the log has it, and the effect that made it
  /// when the log says.
  package struct Call {
    package var after: Int
    package var effect: Int?
    package var json: PageJSON
    package init(_ call: LoggedCall, after: Int) {
      self.after = after
      self.effect = call.effect
      self.json = PageEffects.json(of: call, after: after)
    }
  }

  /// A logged call as the page's timeline draws it: `{"name", "after", "effect", "t", "input",
  /// "output"|"failure"}`.
  static func json(of call: LoggedCall, after seq: Int) -> PageJSON {
    var members: [(String, PageJSON)] = [("name", .string(call.name)), ("after", .int(seq))]
    if let effect = call.effect { members.append(("effect", .int(effect))) }
    if let clock = call.clock { members.append(("t", .number(PageClock.text(clock)))) }
    members.append(("input", (try? PageJSONParser.parse(call.input)) ?? .null))
    switch call.answer {
    case .output(let json): members.append(("output", (try? PageJSONParser.parse(json)) ?? .null))
    case .failure(let message): members.append(("failure", .string(message)))
    }
    return .object(members)
  }

  /// The effects of `events` as the timeline's bars: `{"id", "site", "from", "to", "end",
  /// "t0", "t1", "calls", "sent"}`, where `end` is `finished`, `cancelled` or `running` (no end
  /// before the session's last action), `sent` the seqs of the actions whose cause names the
  /// effect (`causes`: seq and cause), and `calls` those of `calls` that name the effect — or,
  /// for a call that names none (a log from before calls named their effect), that the log has
  /// just before an action the effect sent (a call's line comes when its answer does, before
  /// the action the effect sends with it). The calls no effect claims are returned as they
  /// came, for the timeline's lane of loose calls.
  ///
  /// **Bounds.** O(E + A + C) for E events, A actions and C calls, with dictionaries by effect
  /// number and seq.
  package static func effects(
    _ events: [EffectEvent], causes: [(seq: Int, cause: ActionCause?)], calls: [Call]
  ) -> (effects: [PageJSON], looseCalls: [PageJSON]) {
    var order: [Int] = []
    var starts: [Int: EffectEvent] = [:]
    var ends: [Int: EffectEvent] = [:]
    for event in events {
      switch event.kind {
      case .start:
        if starts[event.effect] == nil { order.append(event.effect) }
        starts[event.effect] = event
      case .end, .cancel: ends[event.effect] = event
      }
    }
    var sent: [Int: [Int]] = [:]
    var senderOf: [Int: Int] = [:]
    for (seq, cause) in causes {
      guard case .effect(let effect)? = cause, effect.effect > 0 else { continue }
      sent[effect.effect, default: []].append(seq)
      senderOf[seq] = effect.effect
    }
    var claimed: [Int: [PageJSON]] = [:]
    var loose: [PageJSON] = []
    for call in calls {
      if let effect = call.effect ?? senderOf[call.after + 1], starts[effect] != nil {
        claimed[effect, default: []].append(call.json)
      } else {
        loose.append(call.json)
      }
    }
    let effects = order.compactMap { number -> PageJSON? in
      guard let start = starts[number] else { return nil }
      var members: [(String, PageJSON)] = [("id", .int(number)), ("from", .int(start.seq))]
      if let site = start.site { members.append(("site", .string(site))) }
      if let clock = start.clock { members.append(("t0", .number(PageClock.text(clock)))) }
      if let end = ends[number] {
        members.append(("to", .int(end.seq)))
        members.append(("end", .string(end.kind == .cancel ? "cancelled" : "finished")))
        if let clock = end.clock { members.append(("t1", .number(PageClock.text(clock)))) }
      } else {
        members.append(("end", .string("running")))
      }
      members.append(("calls", .array(claimed[number] ?? [])))
      members.append(("sent", .array((sent[number] ?? []).map(PageJSON.int))))
      return .object(members)
    }
    return (effects, loose)
  }
}

/// Times on the app's clock as the page writes them: seconds, to the microsecond.
///
/// ```swift
/// PageClock.text(.milliseconds(1500))   // "1.5"
/// ```
package enum PageClock {
  package static func seconds(_ duration: Duration) -> Double {
    Double(LogClock.microseconds(duration)) / 1_000_000
  }

  package static func text(_ duration: Duration) -> String { String(seconds(duration)) }
}
