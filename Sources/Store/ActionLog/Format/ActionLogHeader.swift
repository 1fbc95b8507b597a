import Store

/// The first line of an action log: the format and its version, the settings that shape
/// reduction and display, and the state the recording started from.
///
/// ```json
/// {"format":"uniflow-action-log","version":1,"app":"uniflow 0.1.0","timeZone":"Asia/Seoul",
///  "locale":"en_001","state":{"clock":{…}}}
/// ```
/// (one line in the file). Settings are strings, named by the app; the log only carries them.
///
/// Version 1 holds actions, snapshots and a checkpoint. Version 2 says in `"records"` what more
/// it holds — `clock`: each action's time on the app's clock; `calls`: each call an effect made
/// to a `LoggableDependency` and its answer, for `replay --emit-test`; `causes`: why each
/// action happened and when each effect started and ended, for `:why` and the page. A
/// recording with none of them writes version 1, byte for byte as before; this code reads both.
public struct ActionLogHeader: Equatable, Sendable {
  /// The value of `format` that marks a file as an action log: `"uniflow-action-log"`.
  public static let format = "uniflow-action-log"
  /// The version of a log of actions alone, the example messages show: `"version":1`.
  public static let version = 1
  /// The newest version this code writes and reads: `"version":2`, with ``records``.
  public static let newestVersion = 2

  /// What the log holds beyond actions and states: `[.clock, .calls]` in a version-2 log,
  /// empty in a version-1 log.
  ///
  /// ```swift
  /// reader.header.records.contains(.calls)   // the log answers dependency calls
  /// ```
  public package(set) var records: LogRecords = []

  /// The app's settings, in the order written: e.g. `[LogSetting("timeZone", "Asia/Seoul")]`.
  public package(set) var settings: [LogSetting]
  /// The state the recording started from, as JSON (see ``LogStateCoding``).
  package var stateJSON: [UInt8]
  /// The column where ``stateJSON`` begins in the header's line (1 for a header not read).
  package var stateColumn = 1

  package init(settings: [LogSetting], stateJSON: [UInt8], records: LogRecords = []) {
    self.settings = settings
    self.stateJSON = stateJSON
    self.records = records
  }

  /// The header's version: 1 with nothing but actions and states, else 2.
  public var version: Int { records.isEmpty ? Self.version : Self.newestVersion }

  /// The value of setting `name`, if the header has it.
  ///
  /// ```swift
  /// reader.header.setting("timeZone")   // "Asia/Seoul"
  /// ```
  public func setting(_ name: String) -> String? {
    settings.first { $0.name == name }?.value
  }

  /// The header as one line, with its newline.
  package func line() -> [UInt8] {
    var writer = LogLineWriter(capacity: 256 + stateJSON.count)
    writer.begin()
    writer.string("format", Self.format)
    writer.int("version", version)
    if !records.isEmpty { writer.string("records", records.text) }
    for setting in settings { writer.string(setting.name, setting.value) }
    writer.raw("state", json: stateJSON)
    writer.end()
    return writer.bytes
  }

  /// Reads a parsed first line; the message of a ``LogLineError`` says what is wrong.
  package init(_ line: inout LogLine) throws(HeaderProblem) {
    guard line.kind(of: "format") == .string,
      (try? line.string("format")) == Self.format
    else { throw .notALog }
    guard line.kind(of: "version") == .integer, let version = try? line.int("version") else {
      throw .problem(LogLineError("the header's \"version\" should be a whole number such as 1"))
    }
    guard version == Self.version || version == Self.newestVersion else {
      throw .unsupportedVersion(version)
    }
    var records: LogRecords = []
    if version == Self.newestVersion {
      guard line.kind(of: "records") == .string, let text = try? line.string("records") else {
        throw .problem(
          LogLineError(
            "a version-2 header says in \"records\" what the log holds, e.g. \"clock,calls\""))
      }
      guard let parsed = LogRecords(text: text), !parsed.isEmpty else {
        throw .problem(
          LogLineError(
            "\"records\" should name what the log holds from \(LogRecords.names), not '\(text)'",
            at: line.valueOffset(of: "records")))
      }
      records = parsed
    }
    guard line.kind(of: "state") != nil, let state = line.rawValue("state") else {
      throw .problem(
        LogLineError("the header has no \"state\" (the state the recording started from)"))
    }
    var settings: [LogSetting] = []
    for field in line.fields where field.kind == .string {
      let name = line.keyName(of: field)
      guard name != "format", name != "state", name != "records" || records.isEmpty,
        let value = try? line.string(name)
      else { continue }
      settings.append(LogSetting(name, value))
    }
    self.init(settings: settings, stateJSON: Array(state), records: records)
    stateColumn = line.column(ofByte: state.startIndex)
    if let unused = line.unusedField() { throw .problem(unused) }
  }

  /// What is wrong with a first line.
  package enum HeaderProblem: Error {
    case notALog
    case unsupportedVersion(Int)
    case problem(LogLineError)
  }
}

/// One named setting in a log's header, e.g. `timeZone` = `Asia/Seoul`.
///
/// ```swift
/// let settings = [LogSetting("timeZone", zone.identifier), LogSetting("locale", "en_US")]
/// ```
public struct LogSetting: Equatable, Sendable {
  /// The setting's name, a key of the header's JSON object, e.g. `timeZone`.
  public var name: String
  /// Its value, e.g. `Asia/Seoul`.
  public var value: String

  /// The setting `name` = `value`: `LogSetting("locale", "en_US")`.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// What a version-2 log holds beyond actions and states, as its header's `"records"` says.
///
/// ```swift
/// let records: LogRecords = [.clock, .calls]   // "records":"clock,calls"
/// ```
public struct LogRecords: OptionSet, Hashable, Sendable {
  /// The bits, one a kind of record.
  public let rawValue: Int

  /// The records of `rawValue`'s bits.
  ///
  /// ```swift
  /// LogRecords(rawValue: 3)   // [.clock, .calls]
  /// ```
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Each action line's time on the app's clock since the recording began: `"clock":"1.204311"`
  /// (seconds, to the microsecond).
  public static let clock = LogRecords(rawValue: 1)
  /// A line for each call an effect made to a `LoggableDependency`, with its input and its
  /// answer, written when the answer came: `{"call":"searchClient.search","input":"wat",…}`.
  public static let calls = LogRecords(rawValue: 2)
  /// Each action line's cause (`"cause":"line 3"`, see ``ActionCause``), and a line for each
  /// effect's start, end and cancellation (see ``EffectEvent``): what `:why` and the page's
  /// effect timeline read.
  public static let causes = LogRecords(rawValue: 4)

  private static let named: [(String, LogRecords)] = [
    ("clock", .clock), ("calls", .calls), ("causes", .causes),
  ]
  static var names: String { named.map(\.0).joined(separator: ", ") }

  /// `clock,calls`, as the header writes it.
  var text: String { Self.named.filter { contains($0.1) }.map(\.0).joined(separator: ",") }

  /// The records `clock,calls` names; nil for a name this code does not know.
  init?(text: String) {
    self = []
    for name in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let record = Self.named.first(where: { $0.0 == name })?.1 else { return nil }
      insert(record)
    }
  }
}
