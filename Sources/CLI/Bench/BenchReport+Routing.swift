import Foundation

/// The report's sections on the store's dispatch and on routing to children.
extension BenchReport {
  mutating func addDispatch(_ f: DispatchBench.Figures) {
    sections.append(
      (
        "dispatch",
        [
          "storeNsPerAction": round(f.storeNs), "loopNsPerAction": round(f.loopNs),
          "ratio": round(f.ratio, 3), "target": 1.15,
          "bareStoreNsPerAction": round(f.bareStoreNs), "bareLoopNsPerAction": round(f.bareLoopNs),
          "bareRatio": round(f.bareRatio, 3), "bareTarget": 3.0,
          "app": [
            "storeNsPerAction": round(f.appStoreNs), "loopNsPerAction": round(f.appLoopNs),
            "ratio": round(f.appRatio, 3),
          ],
          "render": [
            "allScreensNsPerAction": round(f.renderAllNs),
            "observedNsPerAction": round(f.renderObservedNs), "ratio": round(f.renderRatio, 3),
          ],
        ]
      ))
    lines += [
      "", "dispatch — reference workload, 1,000,000 actions (ReSwift: ratio 8.8, bare 5.8)",
      row("Store.send, one observer deriving the display", f.storeNs, "ns/action"),
      row("loop: the same reducer and display", f.loopNs, "ns/action"),
      row("ratio (target ≤ 1.15)", f.ratio, verdict: f.ratio <= 1.15),
      row("Store.send, no observer", f.bareStoreNs, "ns/action"),
      row("loop: the reducer alone", f.bareLoopNs, "ns/action"),
      row("bare ratio (target ≤ 3)", f.bareRatio, verdict: f.bareRatio <= 3),
      row("app reducer + clock view model through Store.send", f.appStoreNs, "ns/action"),
      row("app reducer + clock view model in a loop", f.appLoopNs, "ns/action"),
      row("app ratio (information)", f.appRatio),
      row("REPL screens, every screen derived each action", f.renderAllNs, "ns/action"),
      row("REPL screens, each observing its own state", f.renderObservedNs, "ns/action"),
      row("observed / all (information)", f.renderRatio),
    ]
  }

  mutating func addScopedDispatch(_ f: DispatchBench.Figures) {
    sections.append(
      (
        "scopedDispatch",
        [
          "nsPerAction": round(f.scopedStoreNs), "flatNsPerAction": round(f.storeNs),
          "ratio": round(f.scopedRatio, 3), "target": 1.2,
        ]
      ))
    lines += [
      "", "scoped dispatch — a feature action through two levels of Scope, with the observer",
      row("two levels of scoping", f.scopedStoreNs, "ns/action"),
      row("flat (the dispatch figure above)", f.storeNs, "ns/action"),
      row("ratio (target ≤ 1.2)", f.scopedRatio, verdict: f.scopedRatio <= 1.2),
    ]
  }

  mutating func addChildren(_ f: ChildrenBench.Figures) {
    sections.append(
      (
        "children",
        [
          "flatNsPerAction": round(f.flatNs), "elementNsPerAction": round(f.elementNs),
          "elementRatio": round(f.elementRatio, 3),
          "elementsInTurnNsPerAction": round(f.elementsInTurnNs),
          "ifLetNsPerAction": round(f.ifLetNs),
          "ifLetRatio": round(f.ifLetRatio, 3), "byHandNsPerAction": round(f.byHandNs),
          "byHandRatio": round(f.byHandRatio, 3),
          "structFlatNsPerAction": round(f.structFlatNs),
          "structElementNsPerAction": round(f.structElementNs),
          "structElementRatio": round(f.structElementRatio, 3),
          "structIfLetNsPerAction": round(f.structIfLetNs),
          "structIfLetRatio": round(f.structIfLetRatio, 3),
          "structByHandNsPerAction": round(f.structByHandNs),
          "structByHandRatio": round(f.structByHandRatio, 3),
          "structByOffsetNsPerAction": round(f.structByOffsetNs),
          "structByOffsetRatio": round(f.structByOffsetRatio, 3), "rows": f.rows, "target": 1.5,
        ]
      ))
    lines += [
      "", "children — the same row action, flat and routed to one child",
      row("flat (the row reducer as the store's)", f.flatNs, "ns/action"),
      row("to one row of \(f.rows) through forEach", f.elementNs, "ns/action"),
      row("to each row in turn (rows out of cache; information)", f.elementsInTurnNs, "ns/action"),
      row("forEach / flat (target ≤ 1.5)", f.elementRatio, verdict: f.elementRatio <= 1.5),
      row("to an optional child through ifLet", f.ifLetNs, "ns/action"),
      row("ifLet / flat (information)", f.ifLetRatio),
      row("to one row of a plain array, routed by hand (the floor)", f.byHandNs, "ns/action"),
      row("by hand / flat (information)", f.byHandRatio),
      row("flat, the row a Reducer struct", f.structFlatNs, "ns/action"),
      row("to one row of \(f.rows) through forEach, structs", f.structElementNs, "ns/action"),
      row(
        "forEach / flat, structs (target ≤ 1.5)", f.structElementRatio,
        verdict: f.structElementRatio <= 1.5),
      row("to an optional child through ifLet, structs", f.structIfLetNs, "ns/action"),
      row("ifLet / flat, structs (information)", f.structIfLetRatio),
      row(
        "to one row of \(f.rows) by id by hand, structs (floor)", f.structByHandNs,
        "ns/action"),
      row("by hand / flat, structs (information)", f.structByHandRatio),
      row("to one row of a plain array by hand, structs", f.structByOffsetNs, "ns/action"),
      row("plain array by hand / flat, structs (information)", f.structByOffsetRatio),
    ]
  }

  mutating func addOutsideRouting(_ f: OutsideRoutingBench.Figures) {
    var values: [String: Any] = ["episodes": f.episodes, "routedCorrectly": f.routedCorrectly]
    lines += [
      "",
      "outside routing — an outside app's tree (forEach, two ifLets, Scope + ifCaseLet, Scope),",
      "cases by key path (ActionCase(Action.x)) ÷ the same reducers with hand-written extractors",
      "(the thread's CPU time per Store.send, fastest of 5 rounds)",
    ]
    for route in OutsideRoutingBench.Route.allCases {
      let keyPath = f.keyPathNs[route] ?? .nan
      let handWritten = f.handWrittenNs[route] ?? .nan
      let ratio = f.ratio(route)
      var entry: [String: Any] = [
        "keyPathNsPerAction": round(keyPath), "handWrittenNsPerAction": round(handWritten),
        "ratio": round(ratio, 3),
      ]
      if let target = route.target { entry["target"] = target }
      values[route.key] = entry
      lines += [
        row("\(route.label), key path", keyPath, "ns/action"),
        row("\(route.label), hand-written", handWritten, "ns/action"),
        row(
          route.target.map { "  key path / hand-written (target ≤ \($0))" }
            ?? "  key path / hand-written (information)", ratio,
          verdict: route.target.map { ratio <= $0 }),
      ]
    }
    lines.append(row("routed correctly (both trees, same state)", f.routedCorrectly ? 1 : 0))
    sections.append(("outsideRouting", values))
  }
}
