/// Progress of slow work (a shrink, a page of a long log) for a ``Console``: it asks for the
/// status text at most once every `interval` on `clock`, so that a loop may call ``update(_:)``
/// on every step for the cost of reading a clock, and ``finish()`` takes the line away.
///
/// ```swift
/// var progress = ProgressLine(console)
/// for (index, step) in steps.enumerated() {
///   progress.update("page: \(index) actions")
///   …
/// }
/// progress.finish()
/// ```
///
/// What shows it is the console's business (``Console/progress(_:)``): a terminal's standard
/// error shows it in place; pipes, files, `--json` and tests show nothing, so outputs stay as
/// they are.
@MainActor
package struct ProgressLine {
  private let console: any Console
  private let interval: Duration
  private let elapsed: () -> Duration
  private var next: Duration?
  private var shown = false

  /// Progress on `console`, at most once every `interval` (a quarter of a second: often enough
  /// to see it move, rarely enough to cost nothing); `elapsed` is the time since the work began
  /// (by default on the continuous clock from now; a test passes its own).
  package init(
    _ console: any Console, interval: Duration = .milliseconds(250),
    elapsed: (() -> Duration)? = nil
  ) {
    self.console = console
    self.interval = interval
    self.elapsed =
      elapsed
      ?? {
        let clock = ContinuousClock()
        let began = clock.now
        return { clock.now - began }
      }()
  }

  /// Shows `status` if `interval` has passed since the last one shown (the first waits an
  /// interval too: work that ends quickly shows nothing).
  package mutating func update(_ status: @autoclosure () -> String) {
    let time = elapsed()
    guard let due = next else {
      next = time + interval
      return
    }
    guard time >= due else { return }
    next = time + interval
    shown = true
    console.progress(status())
  }

  /// The work is over: the line goes, if one was shown.
  package mutating func finish() {
    guard shown else { return }
    shown = false
    console.progress(nil)
  }
}
