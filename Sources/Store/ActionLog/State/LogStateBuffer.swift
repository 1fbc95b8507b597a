/// A growable run of plain values in memory of its own, for ``LogStateEncoder``'s bytes and
/// stacks: appends with one capacity check and no uniqueness check, reads without bounds checks
/// (every index the encoder reads is one it wrote, below ``count``).
///
/// ```swift
/// var bytes = LogStateBuffer<UInt8>(capacity: 1024)
/// bytes.append(UInt8(ascii: "{"))
/// bytes.release()
/// ```
///
/// A value type over memory it does not free by itself: its owner calls ``release()`` once, and
/// never copies it (a copy would share the memory). Bound: an append is O(1) amortised (the
/// capacity doubles), `append(contentsOf:)` O(its count).
struct LogStateBuffer<Element: BitwiseCopyable> {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  /// Frees the memory; the buffer is not used after.
  func release() { base.deallocate() }

  /// The elements written, valid until the next append or ``release()``.
  var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

  @inline(__always)
  subscript(index: Int) -> Element {
    get { base[index] }
    nonmutating set { base[index] = newValue }
  }

  /// Room for `extra` more elements: where they go. The caller writes them and then
  /// ``advance(by:)``.
  @inline(__always)
  mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<Element> {
    if count + extra > capacity { grow(to: count + extra) }
    return base + count
  }

  @inline(__always)
  mutating func advance(by written: Int) { count += written }

  @inline(__always)
  mutating func append(_ element: Element) {
    reserve(1).initialize(to: element)
    count += 1
  }

  @inline(__always)
  mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let source = elements.baseAddress else { return }
    reserve(elements.count).update(from: source, count: elements.count)
    count += elements.count
  }

  @inline(__always)
  mutating func removeLast() -> Element {
    count -= 1
    return base[count]
  }

  /// Forgets the elements from `index` on.
  @inline(__always)
  mutating func truncate(to index: Int) { count = index }

  private mutating func grow(to needed: Int) {
    var capacity = self.capacity * 2
    while capacity < needed { capacity *= 2 }
    let moved = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    moved.update(from: base, count: count)
    base.deallocate()
    base = moved
    self.capacity = capacity
  }
}
