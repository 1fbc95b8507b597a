/// `PROGRAM replay LOG [--trace] [--until SEQ] [--verify] [--diff] [--skip SEQ,…]
/// [--emit-test [FILE.swift]] [--html FILE [--force]] [--offline] [--only PATTERN]
/// [--hide PATTERN]`, parsed.
///
/// ```swift
/// try ReplayRequest.parse(["session.log", "--until", "12"], program: "uniflow")
/// // ReplayRequest(path: "session.log", until: 12)
/// ```
extension ReplayRequest {
  package static let names = [
    "--trace", "--until", "--verify", "--diff", "--skip", "--emit-test", "--html", "--force",
    "--offline", "--help", "--only", "--hide",
  ]

  /// Parses the arguments after `replay`; nil for `--help`.
  package static func parse(_ arguments: [String], program: String) throws(ArgumentError)
    -> ReplayRequest?
  {
    var request = ReplayRequest(path: "")
    var words = ArgumentList(
      arguments, valued: ["--until", "--skip", "--emit-test", "--html", "--only", "--hide"])
    while let (argument, inlineValue) = words.next() {
      switch argument {
      case "--trace": request.trace = true
      case "--verify": request.verify = true
      case "--diff": request.diff = true
      case "--emit-test":
        // The next word is the file to write when it names a Swift file.
        request.emitTest = inlineValue ?? words.optionalValue { $0.hasSuffix(".swift") } ?? ""
      case "--html":
        guard let file = words.value(inlineValue), !file.isEmpty else {
          throw ArgumentError(
            "--html needs the file to write the page to, e.g. --html session.html")
        }
        request.html = file
      case "--force": request.force = true
      case "--skip":
        guard let text = words.value(inlineValue) else {
          throw ArgumentError("--skip needs the seqs of actions, e.g. --skip 3 or --skip 3,7")
        }
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
          guard let seq = Int(item), seq >= 1 else {
            if Int(item) == nil, !item.isEmpty, item.allSatisfy(\.isASCIIDigitForSeq) {
              throw ArgumentError(
                "--skip \(item): the seq is too large (the largest is \(Int.max)); a log's seqs "
                  + "count its actions from 1")
            }
            throw ArgumentError(
              "--skip needs seqs of 1 or more separated by commas (e.g. --skip 3,7), got '\(text)'")
          }
          request.skip.insert(seq)
        }
      case "--offline": break  // replay never touches the network
      case "--only", "--hide":
        guard let pattern = words.value(inlineValue), !pattern.isEmpty else {
          throw ArgumentError(
            "\(argument) needs a pattern over action names, e.g. \(argument) 'episodes.*.progress'")
        }
        if argument == "--only" {
          request.filter.only.append(pattern)
        } else {
          request.filter.hide.append(pattern)
        }
      case "--help", "-h": return nil
      case "--until":
        guard let text = words.value(inlineValue) else {
          throw ArgumentError("--until needs the seq of an action, e.g. --until 12")
        }
        guard let seq = Int(text), seq >= 1 else {
          if Int(text) == nil, !text.isEmpty, text.allSatisfy(\.isASCIIDigitForSeq) {
            throw ArgumentError(
              "--until \(text): the seq is too large (the largest is \(Int.max)); a log's seqs "
                + "count its actions from 1")
          }
          throw ArgumentError("--until needs a seq of 1 or more (a line's \"seq\"), got '\(text)'")
        }
        request.until = seq
      case let option where option.hasPrefix("-"):
        throw ArgumentError.unknownOption(option, for: "replay", among: names)
      default:
        guard request.path.isEmpty else {
          throw ArgumentError("replay takes one log, but got '\(request.path)' and '\(argument)'")
        }
        request.path = argument
      }
    }
    guard !request.path.isEmpty else {
      throw ArgumentError("replay needs the log to replay: \(program) replay FILE")
    }
    if request.emitTest != nil, request.trace || request.diff || !request.skip.isEmpty {
      throw ArgumentError(
        "--emit-test writes the log's whole session as a test; it does not combine with --trace, "
          + "--diff or --skip")
    }
    if request.html != nil,
      request.trace || request.diff || !request.skip.isEmpty || request.emitTest != nil
    {
      throw ArgumentError(
        "--html writes the log's session as a page; it does not combine with --trace, --diff, "
          + "--skip or --emit-test (it goes with --until and --verify)")
    }
    if request.force, request.html == nil {
      throw ArgumentError("--force goes with --html FILE: it lets the page replace FILE")
    }
    if !request.filter.isEmpty, !request.trace, !request.diff {
      throw ArgumentError(
        "--only and --hide choose which actions --trace and --diff print; add one of them")
    }
    if request.verify, !request.skip.isEmpty {
      throw ArgumentError(
        "--verify checks the log's own session, and --skip replays another: use one or the other")
    }
    return request
  }
}

extension Character {
  /// `0`…`9`: a seq too large for `Int` is all such digits.
  fileprivate var isASCIIDigitForSeq: Bool { isASCII && isNumber }
}
