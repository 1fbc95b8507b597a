import StoreTesting
import Testing

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// EffectFailureTests.swift. TCA expects the failure with `XCTExpectFailure`; here the
/// `EffectRecorder` keeps what the store would report. The wording is ours (locked in
/// TCAEffectRunTests): it says what was thrown and how to fix it, where TCA's says "threw an
/// unhandled error" and that errors "must be explicitly handled via the catch parameter".
@MainActor
@Suite("Ported from TCA: EffectFailureTests")
struct TCAEffectFailureTests {
  /// testRunUnexpectedThrows
  @Test("an error a run effect throws and nobody handles is reported at that run")
  func runUnexpectedThrows() async {
    struct Unexpected: Error {}
    let recorder = EffectRecorder<Void>()
    let line = #line + 1
    let effect = Effect<Void>.run { _ in throw Unexpected() }
    await recorder.run(effect)

    #expect(recorder.failures.count == 1)
    let failure = recorder.failures.first
    #expect(failure?.fileID == #fileID)
    #expect(failure?.line == UInt(line))
    #expect(
      failure?.message
        == "An effect threw an error it did not handle: Unexpected(). To fix, catch it inside the "
        + "`run` closure, or pass `catch:` to `.run` to turn it into an action.")
  }

  /// testRunUnexpectedThrows, through a mapped child effect: the site stays the child's `.run`.
  @Test("an unhandled error of a mapped effect is reported at the child's run")
  func mappedRunUnexpectedThrows() async {
    struct Unexpected: Error {}
    let recorder = EffectRecorder<String>()
    let line = #line + 1
    let child = Effect<Int>.run { _ in throw Unexpected() }
    await recorder.run(child.map { "\($0)" })
    #expect(recorder.failures.map(\.line) == [UInt(line)])
    #expect(recorder.actions == [])
  }

  /// A cancellation is not a failure: an effect cancelled while it sleeps, whose body throws
  /// the `CancellationError`, reports nothing (TCA: "all non-cancellation errors").
  @Test("a cancellation error thrown by a cancelled run is not reported")
  func cancellationIsNotReported() async {
    let clock = TestClock()
    let recorder = EffectRecorder<Void>()
    let run = recorder.start(
      Effect<Void>.run { _ in try await clock.sleep(for: .seconds(1)) }.cancellable(id: "sleep"))
    await clock.advance()
    recorder.executor.cancel(id: EffectID("sleep"))
    await run.wait()
    #expect(recorder.failures.isEmpty)
  }
}
