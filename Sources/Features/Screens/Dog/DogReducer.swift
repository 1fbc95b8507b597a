import Store

/// The dog screen's rules.
///
/// `show` selects a dog by name, `adopt` adds one and selects it. An action that
/// ``rejection(of:in:today:)`` refuses changes nothing; the REPL asks the same function first, so
/// that it can say why.
///
/// ```swift
/// var state = DogReducer.State(dog: dogs, today: CalendarDay(year: 2026, month: 11, day: 29)!)
/// _ = DogReducer().reduce(into: &state, action: .show("poodle"))
/// ```
///
/// Built from the library's composition operators: the dogs are an identified collection of
/// child features run with `forEach` (`dog NAME` reaches the named dog by id), the selected
/// dog's detail an optional child run with `ifLet`, and the list's own rules (adopting adds a
/// dog, selecting records its name) run after them.
public struct DogReducer: Reducer {
  /// What the dog reducer works on: the dog screen, and the day the clock screen shows, which
  /// the dog screen reads (a birthday may not come after it) but never changes.
  public struct State: Equatable, Sendable {
    public var dog: DogState
    /// The clock screen's day: "today" as the app knows it.
    public var today: CalendarDay

    public init(dog: DogState, today: CalendarDay) {
      self.dog = dog
      self.today = today
    }
  }

  /// The longest name a dog may have, in characters.
  public static let maxNameLength = 40

  /// The composed reducer, built once.
  private let routed: (inout Routing, DogRoute) -> Effect<DogRoute>

  public init() {
    let body = Reduce<Routing, DogRoute>(DogReducer.list)
      .forEach(\.dog.dogs, action: DogRoute.dogsCase) { AdoptedDog() }
      .ifLet(\.detail, action: DogRoute.detailCase) { DogDetail() }
    routed = { body.reduce(into: &$0, action: $1) }
  }

  public func reduce(into state: inout State, action: DogAction) -> Effect<DogAction> {
    let today = state.today
    return reduce(dogs: &state.dog, action: action, today: today)
  }

  /// `reduce(into:action:)` on the dogs alone, asking for "today" only for the action that
  /// reads it (`adopt`): what the app's reducer calls, since its today is computed from the
  /// clock, which costs more than most dog actions.
  func reduce(dogs: inout DogState, action: DogAction, today: @autoclosure () -> CalendarDay)
    -> Effect<DogAction>
  {
    // The refusal, not its message: a replay refuses a missing dog's name without listing the
    // dogs each time.
    guard case .success(let route) = DogReducer.check(action, in: dogs, today: today()) else {
      return .none
    }
    var routing = Routing(taking: &dogs, for: route)
    let effect = routed(&routing, route)
    routing.writeBack(after: route)
    swap(&dogs, &routing.dog)
    return effect.isNone ? .none : effect.map(\.action)
  }

  /// The list's own rules, after the children have run.
  static func list(_ state: inout Routing, _ route: DogRoute) -> Effect<DogRoute> {
    switch route {
    case .adopt(let dog):
      state.dog.dogs.append(dog)
      state.dog.selectedName = dog.name
    case .dogs(.element(let id, .select)):
      // The name alone, not a copy of the dog: the detail is not made for this route.
      if let index = state.dog.dogs.index(id: id) {
        state.dog.selectedName = state.dog.dogs[index].name
      }
    case .detail(.show):
      break
    }
    return .none
  }

  /// Why `action` is refused when the dogs are `state` and the clock shows `today`, or nil when
  /// it is allowed.
  public static func rejection(of action: DogAction, in state: DogState, today: CalendarDay)
    -> String?
  {
    refusal(of: action, in: state, today: today)?.message(dogs: state, today: today)
  }

  /// Why an action is refused, before it is put into words (``rejection(of:in:today:)``).
  enum Refusal: Error, Equatable {
    case noDogs
    case noneSelected
    case noDogNamed(String)
    case badName(String)
    case nameTaken(String)
    case birthdayOutOfYears(CalendarDay)
    case bornAfterToday(CalendarDay)

