import Foundation
import Store

/// Writes an action log as a store processes actions: the header at once, then one line per
/// action, each handed to the operating system with its own `write(2)` before the store moves
/// on, so a process killed at any moment leaves every action it had handled in the file.
///
/// ```swift
/// let recorder = try ActionLogRecorder<AppState, AppAction>(
///   path: "session.log", settings: [LogSetting("timeZone", "Asia/Seoul")], state: store.state)
/// let recording = recorder.attach(to: store) { error in print(error) }
/// …
/// recording.cancel()
/// try recorder.finish(state: store.state)   // the checkpoint; the file is complete
/// ```
///
/// It also writes snapshots of the state, which every replay checks and `replay --verify`
/// compares with its own to find where a replay parted from the recording: after every
/// ``snapshotEvery``-th action at most, and no more bytes of them than of action lines — a
/// snapshot is written only once the action lines since the last one add up to its size — so a
/// log grows in proportion to its actions however large the state grows.
/// "Flushed" means written to the kernel: that survives `kill -9`; ``finish(state:)`` also calls
/// `fsync`, which a power cut needs.
public final class ActionLogRecorder<State: Encodable, Action: LoggableAction> {
  /// The log's path as given, e.g. `session.log`.
  public let path: String
  /// The seq of the last action written (0 before the first): `recorder.seq` actions so far.
  public private(set) var seq = 0
  /// How many actions go between two snapshots at least, e.g. `64`; more when the state is
  /// large (a snapshot waits until the action lines since the last one add up to its size).
  public let snapshotEvery: Int
  /// When the next snapshot is due.
  private var spacing: SnapshotSpacing
  /// How to fingerprint a state, when `State` is ``LogFingerprintable``: looked up once.
  private let fingerprint: ((State) -> UInt64)?
  private var descriptor: Int32
  private var writer = LogLineWriter()
  /// The app's clock since the recording began, written on each action line (``LogRecords/clock``).
  package var clock: (() -> Duration)?
  /// The dependency calls answered since the last line, written before each action line and
  /// before the checkpoint (``LogRecords/calls``).
  package var answeredCalls: (() -> [LoggedCall])?
  /// Whether a call's line names the effect that made it: the log has ``LogRecords/causes``.
  private var callsNameEffects = false
  /// The cause of the action being recorded, written on its line (``LogRecords/causes``).
  package var cause: (() -> ActionCause?)?
  /// The effect events since the last line, written before each action line and before the
  /// checkpoint (``LogRecords/causes``).
  package var effectEvents: (() -> [EffectEvent])?
  private let encoder = LogStateCoding.encoder()

  /// Creates the log at `path` and writes its header, with `state` as the starting state.
  ///
  /// The file must be one the recording can own: a regular file, not a symbolic link, not held
  /// by another recording (each holds an advisory lock on its file until it closes). Anything
  /// else is refused at once, with one line saying why.
  ///
  /// ```swift
  /// let recorder = try ActionLogRecorder<AppState, AppAction>(
  ///   path: "s.log", overwrite: true, settings: [], state: state)
  /// ```
  ///
  /// - Parameters:
  ///   - path: where to write the log.
  ///   - overwrite: replace an existing regular file; without it, an existing file is an error
  ///     and is left as it was.
  ///   - settings: what shaped the session (time zone, locale, …), written in the header.
  ///   - state: the state the recording starts from, written in the header.
  ///   - snapshotEvery: how many actions between two snapshots of the state.
  public convenience init(
    path: String, overwrite: Bool = false, settings: [LogSetting], state: State,
    snapshotEvery: Int = 64
  ) throws(ActionLogError) {
    try self.init(
      path: path, overwrite: overwrite, refusing: [], settings: settings, state: state,
      snapshotEvery: snapshotEvery)
  }

  /// Starts a log as ``init(path:overwrite:settings:state:snapshotEvery:)`` does, refusing to
  /// write to any of `inputs` (the files the command read), however `path` spells them.
  /// With `records`, a version-2 log: set ``clock`` and ``answeredCalls`` to what they name.
  package init(
    path: String, overwrite: Bool, refusing inputs: [FileIdentity], settings: [LogSetting],
    state: State, snapshotEvery: Int = 64, records: LogRecords = []
  ) throws(ActionLogError) {
    self.path = path
    self.snapshotEvery = max(1, snapshotEvery)
    callsNameEffects = records.contains(.causes)
    self.fingerprint = StateFingerprint.function(for: State.self)
    spacing = SnapshotSpacing(every: max(1, snapshotEvery), stateBytes: 0)
    descriptor = try RecordingFile.open(path, overwrite: overwrite, inputs: inputs)
    do throws(ActionLogError) {
      let stateJSON = try encode(state)
      spacing = SnapshotSpacing(every: max(1, snapshotEvery), stateBytes: stateJSON.count)
      let header = ActionLogHeader(settings: settings, stateJSON: stateJSON, records: records)
      try writeLine(header.line())
    } catch {
      // No log without its header: an empty file left behind would refuse the next try
      // ("already exists").
      discard()
      throw error
    }
  }

  deinit { close() }

