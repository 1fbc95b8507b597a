import Console

extension ReplayRequest {
  /// Parses the arguments after `uniflow replay` (``parse(_:program:)``).
  ///
  /// ```swift
  /// try ReplayRequest.parse(["session.log", "--until", "12"])
  /// // Options(mode: .replay(ReplayRequest(path: "session.log", until: 12)))
  /// ```
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    do {
      return try parse(arguments, program: "uniflow").map { Options(mode: .replay($0)) }
        ?? Options(mode: .help)
    } catch {
      throw UsageError(error)
    }
  }
}
