/// A test of an enum value's bytes that says whether it is one case, as a pattern match compiles
/// to: up to two words loaded from the value, masked and compared. Learnt from the enum's own
/// value witnesses, which write each case's tag into a value: the bits they set, whatever the
/// payload, are the case's tag bits.
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
  /// Two windows of eight bytes (or the whole value, if it is shorter) and their masks and
  /// expected bits; the second's mask is zero when one window covers the tag.
  @usableFromInline let firstOffset: Int
  @usableFromInline let firstMask: UInt64
  @usableFromInline let firstBits: UInt64
  @usableFromInline let secondOffset: Int
  @usableFromInline let secondMask: UInt64
  @usableFromInline let secondBits: UInt64

  /// Whether `value` is of the case: its tag bits hold the case's pattern.
  @inlinable
  @inline(__always)
  func matches<Root>(_ value: borrowing Root) -> Bool {
    _withUnprotectedUnsafePointer(to: value) { pointer in
      let bytes = UnsafeRawPointer(pointer)
      return Self.word(bytes, at: firstOffset, size: MemoryLayout<Root>.size) & firstMask
        == firstBits
        && Self.word(bytes, at: secondOffset, size: MemoryLayout<Root>.size) & secondMask
          == secondBits
    }
  }

  /// The eight bytes of a value of `size` bytes at `offset` (at most `size - 8`), or all of
  /// them for a value shorter than a word, as one little-endian-ordered word of the machine.
  @inlinable
  @inline(__always)
  static func word(_ bytes: UnsafeRawPointer, at offset: Int, size: Int) -> UInt64 {
    if size >= 8 { return bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
    var word: UInt64 = 0
    for index in 0..<size {
      word |= UInt64(bytes.load(fromByteOffset: index, as: UInt8.self)) << UInt64(8 * index)
    }
    return word
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
    var windows: [Int] = []
    if size < 8 {
      windows = [0]
    } else if let low = used.first, let high = used.last {
      let first = min(low, size - 8)
      windows = [first]
      if high >= first + 8 { windows.append(min(max(high - 7, first + 8), size - 8)) }
      guard used.allSatisfy({ index in windows.contains { $0 <= index && index < $0 + 8 } })
      else { return nil }
    } else {
      windows = [0]  // No tag bits: an enum of one case.
    }
    func word(_ bytes: [UInt8], at offset: Int) -> UInt64 {
      bytes.withUnsafeBytes { Self.word($0.baseAddress.unsafelyUnwrapped, at: offset, size: size) }
    }
    self.tag = tag
    firstOffset = windows[0]
    firstMask = word(mask, at: windows[0])
    firstBits = word(pattern, at: windows[0])
    secondOffset = windows.count > 1 ? windows[1] : windows[0]
    secondMask = windows.count > 1 ? word(mask, at: windows[1]) : 0
    secondBits = windows.count > 1 ? word(pattern, at: windows[1]) : 0
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
          let size = buffer.count
          let recognised =
            Self.word(pointer, at: firstOffset, size: size) & firstMask == firstBits
            && Self.word(pointer, at: secondOffset, size: size) & secondMask == secondBits
          return reader.getTag(pointer, reader.metadata) == other && recognised == (other == tag)
        }
      }
    }
  }
}
