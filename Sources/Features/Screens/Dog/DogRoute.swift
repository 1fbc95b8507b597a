import Store

/// The dog screen's actions as its composed reducer routes them: to the dog an action names
/// (`forEach` over ``DogState/dogs``), to the selected dog's detail (`ifLet` over
/// ``DogState/selected``), or to the list itself.
///
/// ``DogAction`` stays the screen's public vocabulary — what the REPL sends and the action log
/// records, unchanged — and ``DogReducer`` turns each into one of these as it checks it:
/// `dog NAME` becomes the named dog's `select`, `dog` the detail's `show`, `adopt` the list's.
enum DogRoute: Equatable, Sendable {
  /// Add this dog and select it.
  case adopt(Dog)
  /// An action for one dog, by its id (its name ignoring case).
  case dogs(IdentifiedAction<String, AdoptedDog.Action>)
  /// An action for the selected dog's detail.
  case detail(DogDetail.Action)

  /// The public action this route came from (for mapping effects back; the children start
  /// none today, so only the library's own cancellations and reports travel this way).
  var action: DogAction {
    switch self {
    case .adopt(let dog): .adopt(name: dog.name, birthday: dog.birthday, breed: dog.breed)
    case .dogs(.element(let id, .select)): .show(id)
    case .detail(.show): .show(nil)
    }
  }

  static let dogsCase = ActionCase(embed: DogRoute.dogs) {
    if case .dogs(let action) = $0 { action } else { nil }
  }

  static let detailCase = ActionCase(embed: DogRoute.detail) {
    if case .detail(let action) = $0 { action } else { nil }
  }
}

/// One adopted dog as a feature of its own, which `forEach` runs on the dog an action names.
/// Selecting is the list's business (it holds `selectedName`), so the list acts on `select`
/// after this reducer has: a dog has no rules of its own yet.
struct AdoptedDog: Reducer {
  enum Action: Equatable, Sendable {
    /// `dog NAME`: this dog is to be shown.
    case select
  }

  func reduce(into dog: inout Dog, action: Action) -> Effect<Action> { .none }
}

/// The selected dog's detail — what the screen shows — which `ifLet` runs for a detail
/// action while a dog is selected (``DogReducer/Routing/detail``). Its state is not `Identifiable`: selecting another dog changes what the one
/// detail shows, rather than dismissing it and presenting another, so `ifLet` checks presence
/// alone and builds no cancellation when the selection moves (it has no effects to cancel).
struct DogDetail: Reducer {
  struct State: Equatable, Sendable {
    var dog: Dog
  }

  enum Action: Equatable, Sendable {
    /// `dog`: show the selected dog again.
    case show
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

extension DogReducer {
  /// What the composed dog reducer works on: the dogs, and the selected dog's detail stored
  /// beside them, so that `ifLet` and `forEach` reach both in place (a computed `detail` would
  /// be read through its key path three times a routed action). What the detail's reducer
  /// changes is written back to `dog.selected` after it.
  struct Routing {
    var dog: DogState
    /// The selected dog's detail, for `ifLet`, while an action routed to the detail runs:
    /// `dog.selected` when it arrived, then whatever the reducers make it. Nil for the other
    /// routes, which nothing reads it for: `ifLet` runs its child only for a detail action,
    /// and finds nothing dismissed when it was nil before the list ran, which is right, since
    /// the list never clears the selection (looking the selected dog up and copying it for
    /// every route would cost a third of a dog action).
    var detail: DogDetail.State?
    /// `detail` as it was made, to write back only what changed.
    let detailBefore: DogDetail.State?

    /// The dogs moved out of `dogs` (left the placeholder), so that this holds the only
    /// reference to their storage while the reducers change it; the detail made for a
    /// `route` to it.
    @inline(__always)
    init(taking dogs: inout DogState, for route: DogRoute) {
      dog = DogReducer.placeholder
      swap(&dog, &dogs)
      if case .detail = route {
        detail = dog.selected.map(DogDetail.State.init(dog:))
      } else {
        detail = nil
      }
      detailBefore = detail
    }

    /// Writes what the detail's reducer changed back to `dog.selected`, as a computed
    /// `detail`'s setter would have: only after a route to the detail (the only one it is made
    /// for), and only if it changed.
    mutating func writeBack(after route: DogRoute) {
      guard case .detail = route, detail != detailBefore else { return }
      dog.selected = detail?.dog
    }
  }

  /// What the dogs hold while the composed reducer works on them: made once, since an empty
  /// identified collection allocates.
  static let placeholder = DogState()
}