    func message(dogs state: DogState, today: CalendarDay) -> String {
      switch self {
      case .noDogs: "there are no dogs yet; adopt one with adopt NAME YYYY-MM-DD pug|poodle"
      case .noneSelected: "no dog is selected; choose one with dog NAME"
      case .noDogNamed(let name):
        "no dog named '\(name)'; the dogs are " + state.dogs.map(\.name).joined(separator: ", ")
      case .badName(let problem): problem
      case .nameTaken(let name): "there is already a dog named '\(name)'; choose another name"
      case .birthdayOutOfYears(let birthday):
        "the birthday \(birthday) is not in the years 0001 to 9999"
      case .bornAfterToday(let birthday):
        "the birthday \(birthday) is after today (\(today) on the clock); "
          + "a dog cannot be born in the future"
      }
    }
  }

  /// Why `action` is refused, or nil when it is allowed: as cheap as the checks themselves, no
  /// message built; `today` is asked for only by `adopt`.
  static func refusal(
    of action: DogAction, in state: DogState, today: @autoclosure () -> CalendarDay
  ) -> Refusal? {
    if case .failure(let refusal) = check(action, in: state, today: today()) { return refusal }
    return nil
  }

  /// The route of `action` when it is allowed, or why it is refused: the dog a name names is
  /// looked up once, by the id the route carries.
  static func check(
    _ action: DogAction, in state: DogState, today: @autoclosure () -> CalendarDay
  ) -> Result<DogRoute, Refusal> {
    switch action {
    case .show(let name):
      guard !state.dogs.isEmpty else { return .failure(.noDogs) }
      guard let name else {
        return state.hasDog(named: state.selectedName)
          ? .success(.detail(.show)) : .failure(.noneSelected)
      }
      let id = Dog.id(ofName: name)
      guard state.dogs.index(id: id) != nil else { return .failure(.noDogNamed(name)) }
      return .success(.dogs(.element(id: id, action: .select)))
    case .adopt(let name, let birthday, let breed):
      if let problem = rejection(ofName: name) { return .failure(.badName(problem)) }
      // One look-up: the id's offset, then the name as the dog there spells it.
      if let taken = state.dogs.index(id: Dog.id(ofName: name)) {
        return .failure(.nameTaken(state.dogs[taken].name))
      }
      if !CalendarDay.typedYears.contains(birthday.year) {
        return .failure(.birthdayOutOfYears(birthday))
      }
      if birthday > today() { return .failure(.bornAfterToday(birthday)) }
      return .success(
        .adopt(Dog(name: name, birthday: birthday, breed: breed, imageName: breed.imageName)))
    }
  }

  /// Why `name` cannot be a dog's name, or nil when it can.
  static func rejection(ofName name: String) -> String? {
    if let plain = PrintableASCII(name) {
      if plain.count > 0, plain.count <= maxNameLength, !plain.hasSpace { return nil }
      return rejectionByCharacters(ofName: name)
    }
    // Not printable ASCII: one to 40 scalars make one to 40 characters, so only white space
    // and control characters are left to refuse the name for.
    let scalars = ScalarName(name)
    if scalars.count > 0, scalars.count <= maxNameLength {
      return scalars.hasWhitespace || scalars.hasControl ? oneWord : nil
    }
    return rejectionByCharacters(ofName: name)
  }

  /// Why a name with white space or a control character in it is refused.
  static let oneWord = "a dog's name is one word: no spaces or control characters"

  /// ``rejection(ofName:)`` character by character, with no shortcut: what the shortcut is held
  /// to.
  static func rejectionByCharacters(ofName name: String) -> String? {
    if name.isEmpty { return "a dog needs a name" }
    if name.count > maxNameLength {
      return "a dog's name can be at most \(maxNameLength) characters; this one has \(name.count)"
    }
    let isBlankOrControl = { (scalar: Unicode.Scalar) in
      scalar.properties.isWhitespace || scalar.isControlCharacter
    }
    if name.unicodeScalars.contains(where: isBlankOrControl) { return oneWord }
    return nil
  }
}