  /// Writes one action's line (and a snapshot when one is due).
  ///
  /// ```swift
  /// try recorder.record(.clock(.moveDay(1)), origin: .sent, state: store.state)
  /// ```
  public func record(_ action: Action, origin: ActionOrigin, state: State)
    throws(ActionLogError)
  {
    try writeAnsweredCalls()
    try writeEffectEvents()
    seq += 1
    writer.begin()
    writer.int("seq", seq)
    writer.string("src", origin.rawValue)
    action.encode(to: &writer)
    // Before the fingerprint, which ends a line of the usual shape (``LogFieldReader``).
    // `sent` goes without saying on a line whose `src` is `sent`.
    if let cause, let found = cause(), found != .sent || origin != .sent {
      writer.string("cause", found.text)
    }
    // The state's fingerprint after this action, when it has one: `--verify` then names the
    // exact action after which a replay parts from the recording.
    if let fingerprint {
      writer.hexWord("fp", fingerprint(state))
    }
    if let clock { writer.string("clock", LogClock.text(clock())) }
    writer.end()
    try writeLine(writer.bytes)
    spacing.wrote(actionLine: writer.bytes.count)
    if spacing.isDue(after: seq) { spacing.wrote(snapshot: try writeState("snapshot", state)) }
  }

  /// Writes the checkpoint — the final state — syncs the file to disk and closes it.
  ///
  /// ```swift
  /// try recorder.finish(state: store.state)
  /// ```
  public func finish(state: State) throws(ActionLogError) {
    try writeAnsweredCalls()
    try writeEffectEvents()
    try writeState("checkpoint", state)
    if descriptor >= 0, fsync(descriptor) != 0 {
      let reason = String(cString: strerror(errno))
      close()
      throw ActionLogError(.cannotWrite, file: path, "cannot sync the log to disk: \(reason)")
    }
    close()
  }

  /// Closes the file without a checkpoint, as a crash would leave it, and releases its lock.
  ///
  /// ```swift
  /// recorder.close()   // after a write failed: the log replays up to its last line
  /// ```
  public func close() {
    if descriptor >= 0 { closeFile(descriptor) }
    descriptor = -1
  }

  /// Closes the file and removes it, if its path still names it: for a log that must not be
  /// left half written (its header failed; a shrunk log cut off by a failed write).
  ///
  /// ```swift
  /// recorder.discard()   // nothing left at recorder.path
  /// ```
  package func discard() {
    guard descriptor >= 0 else { return }
    let written = FileIdentity(descriptor: descriptor)
    var status = stat()
    if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      FileIdentity(status) == written
    {
      unlink(path)
    }
    close()
  }

  /// Records every action `store` processes from now on. Writing stops at the first failure,
  /// which goes to `onFailure`; cancel the returned observation to stop.
  ///
  /// ```swift
  /// let recording = recorder.attach(to: store) { error in print(error) }
  /// ```
  @MainActor
  public func attach(
    to store: Store<State, Action>, onFailure: @escaping (ActionLogError) -> Void
  ) -> StoreObservation {
    store.recordEach(
      { [self] action, origin, state throws(ActionLogError) in
        try record(action, origin: origin, state: state)
      }, onFailure: onFailure)
  }

  /// Writes a line for each call answered since the last line.
  private func writeAnsweredCalls() throws(ActionLogError) {
    guard let answeredCalls else { return }
    for call in answeredCalls() {
      call.line(into: &writer, effect: callsNameEffects)
      try writeLine(writer.bytes)
    }
  }

  /// Writes a line for each effect event since the last line.
  private func writeEffectEvents() throws(ActionLogError) {
    guard let effectEvents else { return }
    for event in effectEvents() {
      event.line(into: &writer)
      try writeLine(writer.bytes)
    }
  }

  /// Writes a snapshot or the checkpoint; the line's length.
  @discardableResult
  private func writeState(_ kind: String, _ state: State) throws(ActionLogError) -> Int {
    writer.begin()
    writer.int(kind, seq)
    writer.raw("state", json: try encode(state))
    writer.end()
    try writeLine(writer.bytes)
    return writer.bytes.count
  }

  private func encode(_ state: State) throws(ActionLogError) -> [UInt8] {
    do {
      return try LogStateCoding.encode(state, with: encoder)
    } catch {
      throw ActionLogError(
        .cannotWrite, file: path, "cannot encode the state: \(LogStateCoding.describe(error))")
    }
  }

  /// One `write(2)` for the whole line (more only if the kernel takes part of it).
  private func writeLine(_ bytes: [UInt8]) throws(ActionLogError) {
    guard descriptor >= 0 else {
      throw ActionLogError(.cannotWrite, file: path, "the log is already closed")
    }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        writeFile(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        throw ActionLogError(.cannotWrite, file: path, Self.writeFailure(written < 0 ? errno : EIO))
      }
      offset += written
    }
  }
}

extension ActionLogRecorder {
  /// What a failed write of the log says: `cannot write: No space left on device`, with what
  /// limit it met when that is the file-size limit.
  static func writeFailure(_ code: Int32) -> String {
    let reason = "cannot write: \(String(cString: strerror(code)))"
    return code == EFBIG ? reason + " (the limit on a file's size, ulimit -f, is reached)" : reason
  }
}

// The system calls, under names the recorder's own methods do not shadow.
private func closeFile(_ descriptor: Int32) { _ = close(descriptor) }

private func writeFile(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

extension Store {
  /// Calls `record` for every action the store processes from now on, until it first throws:
  /// that error goes to `onFailure`, and nothing more is recorded. What a recorder's `attach`
  /// does, whatever writes the lines.
  ///
  /// ```swift
  /// store.recordEach({ action, origin, state throws(ActionLogError) in
  ///   try recorder.record(action, origin: origin, state: state)
  /// }) { print($0) }
  /// ```
  @MainActor
  package func recordEach(
    _ record: @escaping (Action, ActionOrigin, State) throws(ActionLogError) -> Void,
    onFailure: @escaping (ActionLogError) -> Void
  ) -> StoreObservation {
    var failed = false
    return observe { action, origin, state in
      guard !failed else { return }
      do throws(ActionLogError) {
        try record(action, origin, state)
      } catch {
        failed = true
        onFailure(error)
      }
    }
  }
}
