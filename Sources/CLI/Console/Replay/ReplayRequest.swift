/// `replay LOG [--trace] [--until SEQ] [--verify] [--diff] [--skip SEQ,…] [--emit-test [FILE]]
/// [--html FILE [--force]] [--only PATTERN] [--hide PATTERN]`:
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
  /// `--html FILE`: write the session's page (docs/inspect.md) to FILE.
  package var html: String?
  /// `--force`: with `--html`, replace FILE if it exists.
  package var force = false
  /// `--only PATTERN`, `--hide PATTERN`: which actions `--trace` and `--diff` print.
  package var filter = ActionFilter(only: [], hide: [])

  package init(
    path: String, trace: Bool = false, until: Int? = nil, verify: Bool = false,
    diff: Bool = false, skip: Set<Int> = [], emitTest: String? = nil, html: String? = nil,
    force: Bool = false
  ) {
    self.path = path
    self.trace = trace
    self.until = until
    self.verify = verify
    self.diff = diff
    self.skip = skip
    self.emitTest = emitTest
    self.html = html
    self.force = force
  }
}
