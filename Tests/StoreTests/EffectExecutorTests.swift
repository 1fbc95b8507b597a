import Store
import TestSupport
import Testing

/// The executor used on its own, without a store, through its package surface.
@Suite("EffectExecutor on its own")
@MainActor
struct EffectExecutorTests {
  @Test(
    "it delivers what effects send, tracks ids while they run, and a cancelled one sends nothing")
  func standalone() async {
    var delivered: [String] = []
    let executor = EffectExecutor<String> { delivered.append($0) }
    let slow = Gate()
    let fast = Gate()
    let slowRun = executor.start(
      .run { send in
        await slow.wait()
        await send("slow")
      }
      .cancellable(id: "slow"))
    let fastRun = executor.start(
      .run { send in
        await fast.wait()
        await send("fast")
      }
      .cancellable(id: "fast"))
    await slow.someoneArrived()
    await fast.someoneArrived()
    #expect(executor.runningCount == 2)
    #expect(executor.activeIDs == [EffectID("slow"), EffectID("fast")])

    executor.cancel(id: EffectID("slow"))
    #expect(executor.activeIDs == [EffectID("fast")])
    await slow.open()
    await fast.open()
    await slowRun.wait()
    await fastRun.wait()
    await executor.waitUntilIdle()
    #expect(delivered == ["fast"])
    #expect(executor.runningCount == 0)
    #expect(executor.activeIDs.isEmpty)
  }
}
