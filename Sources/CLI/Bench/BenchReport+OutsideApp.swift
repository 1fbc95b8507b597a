import Console
import Foundation

/// The report's section on an app written outside the demo, measured beside it.
extension BenchReport {
  mutating func addOutsideApp(_ f: OutsideAppBench.Figures) {
    sections.append(
      (
        "outsideApp",
        [
          "actions": f.actions, "demoReplayActionsPerSecond": Int(f.demoReplayPerSecond),
          "outsideReplayActionsPerSecond": Int(f.outsideReplayPerSecond),
          "replayRatio": round(f.replayRatio, 3), "replayTarget": 2_500_000,
          "demoReducerActionsPerSecond": Int(f.demoReducerPerSecond),
          "outsideReducerActionsPerSecond": Int(f.outsideReducerPerSecond),
          "demoReplayOverReducer": round(f.demoReplayOverReducer, 3),
          "outsideReplayOverReducer": round(f.outsideReplayOverReducer, 3),
          "replayRatioTarget": 0.8,
          "demoOverheadMicrosecondsPerAction": round(f.demoOverheadMicroseconds, 3),
          "outsideOverheadMicrosecondsPerAction": round(f.outsideOverheadMicroseconds, 3),
          "outsideCheckMicrosecondsPerState": round(f.outsideCheckMicroseconds, 3),
          "outsideStatesLogged": f.outsideStates,
          "outsideCheckMicrosecondsPerAction": round(f.outsideCheckMicrosecondsPerAction, 3),
          "demoLogMegabytes": round(Double(f.demoLogBytes) / 1_048_576, 1),
          "outsideLogMegabytes": round(Double(f.outsideLogBytes) / 1_048_576, 1),
          "commands": f.commands,
          "demoMicrosecondsPerCommand": round(f.demoMicrosecondsPerCommand, 2),
          "outsideMicrosecondsPerCommand": round(f.outsideMicrosecondsPerCommand, 2),
          "commandRatio": round(f.commandRatio, 3), "commandRatioTarget": 1.5,
        ]
      ))
    let replayOK = f.outsideReplayPerSecond >= 2_500_000 && f.replayRatio >= 0.8
    lines += [
      "",
      "outside app — a podcast app on the public products only (Sources/CLI/OutsideApp), "
        + "beside the demo in the same run",
      row(
        "replay of the demo's \(counted(f.actions, "action")) log, in process",
        f.demoReplayPerSecond,
        "actions/s"),
      row(
        "replay of the podcast's \(counted(f.actions, "action")) log (≥ 2,500,000/s)",
        f.outsideReplayPerSecond, "actions/s", verdict: f.outsideReplayPerSecond >= 2_500_000),
      row("podcast / demo (target ≥ 0.8)", f.replayRatio, verdict: replayOK),
      row("the demo's reducer alone over the same actions", f.demoReducerPerSecond, "actions/s"),
      row(
        "the podcast's reducer alone over the same actions", f.outsideReducerPerSecond,
        "actions/s"),
      row("demo: replay's time ÷ its reducer's (information)", f.demoReplayOverReducer),
      row("podcast: replay's time ÷ its reducer's (information)", f.outsideReplayOverReducer),
      row(
        "demo: replay beyond its reducer, 1/replay − 1/alone",
        f.demoOverheadMicroseconds, "µs/action"),
      row(
        "podcast: replay beyond its reducer, 1/replay − 1/alone",
        f.outsideOverheadMicroseconds, "µs/action"),
      row(
        "podcast: its snapshot check alone, one state",
        f.outsideCheckMicroseconds, "µs/state"),
      row(
        "podcast: \(counted(f.outsideStates, "check")) in its log, per action",
        f.outsideCheckMicrosecondsPerAction, "µs/action"),
      row(
        "REPL, the demo's scripted session of \(counted(f.commands, "command"))",
        f.demoMicrosecondsPerCommand, "µs/command"),
      row(
        "REPL, the podcast's scripted session of \(counted(f.commands, "command"))",
        f.outsideMicrosecondsPerCommand, "µs/command"),
      row("podcast / demo (target ≤ 1.5)", f.commandRatio, verdict: f.commandRatio <= 1.5),
    ]
  }
}
