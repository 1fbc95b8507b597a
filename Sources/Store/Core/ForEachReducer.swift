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
  /// carry a stamp that changes when they do), and the removed elements' effects are then
  /// cancelled in time proportional to the number of running effects, not of elements.
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
    ForEachReducer(
      parent: self, toElements: toElements, toElementAction: toElementAction,
      element: element(),
      site: ChildSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer `forEach` returns.
@usableFromInline
struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer
where
  Parent.Action: Sendable, Element.Action: Sendable, Element.State: Identifiable,
  Element.State.ID == ID
{
  @usableFromInline typealias Elements = IdentifiedArray<ID, Element.State>
  @usableFromInline let parent: Parent
  @usableFromInline let toElements: WritableKeyPath<Parent.State, Elements>
  /// Where the collection is inside the parent's state, for a path of stored properties (as
  /// in ``Scope``): reached through it, an action skips the key-path machinery.
  @usableFromInline let offset: Int?
  @usableFromInline let toElementAction:
    ActionCase<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let element: Element
  @usableFromInline let site: ChildSite

  @inlinable
  init(
    parent: Parent, toElements: WritableKeyPath<Parent.State, Elements>,
    toElementAction: ActionCase<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    element: Element, site: ChildSite
  ) {
    self.parent = parent
    self.toElements = toElements
    self.offset = MemoryLayout<Parent.State>.offset(of: toElements)
    self.toElementAction = toElementAction
    self.element = element
    self.site = site
  }

  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var elementEffect = Effect<Parent.Action>.none
    if let identified = toElementAction.extract(from: action) {
      elementEffect = reduceElement(&state, identified, action)
    }
    let before = withElements(&state) { $0.stamp }
    let parentEffect = parent.reduce(into: &state, action: action)
    let removals = withElements(&state) { elements in
      elements.stamp === before ? Effect.none : cancelRemoved(keeping: elements.slotOfID)
    }
    if removals.isNone && parentEffect.isNone { return elementEffect }
    return .merge(elementEffect, parentEffect, removals)
  }

  @inlinable
  func reduceElement(
    _ state: inout Parent.State, _ identified: IdentifiedAction<ID, Element.Action>,
    _ action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard case .element(let id, let elementAction) = identified else { return .none }
    let effect: Effect<Element.Action>? = withElements(&state) { elements in
      guard let slot = elements.slotOfID[id] else { return nil }
      let effect = element.reduce(into: &elements.slots[slot]!, action: elementAction)
      // Reading the element back costs a copy of it an action: checked in debug builds only.
      assert(elements.slots[slot]!.id == id, "An element reducer changed its element's id.")
      return effect
    }
    guard let effect else {
      return Effect(.reportMisuse(ChildMisuse.missingElement(action, at: site)))
    }
    if effect.isNone { return .none }
    let embed = toElementAction.embedBody
    let namespace = site.elementEffects(id)
    return effect.namespaced(by: namespace).map { embed(.element(id: id, action: $0)) }
      .cancellable(id: namespace)
  }

  /// Runs `body` on the collection, in place.
  @inlinable
  func withElements<Result>(
    _ state: inout Parent.State, _ body: (inout Elements) -> Result
  ) -> Result {
    if let offset {
      // As in `Scope`: `offset(of:)` promises the collection is stored at this offset, and
      // the pointer is used only while `state` is exclusively ours (it is `inout`).
      return withUnsafeMutablePointer(to: &state) { pointer in
        body(
          &(UnsafeMutableRawPointer(pointer) + offset).assumingMemoryBound(to: Elements.self)
            .pointee)
      }
    }
    return body(&state[keyPath: toElements])
  }

  /// Cancels the effects of every element of this `forEach` whose id is not in `remaining`.
  @usableFromInline
  func cancelRemoved(keeping remaining: [ID: Int]) -> Effect<Parent.Action> {
    let site = self.site
    return Effect(
      .cancelMatching { effectID in
        guard let key = effectID.base as? ElementEffectsID<ID>, key.site == site else {
          return false
        }
        return remaining[key.id] == nil
      })
  }
}
