extension ActionCase {
  /// Creates a case from its constructor alone: the extractor is derived by reflection, so the
  /// case is named once and no pattern match is written.
  ///
  /// ```swift
  /// enum AppAction { case clock(ClockAction), loaded(id: Int, name: String), quit }
  /// let clock = ActionCase(AppAction.clock)
  /// let loaded = ActionCase(AppAction.loaded)   // Value is (id: Int, name: String)
  /// clock.extract(from: .clock(.reload))       // .reload
  /// ```
  ///
  /// `embed` must be the case's own constructor (`AppAction.clock`), not a closure that builds a
  /// nested value (`{ .clock(.moveDay($0)) }`): compose cases with ``appending(_:)`` instead.
  ///
  /// Cost per action, once the case has seen one value of itself: one read of the enum's tag
  /// (a call of its value witness) compared with the case's; a value of the case then has its
  /// payload loaded from its own bytes — no `Mirror`, no type lookup, no allocation. A value of
  /// another case is rejected by its tag, before the first value of the case as after. See
  /// `uniflow-bench --only casePaths,outside-routing`.
  ///
  /// - Precondition: `Root` is an enum; otherwise this stops the program, saying so.
  @inlinable
  public init(_ embed: @escaping @Sendable (Value) -> Root) {
    let reader = Self.reader(for: "ActionCase(_:)")
    self.init(embed: embed, learned: LearnedCase(reader: reader, embed: embed))
  }

  /// Creates a case of a constructor with several values, named once; its value is their tuple.
  ///
  /// ```swift
  /// enum Action { case loaded(id: Int, name: String) }
  /// let loaded = ActionCase(Action.loaded)
  /// loaded.extract(from: .loaded(id: 1, name: "a"))?.name   // "a"
  /// ```
  @inlinable
  public init<A, B>(_ embed: @escaping @Sendable (A, B) -> Root) where Value == (A, B) {
    self.init { (value: (A, B)) in embed(value.0, value.1) }
  }

  /// Creates a case of a constructor with three values, named once; its value is their tuple.
  ///
  /// ```swift
  /// enum Action { case moved(x: Int, y: Int, z: Int) }
  /// let moved = ActionCase(Action.moved)
  /// ```
  @inlinable
  public init<A, B, C>(_ embed: @escaping @Sendable (A, B, C) -> Root)
  where Value == (A, B, C) {
    self.init { (value: (A, B, C)) in embed(value.0, value.1, value.2) }
  }

  /// Creates the case of a value without payload, named once.
  ///
  /// ```swift
  /// enum Action { case tapped, loaded(Int) }
  /// let tapped = ActionCase(Action.tapped)
  /// tapped.extract(from: .tapped) != nil   // true
  /// ```
  ///
  /// Cost per action: the enum's tag bits compared with the case's (or its tag read through
  /// the enum's value witness, where the payload's bits may hold it).
  ///
  /// - Precondition: `Root` is an enum; otherwise this stops the program, saying so.
  @_disfavoredOverload  // `AppAction.clock` is a Sendable value too: prefer the constructor forms.
  @inlinable
  public init(_ root: Root) where Value == Void, Root: Sendable {
    let reader = Self.reader(for: "ActionCase(_:) of a case without payload")
    self.init(embed: { _ in root }, learned: LearnedCase(reader: reader, tag: reader.tag(of: root)))
  }

  @usableFromInline
  static func reader(for initialiser: String) -> EnumTagReader {
    guard let reader = EnumTagReader(Root.self) else {
      preconditionFailure(
        "\(initialiser) needs an enum case, but \(Root.self) is not an enum. To fix, build the "
          + "case with ActionCase(embed:extract:) and a pattern match.")
    }
    return reader
  }
}
