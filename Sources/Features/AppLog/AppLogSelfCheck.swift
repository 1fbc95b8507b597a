import ActionLog
import Features
import Foundation
import Store

/// What the log fuzzer (`Sources/CLI/LogFuzzer`) and the tests check on any bytes at all: that
/// what decodes re-encodes and decodes to the same value, and that replaying never traps, in
/// every mode.
///
/// ```swift
/// if let broken = AppLogSelfCheck.roundTrip(line: bytes) { Issue.record("\(broken)") }
/// let outcomes = AppLogSelfCheck.replay(path: "s.log")   // one line a mode
/// ```
package enum AppLogSelfCheck {
  /// Why `bytes`, a line that reads as an action or as a state (a header's, a snapshot's), does
  /// not survive writing and reading again; nil when it does, or when it does not read at all.
  ///
  /// An action is written as the recorder writes it; read back, it must equal the first reading,
  /// and written again, give the same bytes; and the replay's fast reader, when it reads the
  /// line, must read the same action. States the same, with the log's state coding.
  package static func roundTrip(line bytes: [UInt8]) -> String? {
    var line = LogLine()
    line.bytes = bytes
    guard (try? line.parse()) != nil else { return nil }
    if let problem = fastReaderProblem(line) { return problem }
    if let state = line.rawValue("state"), let problem = roundTrip(state: Array(state)) {
      return problem
    }
    guard line.has("action"), let action = readAction(&line) else { return nil }
    let written = write(action)
    var again = LogLine()
    again.bytes = written
    guard (try? again.parse()) != nil, let reread = readAction(&again) else {
      return "\(describe(bytes)) decodes, but its re-encoding \(describe(written)) does not"
    }
    guard reread == action else {
      return "\(describe(bytes)) decodes to \(action), its re-encoding to \(reread)"
    }
    let rewritten = write(reread)
    guard rewritten == written else {
      return "\(describe(written)) is written again as \(describe(rewritten))"
    }
    return nil
  }

  /// Why reading the action line `line` holds in place (``LogLine/readInPlace(_:as:)``, the
  /// replay's fast path) gives otherwise than parsing it: another action, or one the parsed read
  /// refuses; nil when they agree, or when the line is left to the parser.
  static func fastReaderProblem(_ line: LogLine) -> String? {
    var line = line
    guard line.has("seq"), (try? line.int("seq")) != nil, (try? line.origin()) != nil,
      (try? line.hexWord("fp")) != nil
    else { return nil }
    let fast = line.bytes.withUnsafeBufferPointer { LogLine.readInPlace($0, as: AppAction.self) }
    guard let fast else { return nil }
    let text = describe(line.bytes)
    guard let action = try? AppAction(logLine: &line), line.unusedField() == nil else {
      return "\(text) is read in place as \(fast), and refused by init(logLine:)"
    }
    guard write(action) == write(fast) else {
      return "\(text) is read in place as \(fast), by init(logLine:) as \(action)"
    }
    return nil
  }

  /// Why a state's JSON that decodes does not survive encoding and decoding again; nil when it
  /// does, or when it does not decode.
  package static func roundTrip(state json: [UInt8]) -> String? {
    let decoder = LogStateCoding.decoder()
    guard let state = try? LogStateCoding.decode(AppState.self, from: json, with: decoder),
      let written = try? LogStateCoding.encode(state, with: LogStateCoding.encoder())
    else { return nil }
    guard let reread = try? LogStateCoding.decode(AppState.self, from: written, with: decoder)
    else { return "the state \(describe(json)) decodes, but its re-encoding does not" }
    guard reread == state else { return "the state \(describe(json)) reads back differently" }
    return nil
  }

  /// A way to replay a log, as `uniflow replay`'s options choose it.
  package struct ReplayMode: Sendable {
    package let name: String
    let until: Int?
    let verify: Bool
    /// Derive the screens after each action, as `--trace` prints them.
    let step: Bool

    package static let plain = ReplayMode(name: "plain", until: nil, verify: false, step: false)
    package static let verify = ReplayMode(name: "verify", until: nil, verify: true, step: false)
    package static let trace = ReplayMode(name: "trace", until: nil, verify: false, step: true)
    package static let until = ReplayMode(name: "until", until: 2, verify: false, step: false)
    /// `--verify --trace`: the fuzzer's first way, two modes' work in one replay.
    package static let verifiedTrace = ReplayMode(
      name: "verified trace", until: nil, verify: true, step: true)
    /// `--verify --until 2`: the fuzzer's second way, stopping while the reader reads on.
    package static let verifiedUntil = ReplayMode(
      name: "verified until", until: 2, verify: true, step: false)

    /// Each of `replay`'s modes on its own.
    package static let each = [plain, verify, trace, until]
  }

  /// Replays the log at `path` in each of `modes` and derives the final screens; one line a
  /// mode saying how it ended. Any log may be given: the point is that none of this traps.
  package static func replay(path: String, modes: [ReplayMode] = ReplayMode.each) -> [String] {
    let reducer = AppReducer()
    return modes.map { mode in
      do throws(ActionLogError) {
        let replayer = try ActionLogReplayer<AppState, AppAction>(path: path, app: "uniflow")
        var screens = 0
        let result = try replayer.run(
          until: mode.until, verify: mode.verify, reduce: reducer.reduce(into:action:),
          step: mode.step ? { screens += AppView(state: $0.state).screens.count } : nil)
        screens += AppView(state: result.state).screens.count
        let actions = result.actions == 1 ? "1 action" : "\(result.actions) actions"
        return "\(mode.name): \(actions), \(screens) screens"
      } catch {
        return "\(mode.name): \(error.message)"
      }
    }
  }

  /// Reads an action line as the log reader does: the log's own fields first, then the action.
  private static func readAction(_ line: inout LogLine) -> AppAction? {
    if line.has("seq") {
      guard (try? line.int("seq")) != nil, (try? line.origin()) != nil,
        (try? line.hexWord("fp")) != nil
      else { return nil }
    }
    guard let action = try? AppAction(logLine: &line), line.unusedField() == nil else {
      return nil
    }
    return action
  }

  private static func write(_ action: AppAction) -> [UInt8] {
    var writer = LogLineWriter()
    writer.begin()
    action.encode(to: &writer)
    writer.end()
    return Array(writer.bytes.dropLast())
  }

  private static func describe(_ bytes: some Collection<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.count > 200 ? String(text.prefix(200)) + "…" : text
  }
}
