/// `uniflow shrink LOG --until REGEX [--screen NAME] --output OUT [--force]`, parsed.
///
/// ```swift
/// try ShrinkRequest.parse(["s.log", "--until", "살", "--output", "small.log"])
/// ```
struct ShrinkRequest: Equatable, Sendable {
  /// The log to shrink.
  var path = ""
  /// The symptom: a regular expression a final screen line must match.
  var pattern = ""
  /// `--screen`: match only this screen's line.
  var screen: String?
  /// Where to write the shrunk log.
  var output = ""
  /// `--force`: overwrite `output` if it exists.
  var force = false

  static let names = ["--until", "--screen", "--output", "--force", "--offline", "--help"]

  static let usage = """
    Usage: uniflow shrink LOG --until REGEX [--screen clock|dog|weather] --output OUT [--force]

    Finds a small part of LOG's actions whose replay still ends on a screen line matching REGEX
    (a Swift regular expression, matched anywhere in the line, e.g. 'dog: .*-1 살'), and writes
    it to OUT as an action log. The result is 1-minimal: without any one of its actions, the
    line no longer shows. Replays run with effects off, as `uniflow replay` does.
    """

  /// Parses the arguments after `shrink`.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var request = ShrinkRequest()
    var remaining = arguments[...]
    func value(_ name: String, _ example: String) throws(UsageError) -> String {
      guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
        throw UsageError("\(name) needs a value, e.g. \(name) \(example)")
      }
      return next
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--help", "-h": return Options(mode: .help)
      case "--until": request.pattern = try value("--until", "'dog: .*살'")
      case "--output": request.output = try value("--output", "small.log")
      case "--force": request.force = true
      case "--offline": break  // shrinking never touches the network
      case "--screen":
        let name = try value("--screen", "dog")
        let screens = ["clock", "dog", "weather"]
        guard screens.contains(name) else {
          throw UsageError(
            "--screen takes one of \(screens.joined(separator: ", ")), not '\(name)'")
        }
        request.screen = name
      case let option where option.hasPrefix("-"):
        let hint =
          Options.suggestion(for: option, among: names).map { "; did you mean \($0)?" } ?? ""
        throw UsageError("unknown option '\(option)' for shrink\(hint)")
      default:
        guard request.path.isEmpty else {
          throw UsageError("shrink takes one log, but got '\(request.path)' and '\(argument)'")
        }
        request.path = argument
      }
    }
    guard !request.path.isEmpty else { throw UsageError("shrink needs a log: \(usageLine)") }
    guard !request.pattern.isEmpty else {
      throw UsageError("shrink needs the symptom, a screen line to look for: \(usageLine)")
    }
    guard !request.output.isEmpty else {
      throw UsageError("shrink needs a file to write the small log to: \(usageLine)")
    }
    return Options(mode: .shrink(request))
  }

  private static let usageLine =
    "uniflow shrink LOG --until REGEX [--screen NAME] --output OUT"
}
