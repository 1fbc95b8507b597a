import RuntimeShim

/// The bodies of the reducers written with `var body`, built once for a run of many actions — a
/// store's life, a replay — instead of once an action.
///
/// A reducer's default `reduce(into:action:)` looks here first: while a run has installed its
/// bodies on the thread (``run(_:)``, ``install()``), a body is built the first time a reducer
/// value reduces and reused for every action after, for as long as the same value (the same
/// type, its stored properties the same bits: the same values, the same objects) reduces again.
/// Called outside a run, `reduce` builds the body every time, as in TCA. A reducer that writes
/// `reduce(into:action:)` itself never comes here, with or without a body.
///
/// Why: building a body allocates the routers of its `forEach`, `ifLet` and `ifCaseLet` and
/// frees them after the action, a large share of a composed reducer's time (measured in
/// docs/performance.md). What it costs a user: a body read once
/// per reducer value and run; one built from something other than the reducer's own properties
/// and dependencies (a global, a changing property of an object) sees that thing as it was when
/// built.
///
/// Bound: a look-up compares the reducer's type with each of at most ``capacity`` entries, and
/// its bytes with those of the entries of its type: O(capacity × the reducer's size); past
/// `capacity` different reducer values, the oldest entry is replaced.
///
/// One thread uses a run's bodies at a time: the thread that installed them, while installed.
@usableFromInline
package final class BuiltBodies {
  // Exclusivity is not checked at run time on these: only the installing thread touches them,
  // and each access (a scan, an append, a replacement) calls out to no code that could reach
  // them again — a body is built before its entry is stored, and run after the scan ends.
  @exclusivity(unchecked) @usableFromInline var entries: [Entry] = []
  @exclusivity(unchecked) @usableFromInline var oldest = 0

  /// The most reducer values whose bodies are kept.
  @usableFromInline static let capacity = 32

  @usableFromInline
  struct Entry {
    @usableFromInline let type: ObjectIdentifier
    @usableFromInline let built: AnyObject

    @inlinable
    init(type: ObjectIdentifier, built: AnyObject) {
      self.type = type
      self.built = built
    }
  }

  package init() {}

  /// How many reducer values have a body kept (for tests).
  package var count: Int { entries.count }

  /// The bodies installed on this thread, if a run installed some.
  @usableFromInline
  static var current: BuiltBodies? {
    guard let pointer = uniflow_built_bodies() else { return nil }
    return Unmanaged<BuiltBodies>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Installs these bodies on this thread until ``uninstall(_:)`` with what this returns (the
  /// bodies installed before, put back then). The caller keeps `self` alive meanwhile.
  @usableFromInline
  package func install() -> UnsafeMutableRawPointer? {
    let previous = uniflow_built_bodies()
    uniflow_set_built_bodies(Unmanaged.passUnretained(self).toOpaque())
    return previous
  }

  /// Puts back the bodies ``install()`` replaced.
  @usableFromInline
  package static func uninstall(_ previous: UnsafeMutableRawPointer?) {
    uniflow_set_built_bodies(previous)
  }

  /// Runs `work` with these bodies installed on this thread.
  @inlinable
  package func run<Result, Failure: Error>(_ work: () throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    let previous = install()
    defer {
      BuiltBodies.uninstall(previous)
      withExtendedLifetime(self) {}
    }
    return try work()
  }

  /// The body of `reducer`, built the first time this value asks.
  @inlinable
  func body<R: Reducer>(of reducer: R) -> R.Body {
    let type = ObjectIdentifier(R.self)
    for entry in entries where entry.type == type {
      // An entry of type `R` holds a `BuiltBody<R>`: `add` stores nothing else under it.
      let built = unsafeDowncast(entry.built, to: BuiltBody<R>.self)
      if built.isBuilt(from: reducer) { return built.body }
    }
    return add(reducer)
  }

  /// Builds `reducer`'s body and keeps it, in place of the oldest entry once full.
  @inlinable
  @inline(never)
  func add<R: Reducer>(_ reducer: R) -> R.Body {
    let built = BuiltBody(reducer)
    let entry = Entry(type: ObjectIdentifier(R.self), built: built)
    if entries.count < Self.capacity {
      entries.append(entry)
    } else {
      entries[oldest] = entry
      oldest = (oldest + 1) % Self.capacity
    }
    return built.body
  }
}

/// A reducer value and the body it built. The value is kept so that the objects its bits name
/// stay alive: a later value with the same bits is the same value, not one whose objects reuse
/// freed addresses.
@usableFromInline
final class BuiltBody<R: Reducer> {
  @usableFromInline let reducer: R
  @usableFromInline let body: R.Body

  @inlinable
  init(_ reducer: R) {
    self.reducer = reducer
    self.body = reducer.body
  }

  /// Whether `other` is this value, bit for bit.
  @inlinable
  func isBuilt(from other: R) -> Bool {
    if MemoryLayout<R>.size == 0 { return true }
    return withUnsafeBytes(of: reducer) { kept in
      withUnsafeBytes(of: other) { asked in
        kept.elementsEqual(asked)
      }
    }
  }
}
