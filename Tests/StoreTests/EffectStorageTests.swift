import Testing

@testable import Store

/// An action much larger than a pointer, so that an effect storing its payload inline would be
/// larger than one.
private struct WideAction: Sendable {
  var numbers: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
  var name = "a name long enough to live on the heap, not in the string itself"
}

/// Something an effect's operation holds, to see when the operation lets it go.
private final class Captured: Sendable {}

/// `Effect`'s storage: `.none` or the operation in an `indirect` box, so an effect is one pointer
/// and dropping one (a replay drops every effect its reducer returns) releases a box whose
/// metadata was made where the effect was built.
@Suite("Effect storage")
struct EffectStorageTests {
  @Test("an effect is one pointer in size, whatever the size of its action")
  func onePointer() {
    #expect(MemoryLayout<WideAction>.size > 64)
    #expect(MemoryLayout<Effect<WideAction>>.size == MemoryLayout<UnsafeRawPointer>.size)
    #expect(MemoryLayout<Effect<Int>>.size == MemoryLayout<UnsafeRawPointer>.size)
  }

  @Test("none holds nothing and every other effect holds an operation")
  func noneIsEmpty() {
    // Compared outside `#expect`, which describes its operands: reflecting a `.run` operation
    // (its `nonisolated(nonsending)` closure) crashed the test runner here.
    let noneIsEmpty = Effect<WideAction>.none.isNone && Effect<WideAction>.none.operation == nil
    #expect(noneIsEmpty)
    let effects: [Effect<WideAction>] = [
      .send(WideAction()), .run { _ in }, .cancel(id: 1),
      .merge(.send(WideAction()), .run { _ in }),
      .concatenate(.send(WideAction()), .send(WideAction())),
      .run { _ in }.cancellable(id: 2, cancelInFlight: true),
    ]
    let holding = effects.filter { !$0.isNone && $0.operation != nil }.count
    #expect(holding == effects.count)
  }

  @Test("dropping an effect, however nested, releases everything its operations hold")
  func droppingReleases() {
    weak var watched: Captured?
    do {
      let captured = Captured()
      watched = captured
      let run = Effect<WideAction>.run { _ in _ = captured }
      let nested = Effect<WideAction>.merge(
        .concatenate(.send(WideAction()), run.cancellable(id: "load", cancelInFlight: true)),
        .cancel(id: "other")
      ).map { $0.name }
      #expect(!nested.isNone)
      #expect(watched != nil)
    }
    #expect(watched == nil)
  }

  @Test("a send keeps its whole action through the box, mapped or not")
  func sendKeepsItsAction() {
    var action = WideAction()
    action.numbers.7 = 42
    action.name += "!"
    let effect = Effect<WideAction>.send(action)
    guard case .send(let sent)? = effect.operation else {
      Issue.record("the effect is not a send")
      return
    }
    #expect(sent.numbers.7 == 42)
    #expect(sent.name == action.name)
    guard case .send(let mapped)? = effect.map({ $0.name.count }).operation else {
      Issue.record("the mapped effect is not a send")
      return
    }
    #expect(mapped == action.name.count)
  }
}
