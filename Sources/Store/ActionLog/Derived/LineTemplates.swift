import Foundation
import Store
import Synchronization

/// The fast way a derived log's lines are read: lines that differ only in their numbers and
/// strings — `.episodes(.element(id: 7, action: .progress(42)))` and `… id: 3 … .progress(90)` —
/// share a *template*, and a value of the action is made from the template's by writing each
/// literal where it lies in the value's memory, with no `Decodable` at all.
///
/// ```swift
/// let action = try LineTemplates.decode(Feature.Action.self, ".moved(from: 1, to: 2)")
/// ```
///
/// **How a template is learnt** (``TemplateBox/learn(_:_:_:)``). The first line of a template
/// is read with ``ValueSyntaxDecoder`` (the meaning of a line is always its type's
/// `init(from:)`), which says what type each literal was read as. The template is then read
/// twice more with every literal made up — distinct values of its type, strings of 14
/// letters, and lists of such — and each made-up value's exact bytes (a list: its storage's
/// reference) are looked for in the two values' bytes: each must be found exactly once, at
/// the same aligned offset in both, and every other byte of the two values must be the same
/// (or differ as they do between two readings of one line: a reference to storage that holds
/// no literal). Then the value the template makes of each of the three lines must equal
/// (`==`) the one `init(from:)` made. A template that fails any of this — a literal stored
/// elsewhere than in the value's own bytes (an `indirect` case, a class, a list of structs),
/// converted on the way (a value a custom `init(from:)` changes, a raw-value enum), or bytes
/// that differ for any other reason — is read by `init(from:)` every time. So is a line whose
/// literal does not read as the decoder would read it into its slot (a decimal where the
/// template learnt a whole number, a number too large, a string whose escapes need the parser).
///
/// Bound: a line is read in one pass over its bytes and one look-up of its template, plus its
/// literals; learning costs four full reads, once per template. At most ``capacity`` templates
/// are kept per action type; past that, lines of new templates are read by `init(from:)`.
package enum LineTemplates {
  /// The most templates kept for one action type.
  package static let capacity = 4096

  /// The action `text` spells.
  package static func decode<Action: Decodable & Equatable & Sendable>(
    _: Action.Type, _ text: String
  ) throws(ValueSyntaxError) -> Action {
    var text = text
    return try text.withUTF8 { decode(Action.self, $0) }.get()
  }

  /// The action the UTF-8 text `bytes` spells, or why it spells none.
  package static func decode<Action: Decodable & Equatable & Sendable>(
    _: Action.Type, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Result<Action, ValueSyntaxError> {
    guard let shape = LineShape(bytes) else { return slowly(Action.self, bytes) }
    let store = TemplateStore.of(Action.self)
    if let template = store.template(shape, bytes) {
      // The store is `Action`'s own: its entries hold templates of `Action`.
      let box = unsafeDowncast(template, to: TemplateBox<Action>.self)
      if let made = box.make(bytes, shape) { return .success(made) }
      return slowly(Action.self, bytes)
    }
    let read = slowly(Action.self, bytes)
    if case .success(let action) = read {
      store.learn(shape, bytes, TemplateBox.learn(action, Array(bytes), shape))
    }
    return read
  }

  /// The action read by `init(from:)`.
  private static func slowly<Action: Decodable>(
    _: Action.Type, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Result<Action, ValueSyntaxError> {
    Result { () throws(ValueSyntaxError) in
      try ValueSyntaxDecoder.decode(Action.self, from: try ValueSyntax(Array(bytes)))
    }
  }
}

/// A template of some action type: a value of it with the places of its literals (nil: the
/// template could not be learnt, and its lines are read by `init(from:)`). In a class of its
/// own so that a store of templates is not generic: a line's look-up needs no type's metadata.
final class TemplateBox<Action: Sendable>: Sendable {
  let value: Action
  let slots: [TemplateSlot]?

  init(value: Action, slots: [TemplateSlot]?) {
    self.value = value
    self.slots = slots
  }

  /// The template's value with the literals of the line `bytes` (of this template's shape)
  /// written in; nil when the template was not learnt or a literal does not fit its slot.
  func make(_ bytes: UnsafeBufferPointer<UInt8>, _ shape: LineShape) -> Action? {
    guard let slots else { return nil }
    var action = value
    let made = withUnsafeMutableBytes(of: &action) { raw in
      var hole = 0
      for slot in slots {
        guard slot.write(bytes, shape, from: hole, into: raw.baseAddress!) else { return false }
        hole += slot.holes
      }
      return true
    }
    return made ? action : nil
  }
}

/// The templates learnt for one action type, shared by every reader of its lines: by their
/// text's hash, each with its text and its number of literals.
final class TemplateStore: Sendable {
  final class Entry: Sendable {
    let key: [UInt8]
    let holes: Int
    /// A ``TemplateBox`` of the store's action type.
    let template: AnyObject & Sendable

    init(key: [UInt8], holes: Int, template: AnyObject & Sendable) {
      self.key = key
      self.holes = holes
      self.template = template
    }
  }

  /// The entries by hash: a table twice the capacity, probed linearly from a hash's slot.
  private let entries = Mutex<(slots: [Entry?], count: Int)>(
    (Array(repeating: nil, count: 2 * LineTemplates.capacity), 0))

  /// The template of the line `bytes`, whose shape is `shape`, if learnt.
  func template(_ shape: LineShape, _ bytes: UnsafeBufferPointer<UInt8>) -> (AnyObject & Sendable)?
  {
    entries.withLock { table in
      let mask = table.slots.count - 1
      var slot = Int(truncatingIfNeeded: shape.hash) & mask
      while let entry = table.slots[slot] {
        if shape.has(key: entry.key, holes: entry.holes, bytes) { return entry.template }
        slot = (slot + 1) & mask
      }
      return nil
    }
  }

  /// Keeps `template` for the template of the line `bytes`, whose shape is `shape`, unless the
  /// store is full.
  func learn(_ shape: LineShape, _ bytes: UnsafeBufferPointer<UInt8>, _ template: AnyObject & Sendable)
  {
    let key = shape.key(bytes)
    entries.withLock { table in
      guard table.count < LineTemplates.capacity else { return }
      let mask = table.slots.count - 1
      var slot = Int(truncatingIfNeeded: shape.hash) & mask
      while let entry = table.slots[slot] {
        if entry.key == key, entry.holes == shape.count { return }
        slot = (slot + 1) & mask
      }
      table.slots[slot] = Entry(key: key, holes: shape.count, template: template)
      table.count += 1
    }
  }

  /// The store of `Action`'s templates, made the first time it is asked for.
  static func of(_ action: Any.Type) -> TemplateStore {
    let id = ObjectIdentifier(action)
    return stores.withLock { stores in
      // A program reads the actions of one or two types: a list is found at once.
      if let found = stores.first(where: { $0.id == id }) { return found.store }
      let store = TemplateStore()
      stores.append((id, store))
      return store
    }
  }

  private static let stores = Mutex<[(id: ObjectIdentifier, store: TemplateStore)]>([])
}
