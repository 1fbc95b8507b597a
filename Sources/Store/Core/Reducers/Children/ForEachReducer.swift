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
    ForEachReducer(
      parent: self, toElements: toElements, toElementAction: toElementAction,
      element: element(),
      site: ChildSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer `forEach` returns: a reference to its ``ForEachRouter``. A struct of the
/// router's fields was copied to the stack twice an action where the store calls its reducer
/// (about 60 instructions, callgrind); a reference is passed as it is.
@usableFromInline
struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer
where
  Parent.Action: Sendable, Element.Action: Sendable, Element.State: Identifiable,
  Element.State.ID == ID
{
  @usableFromInline let router: ForEachRouter<Parent, ID, Element>

  @inlinable
  init(
    parent: Parent,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: ActionCase<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    element: Element, site: ChildSite
  ) {
    router = ForEachRouter(
      parent: parent, toElements: toElements, toElementAction: toElementAction,
      element: element, site: site)
  }

  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    router.reduce(into: &state, action: action)
  }
}

/// What `forEach` routes with, immutable once built.
@usableFromInline
final class ForEachRouter<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>
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

  /// Routes an element action to its element, then runs the parent. The collection is reached
  /// through its offset in the state (a path of stored properties) with no key-path machinery;
  /// a computed path takes ``reduceThroughKeyPath(into:action:)``.
  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let offset else { return reduceThroughKeyPath(into: &state, action: action) }
    return reduce(at: &state, elementsAt: offset, action: action)
  }

  /// `reduce(into:action:)` on the state at `root`, whose collection is `offset` bytes in. A
  /// method taking a pointer rather than a closure given to `withUnsafeMutablePointer`: the
  /// closure's context was a copy of `self`, made on the stack on every action (callgrind).
  @inlinable
  @inline(__always)
  func reduce(
    at root: UnsafeMutablePointer<Parent.State>, elementsAt offset: Int, action: Parent.Action
  ) -> Effect<Parent.Action> {
    // As in `Scope`: `offset(of:)` promises the collection is stored at this offset, and the
    // pointers are used only during this call, while the state is exclusively ours (`root` is
    // an `inout` argument's); the parent's reducer gets the state through `root`, and
    // `elements` is read again only after it returns.
    let elements = (UnsafeMutableRawPointer(root) + offset).assumingMemoryBound(to: Elements.self)
    let elementEffect: Effect<Parent.Action>
    if let identified = toElementAction.extractBody(action) {
      elementEffect = reduceElement(&elements.pointee, consume identified, action)
    } else {
      elementEffect = .none
    }
    let before = elements.pointee.idsVersion
    let parentEffect = parent.reduce(into: &root.pointee, action: action)
    // Unchanged ids, or one more (an `append`): no element's effects to cancel.
    if _fastPath(elements.pointee.holdsEveryID(ofVersion: before)) {
      return parentEffect.isNone ? elementEffect : .merge(elementEffect, parentEffect)
    }
    return .merge(
      elementEffect, parentEffect,
      Self.cancelRemoved(remaining: elements.pointee.slotOfID, site: site))
  }

  /// `reduce(into:action:)` for a collection behind a computed key path; inlinable, so that it
  /// is specialised where the reducer is built, as `ifLet`'s is.
  @inlinable
  @inline(never)
  func reduceThroughKeyPath(into state: inout Parent.State, action: Parent.Action)
    -> Effect<Parent.Action>
  {
    let elementEffect: Effect<Parent.Action>
    if let identified = toElementAction.extractBody(action) {
      elementEffect = reduceElement(&state[keyPath: toElements], consume identified, action)
    } else {
      elementEffect = .none
    }
    let before = state[keyPath: toElements].idsVersion
    let parentEffect = parent.reduce(into: &state, action: action)
    if state[keyPath: toElements].holdsEveryID(ofVersion: before) {
      return parentEffect.isNone ? elementEffect : .merge(elementEffect, parentEffect)
    }
    return .merge(
      elementEffect, parentEffect,
      Self.cancelRemoved(remaining: state[keyPath: toElements].slotOfID, site: site))
  }

  /// The element's part of `reduce`: the element reducer run on the element in place, its
  /// slot found by ``IdentifiedArray/slotForElementAction(id:)``. The rare cases (no such
  /// element, an effect to embed) are out of line, and take only what they need (not `self`,
  /// which would be copied to the stack for them on every action).
  @inlinable
  @inline(__always)
  func reduceElement(
    _ elements: inout Elements, _ identified: consuming IdentifiedAction<ID, Element.Action>,
    _ action: Parent.Action
  ) -> Effect<Parent.Action> {
    // Consumed, not copied: binding the payload of a borrowed value copied the element's
    // action and dropped it twice (callgrind).
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
