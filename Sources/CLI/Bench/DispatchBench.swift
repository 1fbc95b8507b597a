import Console
import Features
import Foundation
import Store
import UniflowConsole

/// The dispatch figures: the cost of `Store.send` against a plain loop doing the same work.
@MainActor
enum DispatchBench {
  struct Figures {
    /// ns/action through `Store.send` with one observer deriving the display.
    var storeNs: Double
    /// ns/action calling the same reducer and display in a loop.
    var loopNs: Double
    /// ns/action through `Store.send` with no observer.
    var bareStoreNs: Double
    /// ns/action calling the reducer alone in a loop.
    var bareLoopNs: Double
    /// The same as `storeNs`/`loopNs` with the app's reducer and clock view model (information).
    var appStoreNs: Double
    var appLoopNs: Double
    /// A feature action through two levels of scoping, with the observer (ns/action).
    var scopedStoreNs: Double
    /// The REPL's screens through Store.send, every screen derived after every action, as the
    /// renderer did before scoped observation (ns/action).
    var renderAllNs: Double
    /// The same with the REPL's renderer: each screen observes its own scoped state (ns/action).
    var renderObservedNs: Double

    var ratio: Double { storeNs / loopNs }
    var bareRatio: Double { bareStoreNs / bareLoopNs }
    var appRatio: Double { appStoreNs / appLoopNs }
    var scopedRatio: Double { scopedStoreNs / storeNs }
    var renderRatio: Double { renderObservedNs / renderAllNs }
  }

  /// Each figure is the fastest of `rounds` runs of `count` actions (`appCount` for the app's
  /// reducer and view model), after a warm-up. The
  /// variants take turns within each round, so a burst of load elsewhere on the machine hits
  /// them alike rather than one of them.
  static func run(count: Int = 1_000_000, rounds: Int = 5, appCount: Int = 100_000) -> Figures {
    let variants: [() -> Double] = [
      { storeWithObserver(count) }, { loopWithDisplay(count) }, { bareStore(count) },
      { bareLoop(count) }, { appStore(appCount) }, { appLoop(appCount) }, { scopedStore(count) },
      { renderAll(appCount) }, { renderObserved(appCount) },
    ]
    for variant in variants { _ = variant() }  // warm-up
    var best = [Double](repeating: .infinity, count: variants.count)
    for _ in 0..<rounds {
      for (index, variant) in variants.enumerated() { best[index] = min(best[index], variant()) }
    }
    return Figures(
      storeNs: best[0], loopNs: best[1], bareStoreNs: best[2], bareLoopNs: best[3],
      appStoreNs: best[4], appLoopNs: best[5], scopedStoreNs: best[6], renderAllNs: best[7],
      renderObservedNs: best[8])
  }

  /// Where results go so the optimiser cannot drop the work.
  static var sink = 0

  /// Takes a display string the way a view would, without letting the optimiser drop it. Both
  /// the loop and the observer hand their string here, so they pay the same for it.
  @inline(never)
  static func consume(_ display: String) {
    if display.utf8.count == 1 { sink &+= 1 }
  }

  private static func time(_ count: Int, _ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    let end = DispatchTime.now().uptimeNanoseconds
    return Double(end - start) / Double(count)
  }

  @inline(never) private static func loopWithDisplay(_ count: Int) -> Double {
    let actions = ReferenceWorkload.actions
    var state = ReferenceWorkload.State()
    let ns = time(count) {
      var next = 0
      for _ in 0..<count {
        _ = ReferenceWorkload.reduce(&state, actions[next])
        consume(ReferenceWorkload.display(state))
        next = next == 4 ? 0 : next + 1
      }
    }
    sink &+= state.counter
    return ns
  }

  @inline(never) private static func bareLoop(_ count: Int) -> Double {
    let actions = ReferenceWorkload.actions
    var state = ReferenceWorkload.State()
    let ns = time(count) {
      var next = 0
      for _ in 0..<count {
        _ = ReferenceWorkload.reduce(&state, actions[next])
        next = next == 4 ? 0 : next + 1
      }
    }
    sink &+= state.counter
    return ns
  }

