import Store

/// A call an effect made to a `LoggableDependency` and its answer, as a version-2 log holds
/// it (when its header's ``ActionLogHeader/records`` has ``LogRecords/calls``): one line,
/// written when the answer came, so it sits before the action the effect then sent.
///
/// ```json
/// {"call":"searchClient.search","clock":"1.503027","input":"wat","output":["Water the plants"]}
/// ```
///
/// In a log that also has ``LogRecords/causes``, the line names the effect that made the call,
/// as its effect lines number it (`"effect":12`, after `call`); older logs, and a call made
/// outside an effect, leave it out.
package struct LoggedCall: Equatable, Sendable {
  /// `dependency.endpoint`, e.g. `searchClient.search`.
  package var name: String
  /// The effect that made the call (``EffectEvent/effect``), when known.
  package var effect: Int?
  /// When the call was made, on the app's clock since the recording began.
  package var clock: Duration?
  /// The input as JSON (``LogStateCoding``), e.g. `"wat"`.
  package var input: [UInt8]
  /// The answer as JSON, or the description of what the call threw.
  package var answer: Answer

  /// What a call returned or threw.
  package enum Answer: Equatable, Sendable {
    case output([UInt8])
    case failure(String)
  }

  package init(
    name: String, effect: Int? = nil, clock: Duration?, input: [UInt8], answer: Answer
  ) {
    self.name = name
    self.effect = effect
    self.clock = clock
    self.input = input
    self.answer = answer
  }

  /// The call's line, with its newline; with `effect` false, without the effect's number (a
  /// log without ``LogRecords/causes``).
  func line(into writer: inout LogLineWriter, effect namesEffect: Bool) {
    writer.begin()
    writer.string("call", name)
    if namesEffect, let effect { writer.int("effect", effect) }
    if let clock { writer.string("clock", LogClock.text(clock)) }
    writer.raw("input", json: input)
    switch answer {
    case .output(let json): writer.raw("output", json: json)
    case .failure(let message): writer.string("failure", message)
    }
    writer.end()
  }

  /// Reads a call line: `call`, `input`, and `output` or `failure` (and `clock`, and with
  /// `causes` the `effect` that made it).
  init(_ line: inout LogLine, causes: Bool) throws(LogLineError) {
    name = try line.string("call")
    if causes, line.has("effect") {
      let offset = line.valueOffset(of: "effect")
      let number = try line.int("effect")
      guard number > 0 else {
        throw LogLineError(
          "\"effect\" should be the number of the effect that made the call, as its effect "
            + "lines give it (1 or more), not \(number)", at: offset)
      }
      effect = number
    }
    clock = try LogClock.read(&line)
    guard let input = line.rawValue("input") else {
      throw LogLineError("the call has no \"input\" (its input as JSON; null for none)")
    }
    self.input = Array(input)
    if line.has("failure") {
      answer = .failure(try line.string("failure"))
    } else if let output = line.rawValue("output") {
      answer = .output(Array(output))
    } else {
      throw LogLineError("the call has neither an \"output\" nor a \"failure\"")
    }
  }
}

/// Times on the app's clock as a log writes them: seconds since the recording began, to the
/// microsecond, as text (`"1.204311"`), so that no floating-point rounding touches them.
package enum LogClock {
  /// `duration`, rounded down to the microsecond: `"1.204311"`; negative durations as `"0.000000"`.
  package static func text(_ duration: Duration) -> String {
    let micros = max(0, microseconds(duration))
    let fraction = String(micros % 1_000_000)
    return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
  }

  /// `duration` in whole microseconds, rounded down.
  package static func microseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    let (micros, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
    guard !overflow else { return seconds < 0 ? .min : .max }
    return micros &+ attoseconds / 1_000_000_000_000
  }

  /// The time `text` says (`1.204311`); nil when it is not digits, a point and six digits.
  package static func parse(_ text: String) -> Duration? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[1].count == 6, !parts[0].isEmpty, parts[0].count <= 12,
      (parts[0] + parts[1]).allSatisfy({ $0.isASCII && $0.isNumber }),
      let seconds = Int64(parts[0]), let micros = Int64(parts[1])
    else { return nil }
    return .seconds(seconds) + .microseconds(micros)
  }

  /// The line's `clock` field, if it has one (marking it read).
  static func read(_ line: inout LogLine) throws(LogLineError) -> Duration? {
    guard line.has("clock") else { return nil }
    let offset = line.valueOffset(of: "clock")
    let text = try line.string("clock")
    guard let duration = parse(text) else {
      throw LogLineError(
        "\"clock\" should be seconds since the recording began, to the microsecond, such as "
          + "\"1.204311\", not \"\(text)\"", at: offset)
    }
    return duration
  }
}
