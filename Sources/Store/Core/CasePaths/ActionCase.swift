/// One case of an enum with an associated value: how to build it and how to take it apart.
///
/// Scoping needs both directions: a parent action is taken apart to find the child's action, and
/// the actions a child's effects send are embedded back into the parent's.
///
/// ```swift
/// enum AppAction { case clock(ClockAction), quit }
/// extension ActionCase where Root == AppAction, Value == ClockAction {
///   static let clock = ActionCase(embed: AppAction.clock) {
///     if case .clock(let action) = $0 { action } else { nil }
///   }
/// }
/// ```
///
/// Or name a case once, `ActionCase(AppAction.clock)`, and let reflection derive the extractor;
/// compose cases with ``appending(_:)`` or through a ``CasePathable`` enum's key paths.
@dynamicMemberLookup
public struct ActionCase<Root, Value>: Sendable {
  @usableFromInline let embedBody: @Sendable (Value) -> Root
  @usableFromInline let extractBody: @Sendable (Root) -> Value?
  /// For a case named by its constructor, what it learnt of the enum: routers built from key
  /// paths read the case through it in line (``LearntCaseReading``), without `extractBody`'s
  /// closure call, which does the same. Unretained, so that copying a case retains nothing
  /// more: `extractBody`'s context holds it.
  @usableFromInline let learned: Unmanaged<LearnedCase>?

  /// Creates a case from its constructor and a pattern match.
  ///
  /// ```swift
  /// let clock = ActionCase(embed: AppAction.clock) {
  ///   if case .clock(let action) = $0 { action } else { nil }
  /// }
  /// ```
  @inlinable
  public init(
    embed: @escaping @Sendable (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embedBody = embed
    self.extractBody = extract
    self.learned = nil
  }

  /// A case read through `learned`.
  @inlinable
  init(embed: @escaping @Sendable (Value) -> Root, learned: LearnedCase) {
    self.embedBody = embed
    self.extractBody = reflectiveExtract(learned)
    self.learned = Unmanaged.passUnretained(learned)
  }

  /// Wraps `value` in this case.
  ///
  /// ```swift
  /// ActionCase.clock.embed(.reload)   // AppAction.clock(.reload)
  /// ```
  @inlinable
  public func embed(_ value: Value) -> Root { embedBody(value) }

  /// The value of this case, or `nil` when `root` is another case.
  ///
  /// ```swift
  /// ActionCase.clock.extract(from: .quit)   // nil
  /// ```
  @inlinable
  public func extract(from root: Root) -> Value? { extractBody(root) }

}
