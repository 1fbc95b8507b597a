import StoreTesting
import Testing

@testable import Store

/// An id type declared at file level; the tests declare another of the same name locally.
private struct CancelID: Hashable, Sendable {}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// EffectIDTests.swift (TCA 0.x's `@EffectID` property wrapper, whose ids were equal only to
/// themselves: two declarations with the same value differed).
///
/// Intentional difference (docs/store.md, "Cancellation"): an `EffectID` is equal to another
/// when their values have the same type and are equal, so two ids made from `1` are the same
/// id. What TCA got from separate declarations, Uniflow gets from separate types: ids of two
/// distinct types never collide, even when they carry nothing, and a type declared inside a
/// function is distinct from one of the same name outside it. The tests below check that
/// rule where TCA checked its own.
@MainActor
@Suite("Ported from TCA: EffectIDTests")
struct TCAEffectIDTests {
  private enum First: Hashable, Sendable { case id }
  private enum Second: Hashable, Sendable { case id }

  /// testEffectIdentifierEquality
  @Test("an id equals itself; ids of different types, or different values, differ")
  func equality() {
    let id1 = EffectID(First.id)
    let id2_1 = EffectID(Second.id)
    let id2_2 = EffectID(2)
    #expect(id1 == id1)
    #expect(id2_1 == id2_1)
    #expect(id2_2 == id2_2)
    #expect(id1 != id2_1)
    #expect(id1 != id2_2)
    #expect(id2_1 != id2_2)
    // The difference: equal values of one type are one id (TCA: two declarations, two ids).
    #expect(EffectID(1) == EffectID(1))
  }

  /// testLocalEffectIdentifierEquality
  @Test("a type declared inside a function is an id distinct from one of the same name outside")
  func localEquality() {
    struct CancelID: Hashable, Sendable {}
    let local = EffectID(CancelID())
    #expect(local == EffectID(CancelID()))
    #expect(local != EffectID(TCAEffectIDTests.fileLevelID))
    #expect(local.hashValue != EffectID(TCAEffectIDTests.fileLevelID).hashValue)
  }

  fileprivate static let fileLevelID: some Hashable & Sendable = CancelID()

  /// Not in TCA's file: the same rule where it matters, on a store's effects.
  @Test("cancelling under a local id type leaves the effect under the file-level one running")
  func cancellationByType() async {
    struct CancelID: Hashable, Sendable {}
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Int> { _, action in
        switch action {
        case 0: .run { _ in try await never() }.cancellable(id: TCAEffectIDTests.fileLevelID)
        case 1: .cancel(id: CancelID())
        default: .cancel(id: TCAEffectIDTests.fileLevelID)
        }
      })
    await store.send(0)
    await store.send(1)
    #expect(store.core.executor.runningCount == 1)
    await store.send(2)
    #expect(store.core.executor.runningCount == 0)
  }
}
