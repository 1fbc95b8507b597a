import ActionLog
import Store

/// How a console writes an app's actions to its log and reads them back — the action's own
/// `LoggableAction` codec, or one derived from its `Codable` — and whether they can be typed at
/// the REPL as Swift (`.moved(from: 1, to: 2)`), which a `Decodable` action can.
///
/// A ``ConsoleApp`` has one by default: the hand-written codec when its action is
/// `LoggableAction` (typed too when it is also `Decodable`), else the derived one when it is
/// `Codable`; an action that is neither does not compile as a console app's.
///
/// ```swift
/// var actionLogCoding: ActionLogCoding<Feature.Action> { .derived }
/// ```
public struct ActionLogCoding<Action: Equatable & Sendable>: Sendable {
  package let codec: any ActionLogCodec<Action>
  /// The action a typed Swift expression spells, when the action is `Decodable`.
  package let typing: (@Sendable (String) throws(ValueSyntaxError) -> Action)?
  /// The action's type, whose cases Tab completes, when it can be typed.
  package var typedType: Any.Type? { typing == nil ? nil : Action.self }

  package init(
    codec: any ActionLogCodec<Action>,
    typing: (@Sendable (String) throws(ValueSyntaxError) -> Action)?
  ) {
    self.codec = codec
    self.typing = typing
  }

  /// Whether log lines are derived from `Codable` rather than written by the action's own codec.
  package var isDerived: Bool { codec.isDerived }
}

extension ActionLogCoding where Action: LoggableAction {
  /// The action's own codec (`LoggableAction`); actions are typed as Swift too when they are
  /// `Decodable`.
  ///
  /// ```swift
  /// var actionLogCoding: ActionLogCoding<AppAction> { .handWritten }
  /// ```
  public static var handWritten: Self {
    Self(codec: HandCodec<Action>(), typing: Self.typing(Action.self))
  }

  private static func typing(_: Action.Type) -> (
    @Sendable (String) throws(ValueSyntaxError) -> Action
  )? {
    guard let decodable = Action.self as? any (Decodable & Sendable).Type else { return nil }
    return typing(decodable)
  }

  private static func typing<D: Decodable & Sendable>(_: D.Type)
    -> @Sendable (String) throws(ValueSyntaxError) -> Action
  {
    { text throws(ValueSyntaxError) in
      // D is Action: the cast only changes the static type.
      try ValueSyntaxDecoder.decode(D.self, from: text) as! Action
    }
  }
}

extension ActionLogCoding where Action: Codable {
  /// Lines derived from the action's `Codable`: its Swift expression, which is also how it is
  /// typed at the REPL.
  ///
  /// ```swift
  /// var actionLogCoding: ActionLogCoding<Feature.Action> { .derived }
  /// // {"seq":1,"src":"sent","action":".moved(from: 1, to: 2)"}
  /// ```
  public static var derived: Self {
    Self(codec: DerivedCodec<Action>()) { text throws(ValueSyntaxError) in
      try ValueSyntaxDecoder.decode(Action.self, from: text)
    }
  }
}

extension ConsoleApp where Action: LoggableAction {
  /// The action's own codec.
  ///
  /// ```swift
  /// app.actionLogCoding   // .handWritten
  /// ```
  public var actionLogCoding: ActionLogCoding<Action> { .handWritten }
}

extension ConsoleApp where Action: Codable {
  /// Derived from the action's `Codable`.
  ///
  /// ```swift
  /// app.actionLogCoding   // .derived
  /// ```
  public var actionLogCoding: ActionLogCoding<Action> { .derived }
}

extension ConsoleApp where Action: LoggableAction & Codable {
  /// The action's own codec, which wins over the derived one.
  ///
  /// ```swift
  /// app.actionLogCoding   // .handWritten
  /// ```
  public var actionLogCoding: ActionLogCoding<Action> { .handWritten }
}
