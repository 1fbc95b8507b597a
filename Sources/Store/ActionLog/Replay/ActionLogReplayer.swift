import Foundation
import Store

/// Re-applies a recorded action log with effects off: it folds the reducer over the logged
/// actions, starting from the header's state, and drops every effect the reducer returns.
/// Effect results are themselves actions in the log, so nothing is fetched and nothing is sent
/// twice — Redux DevTools' most repeated complaint cannot happen here.
///
/// ```swift
/// let replayer = try ActionLogReplayer<AppState, AppAction>(path: "session.log")
/// let result = try replayer.run(verify: true, reduce: AppReducer().reduce)
/// print(result.state)
/// ```
///
/// Memory does not grow with the log: the reader streams it, and `verify` keeps only the seq of
/// the last snapshot that agreed.
public final class ActionLogReplayer<State: Decodable & Equatable, Action: LoggableAction> {
  /// The state the recording started from, from the header: `replayer.startState`, checked
  /// like every state the log holds (``LogValidatable``).
  public let startState: State
  /// The program replaying, as its messages name it: `this todos's state`.
  ///
  /// ```swift
  /// try ActionLogReplayer<Todos.State, Todos.Action>(path: "s.log", app: "todos").app   // "todos"
  /// ```
  public let app: String
  private var cursor: LogCursor
  private var line = LogLine()
  private let decoder = LogStateCoding.decoder()
  private let states = LogStateDecoder<State>()
  /// The test hook: which thread decodes, or no line read in place (``ReplayTestMode``); nil
  /// outside tests, where whichever thread has time to spare decodes.
  package var testMode: ReplayTestMode?
  /// How many usual lines handed over unparsed the last run read with the parser because they
  /// could not be read in place: for tests (the recorder's lines leave none).
  package private(set) var handedOverLinesParsed = 0
  /// Whether a state matched by its bytes has been decoded too, this run (``roundTripHolds``).
  private var roundTripChecked = false
  /// How many batches the last run's reading thread made (it refills those applied): for tests.
  package private(set) var batchesMade = 0

  /// Opens `path`, reads its header and decodes the state it starts from. `app` names the
  /// program replaying in what it reports (`the header's state does not fit this todos's
  /// state …`, `log format version 9 is not supported; this todos reads versions 1 and 2`).
  ///
  /// ```swift
  /// let replayer = try ActionLogReplayer<AppState, AppAction>(path: "session.log", app: "uniflow")
  /// ```
  public convenience init(path: String, app: String = "program") throws(ActionLogError) {
    var line = LogLine()
    let cursor = try LogCursor(path: path, app: app, line: &line)
    try self.init(cursor: cursor, line: line, app: app)
  }

  /// The replayer of the log `cursor` has just read the header of (with `line` its scratch
  /// space): a console opens a log once (``LogInput``), checks its header, then replays
  /// through the same cursor.
  package init(cursor: LogCursor, line: LogLine, app: String) throws(ActionLogError) {
    self.app = app
    self.cursor = cursor
    self.line = line
    do {
      startState = try LogStateCoding.decode(
        State.self, from: cursor.header.stateJSON, with: decoder)
    } catch {
      throw ActionLogError(
        .badLog, file: cursor.path, line: 1,
        column: error.column(
          inStateAt: cursor.header.stateColumn, json: cursor.header.stateJSON),
        error.message(for: "the header's state", app: app))
    }
  }

  /// The header: format, version, settings, e.g. `replayer.header.setting("timeZone")`.
  public var header: ActionLogHeader { cursor.header }
  /// The log's path as given, e.g. `session.log`.
  public var path: String { cursor.path }

  /// Replays the log to its end, or through action `until` (and the snapshot or checkpoint
  /// right after it). Call it once.
  ///
  /// Every mode reads and checks the same: a line, a fingerprint or a state that verifying
  /// would refuse is refused by a plain replay too.
  ///
  /// ```swift
  /// let result = try replayer.run(until: 12, verify: true, reduce: reducer.reduce(into:action:))
  /// ```
  ///
  /// - Parameters:
  ///   - until: the seq of the last action to replay; nil replays the whole log.
  ///   - verify: compare the replayed state with every snapshot and with the checkpoint.
  ///   - reduce: the reducer the live store runs; its effects are dropped.
  ///   - step: called after each action with what it was and the state it led to.
  @inlinable
  public func run(
    until: Int? = nil, verify: Bool = false, reduce: (inout State, Action) -> Effect<Action>,
    step: ((ActionLogStep<State, Action>) -> Void)? = nil
  ) throws(ActionLogError) -> ActionLogReplayResult<State> {
    // Effects are dropped here, in the caller's module, where `Effect<Action>` is a concrete
    // type: the generic loop below then never looks its metadata up, once per action.
    try run(until: until, verify: verify, apply: { _ = reduce(&$0, $1) }, step: step)
  }