  /// ns/action sending `count` of `actions`, in turn, to `store`.
  private static func sendAll<State, Action>(
    _ actions: [Action], to store: Store<State, Action>, count: Int
  ) -> Double {
    time(count) {
      var next = 0
      let last = actions.count - 1
      for _ in 0..<count {
        store.send(actions[next])
        next = next == last ? 0 : next + 1
      }
    }
  }

  @inline(never) private static func storeWithObserver(_ count: Int) -> Double {
    let store = Store(
      initialState: ReferenceWorkload.State(), reducer: ReferenceWorkload.WorkloadReducer())
    let observation = store.observe { _, _, state in
      consume(ReferenceWorkload.display(state))
    }
    defer { observation.cancel() }
    return sendAll(ReferenceWorkload.actions, to: store, count: count)
  }

  @inline(never) private static func bareStore(_ count: Int) -> Double {
    let store = Store(
      initialState: ReferenceWorkload.State(), reducer: ReferenceWorkload.WorkloadReducer())
    defer { sink &+= store.state.counter }
    return sendAll(ReferenceWorkload.actions, to: store, count: count)
  }

  @inline(never) private static func scopedStore(_ count: Int) -> Double {
    let store = Store(initialState: NestedWorkload.Root(), reducer: NestedWorkload.reducer)
    let observation = store.observe { _, _, state in
      consume(ReferenceWorkload.display(state.middle.leaf))
    }
    defer { observation.cancel() }
    return sendAll(NestedWorkload.actions, to: store, count: count)
  }

  /// The app's own clock actions (moving by days is calendar arithmetic) and clock view model.
  private static let appActions: [AppAction] = [
    .clock(.moveDay(1)), .clock(.moveDay(-1)), .clock(.moveDay(7)), .clock(.moveDay(-7)),
  ]

  private static func appInitialState() -> AppState {
    var state = AppState(timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)
    state.clock.anchor = Date(timeIntervalSince1970: 1_795_923_912)
    return state
  }

  @inline(never) private static func appLoop(_ count: Int) -> Double {
    let reducer = AppReducer()
    var state = appInitialState()
    let ns = time(count) {
      for index in 0..<count {
        _ = reducer.reduce(into: &state, action: appActions[index & 3])
        consume(ClockViewModel(state: state.clock).text)
      }
    }
    return ns
  }

  @inline(never) private static func appStore(_ count: Int) -> Double {
    let store = Store(
      initialState: appInitialState(), reducer: AppReducer())
    let observation = store.observe { _, _, state in
      consume(ClockViewModel(state: state.clock).text)
    }
    let ns = time(count) {
      for index in 0..<count { store.send(appActions[index & 3]) }
    }
    observation.cancel()
    return ns
  }

  /// What the REPL sends: actions that change the clock (and with it the dogs' ages), and
  /// actions that change no screen.
  private static let renderActions: [AppAction] = [
    .clock(.moveDay(1)), .weather(.cancel), .dog(.show(nil)), .clock(.moveDay(-1)),
    .weather(.cancel), .dog(.show(nil)),
  ]

  /// The renderer before scoped observation: one observer deriving every screen's line after
  /// every action and printing those that differ.
  @inline(never) private static func renderAll(_ count: Int) -> Double {
    let store = Store(
      initialState: appInitialState(), reducer: AppReducer())
    var shown: [String: String] = [:]
    let observation = store.observe { _, _, state in
      for line in AppView(state: state).screens where shown[line.screen] != line.text {
        shown[line.screen] = line.text
        consume(line.text)
      }
    }
    defer { observation.cancel() }
    return sendAll(renderActions, to: store, count: count)
  }

  /// The REPL's renderer as it is: each screen observes its own scoped state.
  @inline(never) private static func renderObserved(_ count: Int) -> Double {
    let store = Store(
      initialState: appInitialState(), reducer: AppReducer())
    let renderer = ScreenPrinter(UniflowApp(), console: DiscardingConsole())
    renderer.attach(to: store)
    return sendAll(renderActions, to: store, count: count)
  }
}

/// A console that hands every screen line to the bench's sink and prints nothing.
@MainActor
final class DiscardingConsole: Console {
  func output(_ line: TerminalText) { DispatchBench.consume(line.description) }
  func error(_ line: TerminalText) {}
  func screen(_ name: String, text: String) { DispatchBench.consume(text) }
}
