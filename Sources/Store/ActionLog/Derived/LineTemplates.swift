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

  /// The action the UTF-8 text `bytes` spells, or why it spells none: through its template
  /// when it has one (``read(_:_:)``), otherwise by `init(from:)`, learning its template.
  package static func decode<Action: Decodable & Equatable & Sendable>(
    _: Action.Type, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Result<Action, ValueSyntaxError> {
    if let action = try? read(Action.self, bytes) { return .success(action) }
    let store = TemplateStore.of(Action.self)
    store.slowReads.add(1, ordering: .relaxed)
    let read = Result { () throws(ValueSyntaxError) in
      try ValueSyntaxDecoder.decode(Action.self, from: try ValueSyntax(Array(bytes)))
    }
    if case .success(let action) = read, let shape = LineShape(bytes),
      store.template(shape, bytes) == nil
    {
      store.learn(shape, bytes, TemplateBox.learn(action, Array(bytes), shape))
    }
    return read
  }

  /// The action the UTF-8 text `bytes` spells, made by its learnt template; ``LogLine/NotRead``
  /// when it has none, or a literal does not fit its slot (``decode(_:_:)`` then reads it).
  /// No generic type but `Action` is looked up, and nothing allocated but the literals.
  package static func read<Action: Sendable>(_: Action.Type, _ bytes: UnsafeBufferPointer<UInt8>)
    throws(LogLine.NotRead) -> Action
  {
    guard let shape = LineShape(bytes),
      let template = TemplateStore.of(Action.self).template(shape, bytes)
    else { throw LogLine.NotRead() }
    return try template.make(Action.self, bytes, shape)
  }
}

/// A template of some action type: a value of it with the places of its literals (nil: the
/// template could not be learnt, and its lines are read by `init(from:)`). Not generic, so that
/// a line's look-up needs no type's metadata but the action's.
//
// Why `@unchecked Sendable` is safe: `value` points to one value of the action type, which is
// `Sendable`, initialized in `init` and never written again; readers only copy it, and `deinit`
// destroys it once no reader holds the box. `slots` and `destroy` are constants.
final class TemplateBox: @unchecked Sendable {
  private let value: UnsafeMutableRawPointer
  private let destroy: @Sendable (UnsafeMutableRawPointer) -> Void
  let slots: [TemplateSlot]?

  init<Action: Sendable>(value: Action, slots: [TemplateSlot]?) {
    let pointer = UnsafeMutablePointer<Action>.allocate(capacity: 1)
    pointer.initialize(to: value)
    self.value = UnsafeMutableRawPointer(pointer)
    destroy = { raw in
      let pointer = raw.assumingMemoryBound(to: Action.self)
      pointer.deinitialize(count: 1)
      pointer.deallocate()
    }
    self.slots = slots
  }

  deinit { destroy(value) }

  /// The template's value with the literals of the line `bytes` (of this template's shape)
  /// written in; ``LogLine/NotRead`` when the template was not learnt or a literal does not fit
  /// its slot. `Action` is the store's action type, the one the box was made with.
  func make<Action>(_: Action.Type, _ bytes: UnsafeBufferPointer<UInt8>, _ shape: LineShape)
    throws(LogLine.NotRead) -> Action
  {
    guard let slots else { throw LogLine.NotRead() }
    var action = value.assumingMemoryBound(to: Action.self).pointee
    let made = withUnsafeMutableBytes(of: &action) { raw in
      var hole = 0
      for slot in slots {
        guard slot.write(bytes, shape, from: hole, into: raw.baseAddress!) else { return false }
        hole += slot.holes
      }
      return true
    }
    guard made else { throw LogLine.NotRead() }
    return action
  }
}

/// The templates learnt for one action type, shared by every reader of its lines: by their
/// text's hash, each with its text and its number of literals.
final class TemplateStore: Sendable {
  final class Entry: Sendable {
    let key: [UInt8]
    let holes: Int
    /// A template of the store's action type.
    let template: TemplateBox

    init(key: [UInt8], holes: Int, template: TemplateBox) {
      self.key = key
      self.holes = holes
      self.template = template
    }
  }

  /// How many lines of the type were read by `init(from:)` (learning's own readings not
  /// counted): for tests, which check that a log's lines take the fast way.
  let slowReads = Atomic<Int>(0)

  /// The entries by hash: a table twice the capacity, probed linearly from a hash's slot.
  private let entries = Mutex<(slots: [Entry?], count: Int)>(
    (Array(repeating: nil, count: 2 * LineTemplates.capacity), 0))

  /// The template of the line `bytes`, whose shape is `shape`, if learnt.
  func template(_ shape: LineShape, _ bytes: UnsafeBufferPointer<UInt8>) -> TemplateBox? {
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
  func learn(_ shape: LineShape, _ bytes: UnsafeBufferPointer<UInt8>, _ template: TemplateBox) {
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
