import Console
import Features

/// `uniflow shrink LOG --until REGEX [--screen NAME] --output OUT [--force]`, parsed into the
/// console's ``ShrinkRequest``.
///
/// ```swift
/// try ShrinkRequest.parse(["s.log", "--until", "살", "--output", "small.log"])
/// ```
extension ShrinkRequest {
  static let names = [
    "--until", "--screen", "--output", "--force", "--max-replays", "--timeout", "--offline",
    "--help",
  ]

  static let usage = """
    Usage: uniflow shrink LOG --until REGEX [--screen clock|dog|weather] --output OUT [--force]
                          [--max-replays N] [--timeout SECONDS]

    Finds a small part of LOG's actions whose replay still ends on a screen line matching REGEX
    (matched anywhere in the line, e.g. 'dog: .*-1 살'), and writes it to OUT as an action log.
    The result is 1-minimal: without any one of its actions, the line no longer shows. Replays
    run with effects off, as `uniflow replay` does.

    REGEX is matched in time linear in the line (no backtracking): literals, ., [a-z], [^…],
    \\w \\d \\s \\b, ^ $, (…), (?:…), |, * + ? {m,n}. Backreferences and lookaround are refused.

    The search stops early after --max-replays replays (default \(defaultMaxReplays)), after
    --timeout seconds (default \(defaultTimeout)) or at Ctrl-C, and still writes the smallest
    log found so far, saying that it may not be 1-minimal.
    """

  /// Parses the arguments after `shrink`.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var request = ShrinkRequest()
    var words = ArgumentList(
      arguments, valued: ["--until", "--output", "--screen", "--max-replays", "--timeout"])
    func value(_ name: String, _ inlineValue: String?, _ example: String) throws(UsageError)
      -> String
    {
      guard let value = words.value(inlineValue) else {
        throw UsageError("\(name) needs a value, e.g. \(name) \(example)")
      }
      return value
    }
    while let (argument, inlineValue) = words.next() {
      switch argument {
      case "--help", "-h": return Options(mode: .shrink(ShrinkRequest(help: true)))
      case "--until": request.pattern = try value(argument, inlineValue, "'dog: .*살'")
      case "--output": request.output = try value(argument, inlineValue, "small.log")
      case "--force": request.force = true
      case "--max-replays":
        request.maxReplays = try positive(argument, value(argument, inlineValue, "1000"))
      case "--timeout":
        request.timeout = try positive(argument, value(argument, inlineValue, "60"))
      case "--offline": break  // shrinking never touches the network
      case "--screen":
        let name = try value(argument, inlineValue, "dog")
        let screens = AppView.screenNames
        guard screens.contains(name) else {
          throw UsageError(
            "--screen takes one of \(screens.joined(separator: ", ")), not '\(name)'")
        }
        request.screen = name
      case let option where option.hasPrefix("-"):
        throw UsageError.unknownOption(option, for: "shrink", among: names)
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

  /// `text` as a whole number from 1 to a billion, or a usage error naming `option`.
  private static func positive(_ option: String, _ text: String) throws(UsageError) -> Int {
    guard let number = Int(text), (1...1_000_000_000).contains(number) else {
      throw UsageError("\(option) takes a whole number from 1 to 1000000000, not '\(text)'")
    }
    return number
  }

  private static let usageLine =
    "uniflow shrink LOG --until REGEX [--screen NAME] --output OUT"
}
