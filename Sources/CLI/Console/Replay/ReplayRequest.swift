/// `replay LOG [--trace] [--until SEQ] [--verify] [--diff] [--skip SEQ,…] [--emit-test [FILE]]
/// [--only PATTERN] [--hide PATTERN]`:
/// what a replay is asked to do.
///
/// ```swift
/// ReplayRequest(path: "session.log", until: 12)
/// ```
package struct ReplayRequest: Equatable, Sendable {
  /// The log to replay.
  package var path: String
  /// `--trace`: print each action and the screens it changed.
  package var trace = false
  /// `--until SEQ`: stop after action SEQ.
  package var until: Int?
  /// `--verify`: compare with the log's snapshots and checkpoint.
  package var verify = false
  /// `--diff`: print each action with the state change it made (with `--skip`: how the final
  /// state differs from the full replay's).
  package var diff = false
  /// `--skip SEQ,…`: replay as if these actions never happened.
  package var skip: Set<Int> = []
  /// `--emit-test [FILE]`: write the session as a TestStore test, to FILE or standard output
  /// (an empty string).
  package var emitTest: String?
  /// `--only PATTERN`, `--hide PATTERN`: which actions `--trace` and `--diff` print.
  package var filter = ActionFilter(only: [], hide: [])

  package init(
    path: String, trace: Bool = false, until: Int? = nil, verify: Bool = false,
    diff: Bool = false, skip: Set<Int> = [], emitTest: String? = nil
  ) {
    self.path = path
    self.trace = trace
    self.until = until
    self.verify = verify
    self.diff = diff
    self.skip = skip
    self.emitTest = emitTest
  }
}