  @usableFromInline
  package func run(
    until: Int?, verify: Bool, apply: (inout State, Action) -> Void,
    step: ((ActionLogStep<State, Action>) -> Void)?
  ) throws(ActionLogError) -> ActionLogReplayResult<State> {
    // The log is read on another thread while this one applies it; whichever of the two has
    // time to spare decodes (``ReplayPipeline/Policy``). Snapshot states are checked here,
    // against the replayed state, every mode refusing what `verify` refuses.
    let path = cursor.path
    let app = self.app
    // A reducer written with `body` builds it once for the replay, not once an action.
    let bodies = BuiltBodies()
    let previousBodies = bodies.install()
    defer {
      BuiltBodies.uninstall(previousBodies)
      withExtendedLifetime(bodies) {}
    }
    let readsCauses = cursor.header.records.contains(.causes)
    let pipeline = ReplayPipeline(
      cursor: cursor, line: self.line, summaries: step != nil, states: true,
      app: app,
      policy: ReplayPipeline.Policy(testMode),
      actions: TypedReplayActions<Action>(capacity: ReplayPipeline.batchSize))
    var line = LogLine()
    var state = startState
    var actions = 0
    handedOverLinesParsed = 0
    var lastSeq = 0
    var tornLine: Int?
    var progress = Verifying()
    let hash = verify ? StateFingerprint.function(for: State.self) : nil
    // A state with a reader of its own is decoded and compared; any other is written and its
    // bytes compared (``LogStateMatch``).
    let matches = states.readsItself ? nil : LogStateMatch.function(for: State.self)
    roundTripChecked = false
    let until = until ?? Int.max
    // Where a line read in place puts its action, taken out at once: one place for the run.
    let slot = UnsafeMutablePointer<Action>.allocate(capacity: 1)
    defer { slot.deallocate() }
    // Set once action `until` is applied: the snapshot or checkpoint right after it, the state
    // after it, is still read (from the next batch, if the action ended one), then reading stops.
    var reachedUntil = false
    var effects: [EffectEvent] = []
    reading: while var batch = pipeline.next() {
      var nextState = 0
      var nextEffect = 0
      let read = batch.actions as? TypedReplayActions<Action>
      for index in 0...batch.count {
        // The snapshots and checkpoint that come after the first `index` actions of the batch.
        while nextState < batch.states.count, batch.states[nextState].position == index {
          let logged = batch.states[nextState]
          nextState += 1
          if logged.isCheckpoint { progress.checkpoint = logged.seq }
          // The replayed state written as the recorder writes it is the logged state's very
          // bytes: it agrees, and the logged state is valid (``LogStateMatch``).
          if let matches, logged.json.withUnsafeBufferPointer({ matches(state, $0) }),
            states.problem(of: state) == nil, try roundTripHolds(logged, state)
          {
            if verify, progress.divergence == nil {
              progress.agreed(seq: logged.seq, isSnapshot: !logged.isCheckpoint)
            }
            continue
          }
          // Decoded (and checked) even after a divergence: verifying refuses a bad state too.
          let loggedState = try decodeState(logged)
          guard verify, progress.divergence == nil else { continue }
          progress.compare(
            state, loggedState, seq: logged.seq, line: logged.line,
            isSnapshot: !logged.isCheckpoint)
        }
        if reachedUntil, index < batch.count || batch.end != nil {
          break reading
        }
        while nextEffect < batch.effects.count, batch.effects[nextEffect].position == index {
          effects.append(batch.effects[nextEffect].event)
          nextEffect += 1
        }
        guard index < batch.count else { break }
        let seq = batch.entries[index].seq
        let action: Action
        var fingerprint = batch.entries[index].fingerprint
        if let read {
          action = read.take()
        } else if batch.isUsual(index) {
          if batch.readInPlace(index, through: &line, into: slot) {
            action = slot.move()
          } else {
            // Handed over unparsed, and not read in place: read as the reading thread would
            // have read it, to the same action or the same words — and the fingerprint as the
            // parser finds it, wherever on the line it stands.
            batch.loadUsual(index, into: &line)
            handedOverLinesParsed += 1
            action = try LogCursor.decodeUsual(
              &line, seq: seq, path: path, lineNumber: batch.entries[index].line, app: app,
              fingerprint: &fingerprint, causes: readsCauses)
          }
        } else {
          batch.load(index, into: &line)
          action = try LogCursor.decode(
            &line, path: path, lineNumber: batch.entries[index].line, app: app)
        }
        apply(&state, action)
        if verify, let hash, let fingerprint {
          progress.compare(hash(state), fingerprint, seq: seq, line: batch.entries[index].line)
        }
        actions += 1
        lastSeq = seq
        if let step {
          step(
            ActionLogStep(
              seq: seq, origin: batch.entries[index].origin, action: action,
              summary: batch.summaries[index], state: state, cause: batch.causes[index],
              clock: batch.clocks[index]))
        }
        if seq >= until { reachedUntil = true }
      }
      switch batch.end {
      case nil:
        pipeline.recycle(&batch)
        continue
      case .finished(let torn): tornLine = torn
      case .failed(let error): throw error
      }
      break
    }
    batchesMade = pipeline.batchesMade
    return ActionLogReplayResult(
      state: state, lastSeq: lastSeq, actions: actions, tornLine: tornLine,
      checkpointSeq: progress.checkpoint,
      verification: verify ? progress.outcome : nil, effects: effects)
  }

