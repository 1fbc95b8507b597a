import StoreTesting
import Testing

@testable import Todos

/// The Todos app under random schedules: rows added, reminded and removed, the detail opened,
/// edited and closed, the timer started and stopped, the search typed into and answered in any
/// order, the clock moved to any sleeper's deadline.
@MainActor
@Suite("Todos' effects end with their feature, under any schedule")
struct TodosEffectPropertyTests {
  typealias Context = EffectProperty<Todos>.Context

  /// A row the run can act on: one of those listed.
  static func row(_ context: Context) -> Gen<Int> {
    Gen.element(of: context.todos.ids)
  }

  static var property: EffectProperty<Todos> {
    EffectProperty(Todos(), initialState: Todos.State())
      .action("add", when: { $0.todos.count < 3 }) { _ in
        Gen.element(of: ["Buy milk", "Call mom"]).map(Todos.Action.addTapped)
      }
      .action("remind", when: { !$0.todos.isEmpty }) { context in
        row(context).map { .rows(.element(id: $0, action: .remindTapped)) }
      }
      .action("remove", when: { !$0.todos.isEmpty }) { row($0).map(Todos.Action.removeTapped) }
      .action("open", when: { !$0.todos.isEmpty && $0.detail == nil }) {
        row($0).map(Todos.Action.rowTapped)
      }
      .action("edit", when: { $0.detail != nil }) { _ in
        Gen.element(of: ["Buy", "Call"]).map { .detail(.edited($0)) }
      }
      .action("save", when: { $0.detail != nil }) { _ in .just(.detail(.saveTapped)) }
      .action("close", when: { $0.detail != nil }) { _ in .just(.detail(.closeTapped)) }
      .action("start", when: { !$0.timer.isRunning }) { _ in .just(.timer(.startTapped)) }
      .action("stop", when: { $0.timer.isRunning }) { _ in .just(.timer(.stopTapped)) }
      .action("type") { _ in Gen.element(of: ["", "wa"]).map { .search(.queryChanged($0)) } }
      .answering(
        "search", values: Gen.element(of: [["Water the plants"], []]),
        code: "$0.searchClient = SearchClient { _ in try await search.next() }"
      ) { dependencies, call in
        dependencies.searchClient = SearchClient { _ in try await call() }
      }
      // The user leaves: stops the timer, closes the detail, removes every row. Whatever was
      // still running for them must end: a timer left ticking never settles, and a row's
      // reminder or the detail's autosave arriving afterwards is reported as misuse.
      .teardown { state in
        (state.timer.isRunning ? [.timer(.stopTapped)] : [])
          + (state.detail == nil ? [] : [.detail(.closeTapped)])
          + state.todos.ids.map(Todos.Action.removeTapped)
      }
      .invariant("a detail shows a listed row") { state in
        state.detail.map { state.todos[id: $0.todo.id] != nil } ?? true
      }
      .eventually("once the user has left, no row, detail or running timer is left") { state in
        state.todos.isEmpty && state.detail == nil && !state.timer.isRunning
      }
  }

  @Test(
    "no action of a removed row, a closed detail or a stopped timer arrives after it is gone, and the app reports no misuse"
  )
  func effectsEndWithTheirFeature() async {
    let result = await Self.property.check(.seed(1), reportFailure: { _ in })
    #expect(result.verdict == .passed, "\(result.message ?? "")")
    #expect(result.examples == 100)
  }

  @Test("the runs reach a row's reminder: the false claim that none arrives fails, shrunk")
  func runsReachReminders() async {
    let result = await Self.property
      .invariant("no reminder arrives (false: to see the runs reach one)") { state in
        state.todos.allSatisfy { $0.reminders == 0 }
      }
      .check(.seed(1), reportFailure: { _ in })
    #expect(result.verdict == .failed)
    #expect(
      result.counterexample?.schedule == [
        "send .addTapped(\"Buy milk\")", "send .rows(.element(id: 1, action: .remindTapped))",
        "advance .seconds(10)",
      ])
  }
}
