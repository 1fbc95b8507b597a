extension TestStore {
  /// When the `.run` effects of the actions the store reduces start: at once, as in the app, or
  /// held and started one at a time, so that a test can choose which of those ready together
  /// runs first.
  ///
  /// ```swift
  /// store.effectStarts = .held
  /// ```
  public enum EffectStarts: Sendable {
    /// Each effect starts the moment its action is reduced; effects started together run in
    /// the order they started (the default).
    ///
    /// ```swift
    /// store.effectStarts = .immediately
    /// ```
    case immediately
    /// Each `.run` (or `debounce`, `throttle`) is held when its action is reduced. A held
    /// effect starts only when the test names it —
    /// ``TestStore/runFirst(_:index:of:fileID:filePath:line:column:)``, or `TestClock.runFirst`
    /// before an advance for one that becomes ready during the advance — or when an operation
    /// needs effects to run — `receive` with nothing received yet, `skipReceivedActions`,
    /// `finish`, awaiting a `send`'s ``StoreTask``, a non-exhaustive `send`, `Answers.answer`,
    /// a `TestClock` advance — and then the held effects start in the order they started, each
    /// running until it waits (sleeps, awaits an answer) or ends before the next. An exhaustive
    /// `send`, `assert`, `skipInFlightEffects` and a `receive` of an action already received
    /// leave them held. An `EffectProperty` runs effects this way, so the test it prints
    /// reproduces the order it drew.
    ///
    /// ```swift
    /// store.effectStarts = .held
    /// await store.send(.launch)                  // its effects wait
    /// await store.runFirst("Settings.swift:31")  // this one runs first
    /// ```
    case held
  }

  /// Starts the held effect written at `effect` before the others ready with it, and lets it
  /// run until it waits or ends; the others start, in the order they started, when the test
  /// next waits for effects (see ``EffectStarts/held``).
  ///
  /// ```swift
  /// store.effectStarts = .held
  /// await store.send(.launch)                  // starts two effects: both held
  /// await store.runFirst("Settings.swift:31")  // the one written second runs first
  /// await store.receive(.applied("dark")) { $0.theme = "dark" }
  /// await store.receive(.applied("light")) { $0.theme = "light" }
  /// ```
  ///
  /// `effect` is the end of the file and line (and, optionally, column) where the effect was
  /// written, cut at a `/`: `"Settings.swift:31"`, `"App/Settings.swift:31:37"`. `index` and
  /// `count` are how an `EffectProperty`'s printed test says which order it drew: first the
  /// held effects start in start order, each running until it waits, until `count` are left;
  /// then the one at `index` of those (0: the first started) starts, and it must be written at
  /// `effect`. Without them, the first held effect written at `effect` starts. A failure — no
  /// held effect written there (the message lists those held), fewer than `count` held, or a
  /// store whose ``effectStarts`` is not ``EffectStarts/held`` — is reported at the caller's
  /// line, and nothing starts.
  ///
  /// Bound: O(h²) for h held effects, plus one settle of the effects per effect started.
  public func runFirst(
    _ effect: String, index: Int? = nil, of count: Int? = nil, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    lastSite = site
    guard let held = heldEffects else {
      fail(EffectStartMessages.notHeld(effect), site)
      return
    }
    await letReadyEffectsRun(startingHeld: false)
    held.startCancelled()
    if let count {
      while held.count > count {
        held.start(at: 0)
        await letReadyEffectsRun(startingHeld: false)
        held.startCancelled()
      }
      guard held.count == count else {
        fail(EffectStartMessages.fewerHeld(effect, count: count, held: held.count), site)
        return
      }
    }
    let chosen =
      if let index {
        index >= 0 && index < held.count
          && held.site(at: index)?.isNamed(by: effect) == true
          ? index : nil
      } else {
        held.firstIndex(writtenAt: effect)
      }
    guard let chosen else {
      let waiting = (0..<min(held.count, 10)).map(held.description(at:))
      fail(
        EffectStartMessages.noneWrittenAt(effect, index: index, held: waiting, of: held.count),
        site)
      return
    }
    held.start(at: chosen)
    await letReadyEffectsRun(startingHeld: false)
  }

  /// Holds effects from now on, or starts those held and stops holding.
  func effectStartsDidChange(from old: EffectStarts) {
    guard effectStarts != old else { return }
    switch effectStarts {
    case .held:
      let held = HeldEffects()
      held.didChange = { [weak self] in self?.updateLedger() }
      heldEffects = held
      core.executor.holdStart = held.hold
      let registry = ActivityRegistry.shared
      let id = registry.addStarter(scope: registry.scopeOfCurrentTask()) { [weak self] choose in
        self?.startFirstHeld(choosing: choose) ?? false
      }
      heldStarter.withLock { $0 = id }
      // Awaiting a `send`'s task needs its effects to run: the held ones start, in order.
      core.executor.beforeWaiting = { [weak self] in await self?.letReadyEffectsRun() }
    case .immediately:
      core.executor.holdStart = nil
      core.executor.beforeWaiting = nil
      let id = heldStarter.withLock { id in
        defer { id = nil }
        return id
      }
      if let id {
        ActivityRegistry.shared.removeStarter(id)
      }
      heldEffects?.startAll()
      heldEffects = nil
    }
  }

  /// Starts the held effect that started first, or the one `choose` picks (a `TestClock`
  /// advance with a plan of `runFirst`), if there is one (cancelled ones start too, and end at
  /// once): what a settle of the test and ``letReadyEffectsRun(startingHeld:quietTurns:maxTurns:)``
  /// call. Whether one started. Bound: O(h) for h held effects.
  func startFirstHeld(choosing choose: ActivityRegistry.HeldChooser? = nil) -> Bool {
    guard let held = heldEffects else { return false }
    held.startCancelled()
    guard held.count > 0 else { return false }
    let index = choose?(held.sites) ?? 0
    held.start(at: held.count > index && index >= 0 ? index : 0)
    return true
  }
}

/// The wording of `runFirst`'s failures: what happened, then how to fix it. Tests lock it.
enum EffectStartMessages {
  static func notHeld(_ effect: String) -> String {
    "runFirst(\"\(effect)\") has no held effect to start: this store starts effects at once. To "
      + "fix, set `store.effectStarts = .held` before sending the action that starts them."
  }

  static func fewerHeld(_ effect: String, count: Int, held: Int) -> String {
    "runFirst(\"\(effect)\", of: \(count)) found \(held) held effect\(held == 1 ? "" : "s"), "
      + "not \(count), once those started before it had run. To fix, send the action that "
      + "starts the effects first, and count the effects ready together, those it starts "
      + "included."
  }

  /// `held`: the first few held effects of `count`.
  static func noneWrittenAt(_ effect: String, index: Int?, held: [String], of count: Int)
    -> String
  {
    let more = count > held.count ? ", and \(count - held.count) more" : ""
    return "runFirst(\"\(effect)\"\(index.map { ", index: \($0)" } ?? "")) found no held effect "
      + "written at \(effect)\(index.map { " at index \($0)" } ?? ""); held now, in the order "
      + "they started: \(held.isEmpty ? "none" : held.joined(separator: ", "))\(more). To fix, name a "
      + "held effect by the end of its file:line, such as \"Settings.swift:31\", after sending "
      + "the action that starts it."
  }
}
