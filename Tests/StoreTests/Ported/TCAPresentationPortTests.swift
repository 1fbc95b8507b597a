import StoreTesting
import TestSupport
import Testing

/// TCA's `AlertState`: here any `EphemeralState`. Its text is all a test compares.
private struct Alert: EphemeralState, Equatable, Sendable {
  var title: String
}

/// TCA's `IfLetReducerTests.testEphemeralState` feature: `tap` shows an alert.
private struct ShowsAlert: Reducer {
  struct State: Equatable { var alert: Alert? }
  enum Action: Equatable, Sendable, CasePathable {
    case alert(AlertAction)
    case tap

    struct AllCasePaths: Sendable {
      let alert = ActionCase(Action.alert)
      let tap = ActionCase(Action.tap)
    }
    static let allCasePaths = AllCasePaths()
  }
  enum AlertAction: Equatable, Sendable { case ok }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .alert:
        return .none
      case .tap:
        state.alert = Alert(title: "Hi!")
        return .none
      }
    }
    .ifLet(\.alert, action: \.alert) {}
  }
}

/// TCA's `IfLetReducerTests.testEphemeralDismissal` feature: `again` shows the alert anew.
private struct ShowsAlertAgain: Reducer {
  struct State: Equatable { var alert: Alert? }
  enum Action: Equatable, Sendable, CasePathable {
    case alert(AlertAction)
    case tap

    struct AllCasePaths: Sendable {
      let alert = ActionCase(Action.alert)
      let tap = ActionCase(Action.tap)
    }
    static let allCasePaths = AllCasePaths()
  }
  enum AlertAction: Equatable, Sendable {
    case again
    case ok
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .alert(.ok):
        return .none
      case .alert(.again), .tap:
        state.alert = Alert(title: "Hello")
        return .none
      }
    }
    .ifLet(\.alert, action: \.alert)
  }
}

/// `PresentationReducerTests.testNavigation_cancelID_parentCancellation`'s grandchild: its
/// effect never ends on its own.
private struct Grandchild: Reducer {
  struct State: Equatable {}
  enum Action: Equatable, Sendable { case startButtonTapped }
  enum CancelID { case effect }

  var body: some Reducer<State, Action> {
    Reduce { _, action in
      switch action {
      case .startButtonTapped:
        return .run { _ in try await never() }.cancellable(id: CancelID.effect)
      }
    }
  }
}

private struct Child: Reducer {
  struct State: Equatable { var grandchild: Grandchild.State? }
  enum Action: Equatable, Sendable, CasePathable {
    case grandchild(Grandchild.Action)
    case presentGrandchild
    case startButtonTapped

    struct AllCasePaths: Sendable {
      let grandchild = ActionCase(Action.grandchild)
      let presentGrandchild = ActionCase(Action.presentGrandchild)
      let startButtonTapped = ActionCase(Action.startButtonTapped)
    }
    static let allCasePaths = AllCasePaths()
  }
  enum CancelID { case effect }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .grandchild:
        return .none
      case .presentGrandchild:
        state.grandchild = Grandchild.State()
        return .none
      case .startButtonTapped:
        return .run { _ in try await never() }.cancellable(id: CancelID.effect)
      }
    }
    .ifLet(\.grandchild, action: \.grandchild) { Grandchild() }
  }
}

private struct Parent: Reducer {
  struct State: Equatable { var child: Child.State? }
  enum Action: Equatable, Sendable, CasePathable {
    case child(Child.Action)
    case stopButtonTapped
    case presentChild

    struct AllCasePaths: Sendable {
      let child = ActionCase(Action.child)
      let stopButtonTapped = ActionCase(Action.stopButtonTapped)
      let presentChild = ActionCase(Action.presentChild)
    }
    static let allCasePaths = AllCasePaths()
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .child:
        return .none
      case .stopButtonTapped:
        return .merge(
          .cancel(id: Child.CancelID.effect),
          .cancel(id: Grandchild.CancelID.effect))
      case .presentChild:
        state.child = Child.State()
        return .none
      }
    }
    .ifLet(\.child, action: \.child) { Child() }
  }
}

/// Ports of TCA's IfLetReducerTests (ephemeral state) and PresentationReducerTests (parent
/// cancellation), in the form this package's API takes: TCA's `AlertState` is any
/// `EphemeralState`; `@PresentationState` and `PresentationAction` have no counterpart, so a
/// presented child is plain optional state under `ifLet`, and its actions are the child's own
/// (`.child(.startButtonTapped)` for `.child(.presented(.startButtonTapped))`). Each test names
/// the test it ports.
@MainActor
@Suite("Ported from TCA: ephemeral children and cancelling a child's ids")
struct TCAPresentationPortTests {
  /// IfLetReducerTests.testEphemeralState
  @Test("an ephemeral child is dismissed by the first action it receives")
  func ephemeralState() async {
    let store = TestStore(initialState: ShowsAlert.State()) { ShowsAlert() }
    await store.send(.tap) { $0.alert = Alert(title: "Hi!") }
    await store.send(.alert(.ok)) { $0.alert = nil }
  }

  /// IfLetReducerTests.testEphemeralDismissal: the child goes before the parent reduces its
  /// action, so the parent can show it again on that action.
  @Test("an ephemeral child the parent shows again on the child's action stays shown")
  func ephemeralDismissal() async {
    let store = TestStore(initialState: ShowsAlertAgain.State()) { ShowsAlertAgain() }
    await store.send(.tap) { $0.alert = Alert(title: "Hello") }
    await store.send(.alert(.again))
    await store.send(.alert(.ok)) { $0.alert = nil }
  }

  /// PresentationReducerTests.testNavigation_cancelID_parentCancellation
  @Test("a parent cancelling an id cancels the effects its child and grandchild started with it")
  func parentCancelsChildIDs() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.presentChild) { $0.child = Child.State() }
    await store.send(.child(.presentGrandchild)) { $0.child?.grandchild = Grandchild.State() }
    await store.send(.child(.startButtonTapped))
    await store.send(.child(.grandchild(.startButtonTapped)))
    await store.send(.stopButtonTapped)
    // Nothing is left running: the end of the test would report either effect.
  }
}
