import Testing

@testable import Console
@testable import TestSupport

/// Slow work shows how far it has got, throttled, and takes the line away when it is over.
@MainActor
@Suite("A progress line")
struct ProgressLineTests {
  /// A clock the test moves: each reading returns `now`.
  private final class TestClock {
    var now: Duration = .zero
  }

  @Test("shows nothing in its first interval, then at most once an interval, and goes at the end")
  func throttles() {
    let console = RecordingConsole()
    let clock = TestClock()
    var progress = ProgressLine(console, interval: .seconds(1), elapsed: { clock.now })
    for step in 0..<10 {
      progress.update("step \(step)")
      clock.now += .milliseconds(400)
    }
    progress.finish()
    // Readings at 0, 0.4, …, 3.6 s: due at 1 s, then 1 s after each one shown.
    #expect(console.statuses == ["step 3", "step 6", "step 9", nil])
    #expect(console.outputs.isEmpty && console.errors.isEmpty)
  }

  @Test("work that ends within the first interval shows nothing, not even a clearing")
  func quickWork() {
    let console = RecordingConsole()
    var progress = ProgressLine(console, interval: .seconds(1), elapsed: { .zero })
    for step in 0..<1000 { progress.update("step \(step)") }
    progress.finish()
    progress.finish()
    #expect(console.statuses.isEmpty)
  }

  @Test("builds its status text only when it shows it")
  func buildsLazily() {
    let console = RecordingConsole()
    let clock = TestClock()
    var built = 0
    var progress = ProgressLine(console, interval: .seconds(1), elapsed: { clock.now })
    func status() -> String {
      built += 1
      return "built"
    }
    for _ in 0..<100 {
      progress.update(status())
      clock.now += .milliseconds(100)
    }
    progress.finish()
    #expect(built == console.statuses.count - 1)
    #expect(built == 9)
  }
}
