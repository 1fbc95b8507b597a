import Store

/// The first line of an action log: the format and its version, the settings that shape
/// reduction and display, and the state the recording started from.
///
/// ```json
/// {"format":"uniflow-action-log","version":1,"app":"uniflow 0.1.0","timeZone":"Asia/Seoul",
///  "locale":"en_001","state":{"clock":{…}}}
/// ```
/// (one line in the file). Settings are strings, named by the app; the log only carries them.
public struct ActionLogHeader: Equatable, Sendable {
  /// The value of `format` that marks a file as an action log: `"uniflow-action-log"`.
  public static let format = "uniflow-action-log"
  /// The version this code writes and the only one it reads: `"version":1`.
  public static let version = 1

  /// The app's settings, in the order written: e.g. `[LogSetting("timeZone", "Asia/Seoul")]`.
  public package(set) var settings: [LogSetting]
  /// The state the recording started from, as JSON (see ``LogStateCoding``).
  package var stateJSON: [UInt8]
  /// The column where ``stateJSON`` begins in the header's line (1 for a header not read).
  package var stateColumn = 1

  package init(settings: [LogSetting], stateJSON: [UInt8]) {
    self.settings = settings
    self.stateJSON = stateJSON
  }

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
    writer.int("version", Self.version)
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
    guard version == Self.version else { throw .unsupportedVersion(version) }
    guard line.kind(of: "state") == .object, let state = line.rawValue("state") else {
      throw .problem(
        LogLineError("the header has no \"state\" object (the state the recording started from)"))
    }
    var settings: [LogSetting] = []
    for field in line.fields where field.kind == .string {
      let name = line.keyName(of: field)
      guard name != "format", let value = try? line.string(name) else { continue }
      settings.append(LogSetting(name, value))
    }
    self.init(settings: settings, stateJSON: Array(state))
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
