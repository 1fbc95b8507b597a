import Foundation

/// The command line, parsed.
struct Options: Equatable, Sendable {
  enum Mode: Equatable, Sendable {
    case repl
    case help
    case version
    /// `uniflow replay LOG …`
    case replay(ReplayRequest)
  }

  var mode: Mode = .repl
  /// `--offline`: no network at all.
  var offline = false
  /// `--time-zone ID`: the zone the clock shows and moves in.
  var timeZone: TimeZone = .current
  /// `--time-url URL`: fetch the time from this API instead of the system clock.
  var timeURL: URL?
  /// `--record FILE [--force]`: record the session's actions to FILE.
  var record: RecordRequest?

  static let version = "uniflow 0.1.0"

  static let usage = """
    Uniflow: a clock, a dog and the weather, driven by one unidirectional store.

    Usage:
      uniflow [options]         the REPL: interactive on a terminal, script mode when stdin is not
      uniflow replay LOG [--trace] [--until SEQ] [--verify]
                                re-apply a recorded log with effects off; print the final screens
      uniflow --help | --version

    Options:
      --offline                 no network at all: time from the system clock
      --time-zone ID            the clock's IANA time zone (default: the system's, from TZ)
      --time-url URL            fetch the time from a worldclockapi, worldtimeapi or timeapi.io URL
      --record FILE             record every action to FILE, an action log (see docs/action-log.md)
      --force                   with --record: overwrite FILE if it exists

    Replay options:
      --trace                   print each action and the screens it changed
      --until SEQ               stop after the action numbered SEQ
      --verify                  compare with the states the log recorded; exit 1 if they differ

    In the REPL, type :help for the commands. Script mode reads commands from stdin, one a line,
    lets each line's effects finish before the next, and exits 1 if any line failed.
    """

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError)
    -> Options
  {
    var options = Options()
    var remaining = arguments[...]
    if let first = remaining.first, !first.hasPrefix("-") {
      // Subcommands (`replay LOG`, `bench`) are added here as they are built.
      if first == "replay" {
        return try ReplayRequest.parse(Array(remaining.dropFirst()))
      }
      throw UsageError(
        "unknown command '\(first)'; the commands are \(commands.joined(separator: ", ")) "
          + "(see --help)")
    }
    while let argument = remaining.popFirst() {
      let (name, inlineValue) = split(argument)
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
          throw UsageError("\(name) needs a value")
        }
        return next
      }
      switch name {
      case "--help", "-h": options.mode = .help
      case "--version": options.mode = .version
      case "--offline": options.offline = true
      case "--time-zone":
        let id = try value()
        guard let zone = TimeZone(identifier: id) else {
          throw UsageError("unknown time zone '\(id)'; use an IANA name such as Asia/Seoul or UTC")
        }
        options.timeZone = zone
      case "--time-url":
        options.timeURL = try httpURL(try value(), option: name)
      case "--record":
        options.record = RecordRequest(path: try value(), force: options.record?.force ?? false)
      case "--force":
        options.record = RecordRequest(path: options.record?.path ?? "", force: true)
      default:
        let hint = suggestion(for: name).map { "; did you mean \($0)?" } ?? ""
        throw UsageError("unknown option '\(argument)'\(hint)")
      }
    }
    if let record = options.record, record.path.isEmpty {
      throw UsageError("--force goes with --record FILE: it lets the recording overwrite FILE")
    }
    if options.offline, options.timeURL != nil {
      throw UsageError("--time-url needs the network, but --offline forbids it; drop one of them")
    }
    return options
  }

  static let names = [
    "--help", "--version", "--offline", "--time-zone", "--time-url", "--record", "--force",
  ]

  /// The subcommands.
  static let commands = ["replay"]

  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func httpURL(_ text: String, option: String) throws(UsageError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else {
      throw UsageError("\(option) needs an http or https URL, got '\(text)'")
    }
    return url
  }

  static func suggestion(for name: String, among names: [String] = names) -> String? {
    names.min { CommandCatalog.editDistance(name, $0) < CommandCatalog.editDistance(name, $1) }
      .flatMap { CommandCatalog.editDistance(name, $0) <= 3 ? $0 : nil }
  }
}

/// A command line that cannot run. Printed with a pointer to `--help`; exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
  let message: String

  init(_ message: String) {
    self.message = message
  }

  var description: String { "uniflow: \(message)\nRun 'uniflow --help' for usage." }
}
