import Store
import Testing

@testable import PropertyTesting

/// The plans the printed test writes before a clock move: one for each choice drawn first, and
/// one with `index: 0` for a choice left in start order that the next plan would fit too early.
@Suite("The plans printed before a clock move tell apart choices that look alike")
struct EffectPropertyMovePlansTests {
  /// Where both effects a timer's `.fire` starts were written.
  static let fire = CallSite(
    fileID: "App/Timer.swift", filePath: "/app/Sources/App/Timer.swift", line: 34, column: 11)

  /// A run that sent 1, then moved the clock, making `choices` among two effects held together
  /// (the index drawn first at each).
  static func run(choices: [Int]) -> EffectPropertyRun<Int, Int> {
    var run = EffectPropertyRun<Int, Int>(initialState: 0)
    run.record(.send(1))
    run.record(.advance(.seconds(choices.count)))
    for chosen in choices {
      run.noteMoveChoice(1, isWake: false, chosen, [fire, fire])
      if chosen > 0 { run.recorded.append(.startFirst(index: chosen, of: 2, site: fire)) }
    }
    run.drawnSteps = run.recorded.count
    return run
  }

  static func code(_ run: EffectPropertyRun<Int, Int>) -> String {
    run.swiftCode(reducer: "Timer()", reducerType: "Timer", dependencies: [])
  }

  @Test("a choice in start order before a drawn one that looks alike gets a plan of index 0")
  func lookalikeGetsIndexZero() {
    let code = Self.code(Self.run(choices: [0, 1]))
    #expect(
      code.contains(
        """
        store.effectStarts = .held
        await store.send(1)
        clock.runFirst("App/Timer.swift:34:11", index: 0, of: 2)
        clock.runFirst("App/Timer.swift:34:11", index: 1, of: 2)
        await clock.advance(by: .seconds(2))
        await store.skipReceivedActions(strict: false)
        """), "\(code)")
  }

  @Test("a choice in start order after the drawn one needs no plan")
  func laterInOrderNeedsNone() {
    let code = Self.code(Self.run(choices: [1, 0]))
    #expect(code.components(separatedBy: "clock.runFirst(").count == 2, "\(code)")
    #expect(code.contains("clock.runFirst(\"App/Timer.swift:34:11\", index: 1, of: 2)"))
  }

  @Test("200 choices in one move, 100 times a normal two: each alternate one is planned")
  func manyChoices() {
    let choices = (0..<200).map { $0 % 2 }
    let code = Self.code(Self.run(choices: choices))
    #expect(code.components(separatedBy: "clock.runFirst(").count == 201)
    #expect(code.components(separatedBy: "index: 0, of: 2)").count == 101)
    #expect(!code.contains("// here the run"))
  }
}
