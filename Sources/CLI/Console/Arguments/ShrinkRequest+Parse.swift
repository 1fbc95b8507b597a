/// `PROGRAM shrink LOG --until REGEX [--screen NAME] --output OUT [--force]`, parsed.
///
/// ```swift
/// try ShrinkRequest.parse(
///   ["s.log", "--until", "살", "--output", "small.log"], program: "uniflow",
///   screens: ["clock", "dog", "weather"], examples: ("'dog: .*살'", "dog"))
/// ```
extension ShrinkRequest {
  package static let names = [
    "--until", "--screen", "--output", "--force", "--max-replays", "--timeout", "--offline",
    "--help",
  ]

  /// `PROGRAM shrink --help`: `example` is a symptom as the app's screens show it.
  package static func usage(program: String, screens: [String], example: String) -> String {
    let indent = String(repeating: " ", count: "Usage: \(program) shrink ".count)
    return """
      Usage: \(program) shrink LOG --until REGEX [--screen \(screens.joined(separator: "|"))] --output OUT [--force]
      \(indent)[--max-replays N] [--timeout SECONDS]

      Finds a small part of LOG's actions whose replay still ends on a screen line matching REGEX
      (matched anywhere in the line, e.g. \(example)), and writes it to OUT as an action log.
      The result is 1-minimal: without any one of its actions, the line no longer shows. Replays
      run with effects off, as `\(program) replay` does.

      REGEX is matched in time linear in the line (no backtracking): literals, ., [a-z], [^…],
      \\w \\d \\s \\b, ^ $, (…), (?:…), |, * + ? {m,n}. Backreferences and lookaround are refused.

      The search stops early after --max-replays replays (default \(defaultMaxReplays)), after
      --timeout seconds (default \(defaultTimeout)) or at Ctrl-C, and still writes the smallest
      log found so far, saying that it may not be 1-minimal.
      """
  }

  /// Parses the arguments after `shrink`: `screens` are the names `--screen` takes, `examples`
  /// a symptom and a screen name for the messages.
  package static func parse(
    _ arguments: [String], program: String, screens: [String],
    examples: (symptom: String, screen: String)
  ) throws(ArgumentError) -> ShrinkRequest {
    var request = ShrinkRequest()
    var words = ArgumentList(
      arguments, valued: ["--until", "--output", "--screen", "--max-replays", "--timeout"])
    func value(_ name: String, _ inlineValue: String?, _ example: String) throws(ArgumentError)
      -> String
    {
      guard let value = words.value(inlineValue) else {
        throw ArgumentError("\(name) needs a value, e.g. \(name) \(example)")
      }
      return value
    }
    while let (argument, inlineValue) = words.next() {
      switch argument {
      case "--help", "-h": return ShrinkRequest(help: true)
      case "--until": request.pattern = try value(argument, inlineValue, examples.symptom)
      case "--output": request.output = try value(argument, inlineValue, "small.log")
      case "--force": request.force = true
      case "--max-replays":
        request.maxReplays = try positive(argument, value(argument, inlineValue, "1000"))
      case "--timeout":
        request.timeout = try positive(argument, value(argument, inlineValue, "60"))
      case "--offline": break  // shrinking never touches the network
      case "--screen":
        let name = try value(argument, inlineValue, examples.screen)
        guard screens.contains(name) else {
          throw ArgumentError(
            "--screen takes one of \(screens.joined(separator: ", ")), not '\(name)'")
        }
        request.screen = name
      case let option where option.hasPrefix("-"):
        throw ArgumentError.unknownOption(option, for: "shrink", among: names)
      default:
        guard request.path.isEmpty else {
          throw ArgumentError("shrink takes one log, but got '\(request.path)' and '\(argument)'")
        }
        request.path = argument
      }
    }
    guard !request.path.isEmpty else {
      throw ArgumentError("shrink needs a log: \(usageLine(program))")
    }
    guard !request.pattern.isEmpty else {
      throw ArgumentError(
        "shrink needs the symptom, a screen line to look for: \(usageLine(program))")
    }
    guard !request.output.isEmpty else {
      throw ArgumentError("shrink needs a file to write the small log to: \(usageLine(program))")
    }
    return request
  }

  /// `text` as a whole number from 1 to a billion, or a usage error naming `option`.
  private static func positive(_ option: String, _ text: String) throws(ArgumentError) -> Int {
    guard let number = Int(text), (1...1_000_000_000).contains(number) else {
      throw ArgumentError("\(option) takes a whole number from 1 to 1000000000, not '\(text)'")
    }
    return number
  }

  private static func usageLine(_ program: String) -> String {
    "\(program) shrink LOG --until REGEX [--screen NAME] --output OUT"
  }
}
