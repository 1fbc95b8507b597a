import Store

/// The options of the console's REPL, parsed: `--json`, `--record FILE [--force]`,
/// `--history N`, `--open LOG`, `--only`/`--hide PATTERN`, `--help`, `--version`, and the app's
/// own (``ConsoleApp/options``).
///
/// ```swift
/// try REPLOptions.parse(["--record", "s.log", "--json"])
/// ```
package struct REPLOptions: Equatable, Sendable {
  package enum Mode: Equatable, Sendable { case repl, help, version }

  package var mode = Mode.repl
  /// `--json`: screens and errors as JSON objects, one a line.
  package var json = false
  /// `--record FILE [--force]`.
  package var record: RecordRequest?
  /// `--open LOG`: start from a recorded session, replayed with effects off.
  package var open: String?
  /// `--history N`: how many actions the REPL keeps for time travel.
  package var history = historyDefaultHorizon
  /// `--only PATTERN`, `--hide PATTERN`: which actions' screen changes are printed.
  package var screens = ActionFilter(only: [], hide: [])
  /// The app's own options given, in order.
  package var given: [GivenOption] = []

  /// The options of a bare command line: the REPL, no recording, the default horizon.
  package init() {}

  package static let names = [
    "--help", "--version", "--json", "--record", "--force", "--history", "--open", "--only",
    "--hide",
  ]

  /// Parses `arguments` (without the program's name); `appOptions` are the app's own, by name,
  /// each with whether it takes a value.
  package static func parse(_ arguments: [String], appOptions: [String: Bool] = [:])
    throws(ArgumentError) -> REPLOptions
  {
    var options = REPLOptions()
    let valued =
      ["--record", "--history", "--open", "--only", "--hide"]
      + appOptions.filter(\.value).map(\.key)
    var words = ArgumentList(arguments, valued: Set(valued))
    while let (name, inlineValue) = words.next() {
      /// The option's value; every option that takes one says so in the same words.
      func value() throws(ArgumentError) -> String {
        guard let value = words.value(inlineValue) else {
          throw ArgumentError("\(name) needs a value")
        }
        return value
      }
      switch name {
      case "--help", "-h": options.mode = .help
      case "--version": options.mode = .version
      case "--json": options.json = true
      case "--record":
        let path = try value()
        options.record = RecordRequest(path: path, force: options.record?.force ?? false)
      case "--open":
        let path = try value()
        guard !path.isEmpty else {
          throw ArgumentError("--open needs a log, e.g. --open session.log")
        }
        options.open = path
      case "--force":
        options.record = RecordRequest(path: options.record?.path ?? "", force: true)
      case "--only", "--hide":
        guard let pattern = words.value(inlineValue), !pattern.isEmpty else {
          throw ArgumentError("\(name) needs a pattern of action names, e.g. \(name) 'clock.*'")
        }
        if name == "--only" {
          options.screens.only.append(pattern)
        } else {
          options.screens.hide.append(pattern)
        }
      case "--history":
        let text = try value()
        guard let count = Int(text), (1...100_000_000).contains(count) else {
          throw ArgumentError(
            "--history needs a number of actions from 1 to 100000000, got '\(text)'")
        }
        options.history = count
      case _ where appOptions[name] == false:
        options.given.append(GivenOption(name: name, value: nil))
      case _ where appOptions[name] == true:
        options.given.append(GivenOption(name: name, value: try value()))
      default:
        let argument = inlineValue.map { "\(name)=\($0)" } ?? name
        let known = names + appOptions.keys.sorted()
        let hint =
          Suggestion.nearest(to: name, among: known, within: 3).map { "; did you mean \($0)?" }
          ?? ""
        throw ArgumentError("unknown option '\(argument)'\(hint)")
      }
    }
    if let record = options.record, record.path.isEmpty {
      throw ArgumentError("--force goes with --record FILE: it lets the recording overwrite FILE")
    }
    return options
  }
}
