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
  /// carry a version number that changes when they do), and the removed elements' effects are then
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
    let elementEffect: Effect<Parent.Action>
    if let identified = toElementAction.extract(from: action) {
      elementEffect = reduceElement(&state, identified, action)
    } else {
      elementEffect = .none
    }
    let before = withElements(&state) { $0.idsVersion }
    let parentEffect = parent.reduce(into: &state, action: action)
    if withElements(&state, { $0.idsVersion }) == before {
      return parentEffect.isNone ? elementEffect : .merge(elementEffect, parentEffect)
    }
    return .merge(elementEffect, parentEffect, cancelRemoved(from: &state))
  }

  /// The element's part of `reduce`, in line with it (callgrind: 46 instructions an action
  /// fewer than a call); the rare cases (no such element, an effect to embed) are out of line.
  @inlinable
  @inline(__always)
  func reduceElement(
    _ state: inout Parent.State, _ identified: consuming IdentifiedAction<ID, Element.Action>,
    _ action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard case .element(let id, let elementAction) = consume identified else { return .none }
    let effect = withElements(&state) { reduce(in: &$0, id: id, action: elementAction) }
    if let effect, effect.isNone { return .none }
    return embed(effect, id: id, action: action)
  }

  /// The effect of the element with `id` embedded in the parent's actions, under the element's
  /// hidden cancellation id; or, for no element (`nil`), the misuse report.
  @usableFromInline
  @inline(never)
  func embed(_ effect: Effect<Element.Action>?, id: ID, action: Parent.Action)
    -> Effect<Parent.Action>
  {
    guard let effect else {
      return Effect(.reportMisuse(ChildMisuse.missingElement(action, at: site)))
    }
    let embed = toElementAction.embedBody
    let namespace = site.elementEffects(id)
    return effect.namespaced(by: namespace).map { embed(.element(id: id, action: $0)) }
      .cancellable(id: namespace)
  }

  /// Runs the element reducer on the element with `id`, in place; nil if there is none.
  @inlinable
  func reduce(in elements: inout Elements, id: ID, action: Element.Action)
    -> Effect<Element.Action>?
  {
    guard let slot = elements.slotForElementAction(id: id) else { return nil }
    let effect = element.reduce(into: &elements.slots[slot]!, action: action)
    // Reading the element back costs a copy of it an action: checked in debug builds only.
    assert(elements.slots[slot]!.id == id, "An element reducer changed its element's id.")
    return effect
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

  /// Cancels the effects of every element of this `forEach` whose id the collection in `state`
  /// no longer holds.
  @usableFromInline
  @inline(never)
  func cancelRemoved(from state: inout Parent.State) -> Effect<Parent.Action> {
    let remaining = withElements(&state) { $0.slotOfID }
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
