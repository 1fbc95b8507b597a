import Store

/// What a printed `TestStore` test is made of besides the run's steps: the reducer and the
/// initial state as Swift, the dependencies the property answers, and what its
/// `.dependencies { … }` sets.
package struct EffectTestParts {
  /// The reducer as Swift, or nil when it has no source form (it holds a closure).
  package var reducer: String?
  package var reducerType: String
  /// The initial state as Swift, or nil when it has no source form.
  package var initialState: String?
  package var dependencies: [(name: String, valueType: String, code: String?)]
  /// The Swift of what `.dependencies { … }` sets: "" when the property sets nothing, nil when
  /// it sets something without saying what.
  package var prepare: String?

  package init(
    reducer: String?, reducerType: String, initialState: String?,
    dependencies: [(name: String, valueType: String, code: String?)], prepare: String? = ""
  ) {
    self.reducer = reducer
    self.reducerType = reducerType
    self.initialState = initialState
    self.dependencies = dependencies
    self.prepare = prepare
  }
}

extension EffectPropertyRun {
  /// The run as the body of a `TestStore` test: the dependencies it answers as `Answers`, the
  /// clock as a `TestClock`, each step as a statement (a run of equal clock moves as one loop),
  /// the failure as a comment. What the property gave no Swift for is said in comments first,
  /// with how to give it, so that the test compiles and reproduces the failure.
  package func swiftCode(
    reducer: String?, reducerType: String,
    dependencies: [(name: String, valueType: String, code: String?)]
  ) -> String {
    swiftCode(
      EffectTestParts(
        reducer: reducer, reducerType: reducerType, initialState: nil, dependencies: dependencies
      ))
  }

  package func swiftCode(_ parts: EffectTestParts) -> String {
    var lines: [String] = []
    let state = parts.initialState ?? swiftSource(initialState)
    if parts.reducer == nil {
      lines.append(
        "// The reducer holds a value with no Swift form (a closure): give it with "
          + ".code(reducer: \"…\") on the property so that this test compiles.")
    }
    if state == nil {
      lines.append(
        "// The initial state holds a value with no Swift form: give it with "
          + ".code(initialState: \"…\") on the property so that this test compiles.")
    }
    lines.append("let clock = TestClock()")
    for dependency in parts.dependencies {
      lines.append("let \(dependency.name) = Answers<\(dependency.valueType)>()")
    }
    lines.append(
      "let store = TestStore(initialState: \(state ?? "<\(dumpText(initialState))>"), reducer: "
        + "\(parts.reducer ?? "<\(parts.reducerType)>")) {")
    // In the order a run sets them: the property's own settings, the clock, the answered ones.
    switch parts.prepare {
    case nil:
      lines.append(
        "  // and what the property's .dependencies { … } sets: give it as "
          + ".dependencies(code: \"…\") { … } so that this test reproduces the failure")
    case let prepare?:
      lines += prepare.split(separator: "\n", omittingEmptySubsequences: true).map { "  \($0)" }
    }
    lines.append("  $0.continuousClock = clock")
    for dependency in parts.dependencies {
      lines.append(
        "  "
          + (dependency.code
            ?? "// install \(dependency.name): calls return `\(dependency.name).next()`"))
    }
    lines.append("}")
    lines.append("store.exhaustivity = .off")
    let heldStarts = heldStartSites
    let wakes = movePlanLines
    if heldStarts.contains(where: { $0 != nil }) || wakes.holdsEffects {
      lines.append("store.effectStarts = .held")
    }
    var steps: [String] = []
    for (index, recordedStep) in recorded.enumerated() {
      if index == drawnSteps, index > 0 { steps.append("// every effect settles:") }
      if wakes.covered.contains(index) { continue }
      steps += wakes.before[index] ?? []
      if case .startFirst(let first, let count, _) = recordedStep, let site = heldStarts[index] {
        steps.append(
          "await store.runFirst(\(swiftSource(site) ?? "\"\(site)\""), index: \(first), of: "
            + "\(count))")
        continue
      }
      switch recordedStep.step {
      case .send(let action):
        steps.append("await store.send(\(swiftSource(action) ?? "<\(dumpText(action))>"))")
      case .answer(let dependency, let call, let answer):
        steps.append("await \(dependency).answer(call: \(call), \(answer))")
      case .advance(let duration):
        steps.append("await clock.advance(by: \(durationSource(duration)))")
      case .runFirst(let index, let count, let effect):
        // Only a sleeper outside any effect's task (a detached task's) has no place to name.
        steps.append(
          "// here the run let ready effect \(index) of \(count) run first (\(effect)), which "
            + "no statement can name: replay the token to see this order")
      }
    }
    lines += repeatedAdvancesAsLoops(steps)
    lines.append("await store.skipReceivedActions(strict: false)")
    if let failure {
      lines.append("// \(failure.split(separator: "\n").first ?? "")")
    }
    return lines.joined(separator: "\n")
  }
}

/// `lines` with each run of three or more equal `await clock.advance(by: …)` lines written as
/// one loop. Bound: O(n).
func repeatedAdvancesAsLoops(_ lines: [String]) -> [String] {
  var result: [String] = []
  var index = 0
  while index < lines.count {
    let line = lines[index]
    var end = index + 1
    while end < lines.count, lines[end] == line { end += 1 }
    if line.hasPrefix("await clock.advance(by: "), end - index >= 3 {
      result.append("for _ in 1...\(end - index) { \(line) }")
    } else {
      result += lines[index..<end]
    }
    index = end
  }
  return result
}
