import Console

/// `uniflow replay LOG`: the console's replay (``ConsoleReplay``) of the demo app.
///
/// ```console
/// $ uniflow replay session.log
/// clock: 2026년 11월 30일 12시 45분
/// ```
@MainActor
enum ReplayCommand {
  /// Runs the replay `request` asks for, writing to `console`. `adoptTimeZone` makes the log's
  /// zone the process's own (the binary adopts it; tests do not).
  static func run(_ request: ReplayRequest, console: any Console, adoptTimeZone: Bool = false)
    -> Int32
  {
    ConsoleReplay(UniflowApp()).run(request, console: console, adopt: adoptTimeZone)
  }
}

/// `uniflow shrink LOG --until REGEX --output OUT`: the console's shrink (``ConsoleShrink``) of
/// the demo app, and its `--help`.
@MainActor
package enum ShrinkCommand {
  /// Runs `request`; `elapsed` says how many seconds have passed since the search began (a
  /// test passes its own clock).
  package static func run(
    _ request: ShrinkRequest, console: any Console, adoptTimeZone: Bool = false,
    elapsed: (() -> Double)? = nil
  ) -> Int32 {
    if request.help {
      for line in ShrinkRequest.usage.split(separator: "\n", omittingEmptySubsequences: false) {
        console.output(TerminalText(String(line)))
      }
      return 0
    }
    return ConsoleShrink(UniflowApp()).run(
      request, console: console, adopt: adoptTimeZone, elapsed: elapsed)
  }
}
