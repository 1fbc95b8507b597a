import StoreTesting
import Testing

@testable import Store

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// EffectOperationTests.swift. TCA inspects `effect.operation` and calls a `.run`'s closure by
/// hand; here the operation is inspected the same way (`@testable`) and the effect is run by an
/// `EffectRecorder`.
///
/// Intentional difference: TCA fuses a merge or a concatenation of two `.run`s into one `.run`;
/// Uniflow keeps `.merge` and `.concatenate` as they are written (the executor needs each part
/// to register and cancel it by id, and the action log and effect properties see each part).
/// testMergeFuses and testConcatenateFuses are ported as what fusion promises: one effect that
/// delivers both actions, in order.
@MainActor
@Suite("Ported from TCA: EffectOperationTests")
struct TCAEffectOperationTests {
  /// An effect that sends 42.
  private static let answer = Effect<Int>.run { send in await send(42) }

  /// Whether `effect` is a lone `.run` (not wrapped in a merge or concatenation).
  private func isRun(_ effect: Effect<Int>) -> Bool {
    if case .run = effect.operation { return true }
    return false
  }

  /// testMergeDiscardsNones
  @Test("merging with none gives none, or the other effect itself")
  func mergeDiscardsNones() async {
    #expect(Effect<Int>.none.merge(with: .none).isNone)
    for effect in [Self.answer.merge(with: .none), Effect.none.merge(with: Self.answer)] {
      #expect(isRun(effect))
      #expect(await EffectRecorder().run(effect) == [42])
    }
    #expect(Effect<Int>.merge(.none, .none, .none).isNone)
    #expect(isRun(.merge([.none, Self.answer, .none])))
  }

  /// testConcatenateDiscardsNones
  @Test("concatenating with none gives none, or the other effect itself")
  func concatenateDiscardsNones() async {
    #expect(Effect<Int>.none.concatenate(with: .none).isNone)
    for effect in [
      Self.answer.concatenate(with: .none), Effect.none.concatenate(with: Self.answer),
    ] {
      #expect(isRun(effect))
      #expect(await EffectRecorder().run(effect) == [42])
    }
    #expect(Effect<Int>.concatenate(.none, .none).isNone)
    #expect(isRun(.concatenate([.none, Self.answer, .none])))
  }

  /// testMergeFuses (TCA sleeps a tenth and half a second for real; here on a test clock)
  @Test("two merged runs deliver both actions, as their sleeps end")
  func mergeFuses() async {
    let clock = TestClock()
    let recorder = EffectRecorder<Int>()
    let run = recorder.start(
      Effect<Int>.run { send in
        try await clock.sleep(for: .milliseconds(100))
        await send(42)
      }
      .merge(
        with: .run { send in
          try await clock.sleep(for: .milliseconds(500))
          await send(1729)
        }))
    await clock.advance(by: .milliseconds(100))
    #expect(recorder.actions == [42])
    await clock.advance(by: .milliseconds(400))
    await run.wait()
    #expect(recorder.actions == [42, 1729])
  }

  /// testConcatenateFuses
  @Test("two concatenated runs deliver both actions, in order")
  func concatenateFuses() async {
    let effect = Self.answer.concatenate(with: .run { send in await send(1729) })
    #expect(await EffectRecorder().run(effect) == [42, 1729])
  }

  /// testMap
  @Test("a mapped run sends its actions transformed")
  func map() async {
    let effect = Self.answer.map { "\($0)" }
    if case .run = effect.operation {
    } else {
      Issue.record("a mapped `.run` is not a `.run`: \(String(describing: effect.operation))")
    }
    #expect(await EffectRecorder().run(effect) == ["42"])
  }
}
