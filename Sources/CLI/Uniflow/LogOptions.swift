/// `uniflow replay LOG [--trace] [--until SEQ] [--verify] [--offline]`, parsed.
///
/// ```swift
/// try ReplayRequest.parse(["session.log", "--until", "12"])
/// // Options(mode: .replay(ReplayRequest(path: "session.log", until: 12)))
/// ```
struct ReplayRequest: Equatable, Sendable {
  /// The log to replay.
  var path: String
  /// `--trace`: print each action and the screens it changed.
  var trace = false
  /// `--until SEQ`: stop after action SEQ.
  var until: Int?
  /// `--verify`: compare with the log's snapshots and checkpoint.
  var verify = false

  static let names = ["--trace", "--until", "--verify", "--offline", "--help"]

  /// Parses the arguments after `replay`.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var request = ReplayRequest(path: "")
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--trace": request.trace = true
      case "--verify": request.verify = true
      case "--offline": break  // replay never touches the network
      case "--help", "-h": return Options(mode: .help)
      case "--until":
        guard let text = remaining.popFirst(), !text.hasPrefix("--") else {
          throw UsageError("--until needs the seq of an action, e.g. --until 12")
        }
        guard let seq = Int(text), seq >= 1 else {
          throw UsageError("--until needs a seq of 1 or more (a line's \"seq\"), got '\(text)'")
        }
        request.until = seq
      case let option where option.hasPrefix("-"):
        if option.hasPrefix("--until=") {
          remaining.insert(
            contentsOf: ["--until", String(option.dropFirst(8))], at: remaining.startIndex)
          continue
        }
        let hint =
          Options.suggestion(for: option, among: names).map { "; did you mean \($0)?" } ?? ""
        throw UsageError("unknown option '\(option)' for replay\(hint)")
      default:
        guard request.path.isEmpty else {
          throw UsageError("replay takes one log, but got '\(request.path)' and '\(argument)'")
        }
        request.path = argument
      }
    }
    guard !request.path.isEmpty else {
      throw UsageError("replay needs the log to replay: uniflow replay FILE")
    }
    return Options(mode: .replay(request))
  }
}
