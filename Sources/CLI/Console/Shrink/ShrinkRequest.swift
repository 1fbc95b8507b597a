/// `shrink LOG --until REGEX [--screen NAME] --output OUT [--force] [--max-replays N]
/// [--timeout SECONDS]`: what a shrink is asked to do.
///
/// ```swift
/// ShrinkRequest(path: "s.log", pattern: "살", output: "small.log")
/// ```
package struct ShrinkRequest: Equatable, Sendable {
  /// The log to shrink.
  package var path = ""
  /// The symptom: a regular expression a final screen line must match.
  package var pattern = ""
  /// `--screen`: match only this screen's line.
  package var screen: String?
  /// Where to write the shrunk log.
  package var output = ""
  /// `--force`: overwrite `output` if it exists.
  package var force = false
  /// `--help`: print ``usage`` and do nothing else.
  package var help = false
  /// `--max-replays`: stop after this many replays, keeping the smallest log so far.
  package var maxReplays = ShrinkRequest.defaultMaxReplays
  /// `--timeout`: stop after this many seconds, keeping the smallest log so far.
  package var timeout = ShrinkRequest.defaultTimeout

  package static let defaultMaxReplays = 20_000
  package static let defaultTimeout = 300

  package init(
    path: String = "", pattern: String = "", screen: String? = nil, output: String = "",
    force: Bool = false, help: Bool = false, maxReplays: Int = ShrinkRequest.defaultMaxReplays,
    timeout: Int = ShrinkRequest.defaultTimeout
  ) {
    self.path = path
    self.pattern = pattern
    self.screen = screen
    self.output = output
    self.force = force
    self.help = help
    self.maxReplays = maxReplays
    self.timeout = timeout
  }
}
