extension Reducer where Action: Sendable {
  /// Runs `element` on the element of `toElements` an action names, before this reducer.
  ///
  /// ```swift
  /// Reduce<Todos.State, Todos.Action> { state, action in
  ///   if case .clearDoneTapped = action { state.rows.removeAll { $0.isDone } }
  ///   return .none
  /// }
  /// .forEach(\.rows, action: .rows) { TodoRow() }
  /// ```
  ///
  /// An action `.rows(.element(id: id, action: a))` runs the element reducer on the element
  /// with `id`, in place, then this reducer sees the action too. The element's effects are
  /// embedded back the same way, and are cancelled once the element is removed — by any
  /// reducer, for any action. An element action for an id the collection does not hold is
  /// dropped and reported (a test failure under `TestStore`, one line on stderr otherwise),
  /// worded as TCA's "received an action for a missing element".
  ///
  /// Cost: an element action is one lookup by id, whatever the collection's size; other
  /// actions add two pointer comparisons. A removal is found in O(1) (the collection's ids
  /// carry a version number that changes when they do, and remember the one before an
  /// `append`, so that adding an element is not taken for a removal), and the removed elements'
  /// effects are then cancelled in time proportional to the number of running effects, not of
  /// elements.
  @inlinable
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: ActionCase<Action, IdentifiedAction<ID, ElementAction>>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> some Reducer<State, Action>
  where
    ElementAction: Sendable, Element.State == ElementState, Element.Action == ElementAction
  {
    ChildReducer(
      ForEachRouter<Self, ID, Element, ClosureCaseReading>(
        parent: self, toElements: toElements, toElementAction: toElementAction,
        element: element(),
        site: ChildSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }
}

/// What `forEach` routes with (see ``ChildRouter``): its children are the elements of a
/// collection, each reached by the id in its action; a removal is noticed by the collection's
/// ids version, in O(1).
@usableFromInline
final class ForEachRouter<
  Parent: Reducer, ID: Hashable & Sendable, Element: Reducer, Reading: CaseReading
>: ChildRouter
where
  Parent.Action: Sendable, Element.Action: Sendable, Element.State: Identifiable,
  Element.State.ID == ID
{
  @usableFromInline typealias Container = IdentifiedArray<ID, Element.State>
  @usableFromInline let parent: Parent
  @usableFromInline let toContainer: WritableKeyPath<Parent.State, Container>
  @usableFromInline let containerOffset: Int?
  @usableFromInline let toElementAction:
    ActionCase<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let element: Element
  @usableFromInline let site: ChildSite

  @inlinable
  init(
    parent: Parent, toElements: WritableKeyPath<Parent.State, Container>,
    toElementAction: ActionCase<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    element: Element, site: ChildSite
  ) {
    self.parent = parent
    self.toContainer = toElements
    self.containerOffset = MemoryLayout<Parent.State>.offset(of: toElements)
    self.toElementAction = toElementAction
    self.element = element
    self.site = site
  }

  @inlinable
  @inline(__always)
  func childAction(of action: Parent.Action) -> IdentifiedAction<ID, Element.Action>? {
    Reading.extract(toElementAction.extractBody, toElementAction.learned, from: action)
  }

  /// The element reducer run on the element in place, its slot found by
  /// ``IdentifiedArray/slotForElementAction(id:)``. The rare cases (no such element, an effect
  /// to embed) are out of line, and take only what they need (not `self`, which would be
  /// copied to the stack for them on every action).
  @inlinable
  @inline(__always)
  func reduceChild(
    _ elements: inout Container, _ identified: consuming IdentifiedAction<ID, Element.Action>,
    _ action: Parent.Action
  ) -> Effect<Parent.Action> {
    // Consumed, not copied: binding the payload of a borrowed value copied the element's
    // action and dropped it twice.
    switch consume identified {
    case .element(let id, let elementAction):
      guard let slot = elements.slotForElementAction(id: id) else {
        return Self.missingElement(action, site: site)
      }
      let effect = element.reduce(into: &elements.slots[slot]!, action: elementAction)
      // Reading the element back costs a copy of it an action: checked in debug builds only.
      assert(elements.slots[slot]!.id == id, "An element reducer changed its element's id.")
      if _fastPath(effect.isNone) { return .none }
      return Self.embed(effect, id: id, site: site, embed: toElementAction.embedBody)
    }
  }

  @inlinable
  @inline(__always)
  func reduceParent(into state: inout Parent.State, action: Parent.Action)
    -> Effect<Parent.Action>
  {
    parent.reduce(into: &state, action: action)
  }

  @inlinable
  @inline(__always)
  func presence(in elements: inout Container) -> UInt64 { elements.idsVersion }

  /// Unchanged ids, or one more (an `append`): nothing to cancel.
  @inlinable
  @inline(__always)
  func holdsEveryChild(of elements: inout Container, since before: UInt64) -> Bool {
    elements.holdsEveryID(ofVersion: before)
  }

  @inlinable
  func departures(from elements: inout Container, since _: UInt64) -> Effect<Parent.Action> {
    Self.cancelRemoved(remaining: elements.slotOfID, site: site)
  }

  /// The misuse report of an action for an element the collection does not hold.
  @usableFromInline
  @inline(never)
  static func missingElement(_ action: Parent.Action, site: ChildSite) -> Effect<Parent.Action> {
    Effect(.reportMisuse(ChildMisuse.missingElement(action, at: site)))
  }

  /// The effect of the element with `id` embedded in the parent's actions, under the element's
  /// hidden cancellation id.
  @usableFromInline
  @inline(never)
  static func embed(
    _ effect: Effect<Element.Action>, id: ID, site: ChildSite,
    embed: @escaping @Sendable (IdentifiedAction<ID, Element.Action>) -> Parent.Action
  ) -> Effect<Parent.Action> {
    let namespace = site.elementEffects(id)
    return effect.namespaced(by: namespace).map { embed(.element(id: id, action: $0)) }
      .cancellable(id: namespace)
  }

  /// Cancels the effects of every element of a `forEach` at `site` whose id is not among
  /// `remaining`.
  @usableFromInline
  @inline(never)
  static func cancelRemoved(remaining: [ID: Int], site: ChildSite) -> Effect<Parent.Action> {
    Effect(
      .cancelMatching { effectID in
        guard let key = effectID.base as? ElementEffectsID<ID>, key.site == site else {
          return false
        }
        return remaining[key.id] == nil
      })
  }
}