  /// Whether the state's `Codable` reads back what it writes, for the first state a replay
  /// matches by its bytes (``LogStateMatch``): decoded once and compared, so that a match then
  /// means what decoding would have found. A state that does not read back goes to the decoder.
  private func roundTripHolds(_ logged: ReplayPipeline.StateLine, _ state: State)
    throws(ActionLogError) -> Bool
  {
    guard !roundTripChecked else { return true }
    guard try decodeState(logged) == state else { return false }
    roundTripChecked = true
    return true
  }

  private func decodeState(_ logged: ReplayPipeline.StateLine) throws(ActionLogError) -> State {
    do {
      return try states.decode(logged.json, with: decoder)
    } catch {
      let what = logged.isCheckpoint ? "the checkpoint's state" : "the snapshot's state"
      throw ActionLogError(
        .badLog, file: cursor.path, line: logged.line,
        column: error.column(inStateAt: logged.column, json: logged.json),
        error.message(for: what, app: app))
    }
  }
}

/// What `verify` has found so far.
private struct Verifying {
  var lastAgreed = 0
  var snapshots = 0
  var checkpoint: Int?
  var divergence: ActionLogDivergence?
  /// How many actions' recorded fingerprints the replay reproduced.
  var fingerprints = 0
  /// The first action after which the replayed state's fingerprint differs from the recorded,
  /// and the last action before it after which the states agreed (by fingerprint or snapshot):
  /// the action that parted them is one of `agreed + 1 … seq` — `seq` itself only when that
  /// span is one action, for an action without a fingerprint may have parted them before.
  var parted: (seq: Int, line: Int, replayed: UInt64, logged: UInt64, agreed: Int)?
  /// The last action whose recorded fingerprint the replay reproduced.
  var lastAgreedFingerprint = 0

  /// The actions one of which parted the states, by the fingerprints.
  var partedWithin: ClosedRange<Int>? { parted.map { ($0.agreed + 1)...$0.seq } }
  /// The action that parted them, when the fingerprints name one.
  var partedSeq: Int? { parted.flatMap { $0.agreed + 1 == $0.seq ? $0.seq : nil } }

  mutating func compare(_ replayed: UInt64, _ logged: UInt64, seq: Int, line: Int) {
    guard parted == nil else { return }
    guard replayed == logged else {
      parted = (seq, line, replayed, logged, max(lastAgreedFingerprint, lastAgreed))
      return
    }
    fingerprints += 1
    lastAgreedFingerprint = seq
  }

  /// A recorded state the replay reproduced.
  mutating func agreed(seq: Int, isSnapshot: Bool) {
    lastAgreed = seq
    if isSnapshot { snapshots += 1 }
  }

  mutating func compare<State: Equatable>(
    _ replayed: State, _ logged: State, seq: Int, line: Int, isSnapshot: Bool
  ) {
    guard replayed != logged else { return agreed(seq: seq, isSnapshot: isSnapshot) }
    let difference = StateDifference.first(between: replayed, and: logged)
    // The fingerprints' span, when they narrow it to more than one action, starts after the
    // last agreement they saw; otherwise the last snapshot that agreed is the one named.
    let agreed =
      partedSeq == nil ? partedWithin.map { $0.lowerBound - 1 } ?? lastAgreed : lastAgreed
    divergence = ActionLogDivergence(
      seq: seq, line: line, lastAgreedSeq: agreed, field: difference?.path ?? "",
      replayed: difference?.left ?? "", logged: difference?.right ?? "", partedSeq: partedSeq,
      partedWithin: partedWithin,
      contradictsFingerprint: parted == nil && lastAgreedFingerprint == seq && seq > 0)
  }

  var outcome: ActionLogVerification {
    if let divergence { return .diverged(divergence) }
    if let parted {
      // The states parted and came together again (a `restored` action), or no recorded state
      // follows: only the fingerprint saw it.
      return .diverged(
        ActionLogDivergence(
          seq: parted.seq, line: parted.line, lastAgreedSeq: parted.agreed, field: "",
          replayed: StateFingerprint.text(parted.replayed),
          logged: StateFingerprint.text(parted.logged), partedSeq: partedSeq,
          partedWithin: partedWithin, evidence: .fingerprint))
    }
    return .agreed(checkpointSeq: checkpoint, snapshots: snapshots, fingerprints: fingerprints)
  }
}

/// The replayer's test hook (``ActionLogReplayer/testMode``): which thread decodes, or no line
/// read in place, so that tests hold every way of reading to the same replay.
///
/// ```swift
/// replayer.testMode = .handingOver
/// ```
package enum ReplayTestMode: CaseIterable, Sendable {
  /// Every batch decoded on the reading thread as it reads it, each usual line in place.
  case decodingWhileReading
  /// Every batch's usual lines handed over unparsed, for the applying thread to read in place.
  case handingOver
  /// No line read in place: each one parsed, and decoded by `init(logLine:)`.
  case parsingEveryLine
}
