/// A test of an enum value's bytes that says whether it is one case, as a pattern match compiles
/// to: one or two loads from the value, masked and compared. Learnt from the enum's own value
/// witnesses, which write each case's tag into a value: the bits they set, whatever the payload,
/// are the case's tag bits.
///
/// Learnt only where the tag is bits the payload never uses (a multi-payload enum's tag bits, a
/// single payload without extra inhabitants and its extra tag byte, an enum without payloads):
/// there, a value is of the case exactly when those bits hold the case's pattern. And checked
/// before use: a value of every case of the enum, written by the enum's witness over a payload of
/// all zeros and of all ones, must be told apart exactly as the enum's own `getEnumTag` tells
/// them. Where any of that fails the case reads tags through the witness instead.
///
/// Bounds: building is O(cases × the enum's size); `matches` is O(1), two loads.
@usableFromInline
struct TagRecognizer: Sendable {
  /// The case this recognises.
  @usableFromInline let tag: UInt32
  /// The tag bits: in the first window, and in a second one when they span more than a word.
  @usableFromInline let first: TagWindow
  @usableFromInline let second: TagWindow

  /// Whether `value` is of the case: its tag bits hold the case's pattern.
  @inlinable
  @inline(__always)
  func matches<Root>(_ value: borrowing Root) -> Bool {
    _withUnprotectedUnsafePointer(to: value) { pointer in
      first.matches(UnsafeRawPointer(pointer)) && second.matches(UnsafeRawPointer(pointer))
    }
  }

  /// The recogniser of the case `tag` of the enum `reader` reads, or nil where its tag cannot
  /// be told from fixed bits, or the check against `getEnumTag` fails.
  init?(tag: UInt32, reader: EnumTagReader) {
    guard let layout = reader.layout, layout.tagsAreFixedBits, layout.size > 0 else {
      return nil
    }
    let size = layout.size
    // The bits the witness writes for the case over zeros (its ones) and over ones (its
    // zeros): together, every bit it sets.
    let overZeros = reader.injected(tag: tag, over: 0x00, size: size)
    let overOnes = reader.injected(tag: tag, over: 0xFF, size: size)
    let mask = zip(overZeros, overOnes).map { zeros, ones in zeros | ~ones }
    let pattern = zip(overZeros, mask).map { $0 & $1 }
    let used = mask.indices.filter { mask[$0] != 0 }
    self.tag = tag
    guard let low = used.first else {
      // No tag bits: an enum of one case.
      (first, second) = (.always, .always)
      return
    }
    let inFirstWord = used.filter { $0 < low + 8 }
    let rest = used.filter { $0 >= low + 8 }
    guard let firstSpan = TagWindow.span(covering: inFirstWord, size: size) else { return nil }
    first = TagWindow(span: firstSpan, mask: mask, bits: pattern)
    if rest.isEmpty {
      second = .always
    } else {
      guard let secondSpan = TagWindow.span(covering: rest, size: size) else { return nil }
      second = TagWindow(span: secondSpan, mask: mask, bits: pattern)
    }
    guard agreesWithWitness(reader, layout: layout) else { return nil }
  }

  /// Whether every case's values written by the witness over zeros and over ones are read by
  /// `getEnumTag` as that case, and recognised exactly when that case is this one.
  private func agreesWithWitness(_ reader: EnumTagReader, layout: EnumLayout) -> Bool {
    (0..<UInt32(layout.caseCount)).allSatisfy { other in
      [UInt8(0x00), 0xFF].allSatisfy { fill in
        let bytes = reader.injected(tag: other, over: fill, size: layout.size)
        return bytes.withUnsafeBytes { buffer in
          let pointer = buffer.baseAddress.unsafelyUnwrapped
          let recognised = first.matches(pointer) && second.matches(pointer)
          return reader.getTag(pointer, reader.metadata) == other && recognised == (other == tag)
        }
      }
    }
  }
}

/// One load of 1, 2, 4 or 8 bytes from a value, masked and compared with a pattern.
///
/// As narrow as the bits it tests, and aligned to its width where it can be: a value is often
/// copied just before it is tested, in stores of 16 bytes and a last one of its odd bytes, and a
/// load that spans two stores waits for both to reach memory (a store-forwarding stall, tens of
/// cycles), where one inside a single store is served at once (docs/performance.md).
@usableFromInline
struct TagWindow: Sendable {
  @usableFromInline let offset: Int
  /// 1, 2, 4 or 8; 0 for a window that tests nothing.
  @usableFromInline let width: Int
  @usableFromInline let mask: UInt64
  @usableFromInline let bits: UInt64

  /// A window that every value matches.
  static let always = TagWindow(offset: 0, width: 0, mask: 0, bits: 0)

  init(offset: Int, width: Int, mask: UInt64, bits: UInt64) {
    self.offset = offset
    self.width = width
    self.mask = mask
    self.bits = bits
  }

  /// The window over `span` of the bytes of `mask` and `bits` (a value's bytes, in order).
  init(span: (offset: Int, width: Int), mask: [UInt8], bits: [UInt8]) {
    let load = { (bytes: [UInt8]) in
      bytes.withUnsafeBytes {
        Self.load($0.baseAddress.unsafelyUnwrapped, at: span.offset, width: span.width)
      }
    }
    self.init(offset: span.offset, width: span.width, mask: load(mask), bits: load(bits))
  }

  @inlinable
  @inline(__always)
  func matches(_ bytes: UnsafeRawPointer) -> Bool {
    Self.load(bytes, at: offset, width: width) & mask == bits
  }

  /// The `width` bytes at `offset`, as one word of the machine (zero-extended).
  @inlinable
  @inline(__always)
  static func load(_ bytes: UnsafeRawPointer, at offset: Int, width: Int) -> UInt64 {
    // The usual widths first, tested in turn: cheaper than a jump table.
    if width == 1 { return UInt64(bytes.load(fromByteOffset: offset, as: UInt8.self)) }
    if width == 8 { return bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
    if width == 4 { return UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    if width == 2 { return UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }
    return 0
  }

  /// The narrowest load (aligned to its width, if one is) that covers the bytes at `indices`
  /// (sorted, at most eight apart) of a value of `size` bytes; nil if none does.
  static func span(covering indices: [Int], size: Int) -> (offset: Int, width: Int)? {
    guard let low = indices.first, let high = indices.last else { return nil }
    for width in [1, 2, 4, 8] where width <= size && high - low < width {
      let aligned = low - low % width
      if high < aligned + width, aligned + width <= size { return (aligned, width) }
      let start = min(low, size - width)
      if start <= low, high < start + width { return (start, width) }
    }
    return nil
  }
}
