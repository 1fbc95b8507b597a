import Synchronization

/// What a reflective case knows of its case once it has seen one value of it: the tag, and how
/// the payload is read (in place or from a copy with the tag's bits cleared; inline or boxed;
/// or, for a case built by a closure that is not a case's own constructor, with `Mirror`).
///
/// Packed in one word, so that a case shared by threads publishes all of it in one atomic
/// store and reads it in one load: the bits of ``LearnedCase/state`` once it is learnt.
@usableFromInline
struct CaseFacts: Sendable {
  @usableFromInline let bits: UInt64

  @usableFromInline static let learnt: UInt64 = 2 << 62
  @usableFromInline static let reflected: UInt64 = 1 << 32
  @usableFromInline static let boxed: UInt64 = 1 << 33
  @usableFromInline static let projected: UInt64 = 1 << 34
  /// The case's ``TagRecognizer`` tells its values from others' (before it is learnt as after).
  @usableFromInline static let recognized: UInt64 = 1 << 35
  /// Learnt, recognised by one window of bits, and its payload read in place, inline: all of
  /// the case's work is in line with its caller.
  @usableFromInline static let plain: UInt64 = 1 << 36

  @inlinable init(bits: UInt64) { self.bits = bits }

  init(
    tag: UInt32, reflected: Bool, boxed: Bool, needsProjection: Bool, recognized: Bool,
    oneWindow: Bool = false
  ) {
    var bits = Self.learnt | UInt64(tag)
    if recognized { bits |= Self.recognized }
    if recognized, oneWindow, !reflected, !boxed, !needsProjection { bits |= Self.plain }
    if reflected { bits |= Self.reflected }
    if boxed { bits |= Self.boxed }
    if needsProjection { bits |= Self.projected }
    self.bits = bits
  }

  /// The case's tag.
  @inlinable var tag: UInt32 { UInt32(truncatingIfNeeded: bits) }
  /// The payload is read with `Mirror` and a cast.
  @inlinable var isReflected: Bool { bits & Self.reflected != 0 }
  /// The payload is in a heap box (an `indirect` case).
  @inlinable var isBoxed: Bool { bits & Self.boxed != 0 }
  /// The tag's bits overlap the payload's: read from a copy with them cleared.
  @inlinable var needsProjection: Bool { bits & Self.projected != 0 }
}

/// What a reflective ``ActionCase`` knows of its case, shared by every copy of it and by the
/// threads that use them: how to read the enum (``EnumTagReader``); before it has seen a value
/// of its case, the tags that can be its case (those whose payload is laid out as its value;
/// usually one); after, the ``CaseFacts``. The case's extractor captures this object alone, so
/// that calling it passes one reference.
///
/// Why one value must be seen: two cases may carry the same payload type (`child(Mid)`,
/// `other(Mid)`), and a constructor is a closure that cannot be asked which case it builds
/// until it is given a value. The first value of a candidate case is embedded again, and the
/// tag of what comes back is the case's; a value of any other case is rejected by its tag alone,
/// before as after.
///
/// Thread safety, checked by the compiler (no `@unchecked`): the state is one `Atomic` word,
/// and everything else is immutable. Racing first uses each learn the same facts (or facts as
/// true: a case learnt from a value of another case reads its own payloads from a copy, which
/// is always right) and store them whole; a relaxed load suffices, since the word holds all that
/// is read through it.
@usableFromInline
final class LearnedCase: Sendable {
  @usableFromInline let reader: EnumTagReader
  /// `CaseFacts.learnt` and above: the facts. Below, not yet learnt: `reflectedPhase` when no
  /// case's payload is laid out as the value (learnt with `Mirror`); else a mask of the
  /// candidate tags below 32, bit 61 standing for every tag from 32 on. In either phase, the
  /// flags of ``CaseFacts`` (bits 32–36) hold as they do once learnt: `recognized` says
  /// `recognizer` decides which values are of the case.
  @usableFromInline let state: Atomic<UInt64>
  /// The test of a value's bytes for the one candidate case, where the enum's layout allows it.
  @usableFromInline let recognizer: TagRecognizer?
  /// The recogniser's first window, copied here so that the test in line with a router reads
  /// fields of this object and nothing else (one that matches everything without a recogniser).
  @usableFromInline let firstWindow: TagWindow
  /// The recogniser has one window: its first decides.
  @usableFromInline let oneWindow: Bool
  /// The candidate cases: their tags and whether they are `indirect`.
  let candidates: [(tag: UInt32, isIndirect: Bool)]
  /// The case's constructor, its value and result behind pointers: embeds the value at the
  /// first pointer and returns the tag of the result. The constructor as the learning needs it,
  /// without this class being generic.
  let tagOfEmbedding: @Sendable (UnsafeRawPointer) -> UInt32

  @usableFromInline static let reflectedPhase: UInt64 = 1 << 62
  @usableFromInline static let highTags: UInt64 = 1 << 61

  @inlinable
  convenience init<Root, Value>(reader: EnumTagReader, embed: @escaping @Sendable (Value) -> Root) {
    self.init(
      reader: reader, value: Value.self,
      tagOfEmbedding: { reader.tag(of: embed($0.load(as: Value.self))) })
  }

  @usableFromInline
  init<Value>(
    reader: EnumTagReader, value _: Value.Type,
    tagOfEmbedding: @escaping @Sendable (UnsafeRawPointer) -> UInt32
  ) {
    self.reader = reader
    self.tagOfEmbedding = tagOfEmbedding
    var candidates: [(tag: UInt32, isIndirect: Bool)] = []
    for (tag, enumCase) in reader.cases.enumerated() {
      guard let payload = enumCase.payload,
        EnumCaseTable.isLaidOut(payload, as: Value.self)
      else { continue }
      candidates.append((UInt32(tag), enumCase.isIndirect))
    }
    self.candidates = candidates
    let recognizer =
      candidates.count == 1 ? TagRecognizer(tag: candidates[0].tag, reader: reader) : nil
    self.recognizer = recognizer
    firstWindow = recognizer?.first ?? .always
    oneWindow = recognizer?.second.width == 0
    var state: UInt64 = candidates.isEmpty ? Self.reflectedPhase : 0
    for candidate in candidates {
      state |= candidate.tag < 32 ? 1 << UInt64(candidate.tag) : Self.highTags
    }
    if recognizer != nil { state |= CaseFacts.recognized }
    self.state = Atomic(state)
  }

  /// The case without payload that `tag` is: learnt from the start.
  @usableFromInline
  init(reader: EnumTagReader, tag: UInt32) {
    self.reader = reader
    self.tagOfEmbedding = { _ in tag }
    candidates = [(tag, false)]
    let recognizer = TagRecognizer(tag: tag, reader: reader)
    self.recognizer = recognizer
    firstWindow = recognizer?.first ?? .always
    oneWindow = recognizer?.second.width == 0
    state = Atomic(
      CaseFacts(
        tag: tag, reflected: false, boxed: false, needsProjection: false,
        recognized: recognizer != nil, oneWindow: recognizer?.second.width == 0
      ).bits)
  }

  /// The payload of `root` if it is of this case: its tag bits compared with the case's (or its
  /// tag read through the enum's witness, where they cannot be), then the payload loaded from
  /// its bytes. Before the case is learnt, a value of a case that cannot be this one is
  /// rejected as it is after; the first one that can, is learnt from.
  ///
  /// In line: the recogniser's test, which rejects another case's value. Out of line (but
  /// specialised): the rest, so that a router that reads a case in line pays little for it in
  /// registers.
  @inlinable
  @inline(__always)
  func extract<Root, Value>(from root: Root, as _: Value.Type) -> Value? {
    let state = self.state.load(ordering: .relaxed)
    if _fastPath(state & CaseFacts.recognized != 0) {
      let plain = _withUnprotectedUnsafePointer(to: root) { pointer -> Value?? in
        let bytes = UnsafeRawPointer(pointer)
        if !firstWindow.matches(bytes) { return .some(nil) }
        if _fastPath(state & CaseFacts.plain != 0) { return bytes.load(as: Value.self) }
        return nil
      }
      if let plain { return plain }
    }
    return extract(from: root, state: state, as: Value.self)
  }

  /// Whether `root` is of this case, with no payload read where the recogniser decides alone.
  @inlinable
  @inline(__always)
  func contains<Root, Value>(_ root: Root, as _: Value.Type) -> Bool {
    let state = self.state.load(ordering: .relaxed)
    if _fastPath(state & CaseFacts.recognized != 0) {
      let matches = _withUnprotectedUnsafePointer(to: root) {
        firstWindow.matches(UnsafeRawPointer($0))
      }
      if !matches { return false }
      if _fastPath(oneWindow && state >= CaseFacts.learnt) { return true }
    }
    return extract(from: root, state: state, as: Value.self) != nil
  }

  /// ``extract(from:as:)`` for a value the recogniser accepted, or a case without one.
  @inlinable
  @inline(never)
  func extract<Root, Value>(from root: Root, state: UInt64, as _: Value.Type) -> Value? {
    if state & CaseFacts.recognized != 0, let recognizer {
      guard recognizer.matches(root) else { return nil }
      if _fastPath(state >= CaseFacts.learnt) {
        return reader.payload(of: root, CaseFacts(bits: state), as: Value.self)
      }
      return learn(from: root, tag: recognizer.tag, as: Value.self)
    }
    let tag = reader.tag(of: root)
    if state >= CaseFacts.learnt {
      let facts = CaseFacts(bits: state)
      guard tag == facts.tag else { return nil }
      if _slowPath(facts.isReflected) {
        return EnumTagReader.reflectedPayload(of: root, as: Value.self)
      }
      return reader.payload(of: root, facts, as: Value.self)
    }
    if state < Self.reflectedPhase {
      let candidate =
        tag < 32 ? state & (1 << UInt64(tag)) != 0 : state & Self.highTags != 0
      if !candidate { return nil }
    }
    return learn(from: root, tag: tag, as: Value.self)
  }

  /// The first value of a case that may be this one: its payload read, embedded again, and the
  /// case learnt from what comes back. Returns the payload if `root` is of this case.
  @usableFromInline
  @inline(never)
  func learn<Root, Value>(from root: Root, tag: UInt32, as _: Value.Type) -> Value? {
    let state = self.state.load(ordering: .relaxed)
    if state >= CaseFacts.learnt {
      // Another thread learnt it meanwhile.
      let facts = CaseFacts(bits: state)
      guard facts.tag == tag else { return nil }
      return facts.isReflected
        ? EnumTagReader.reflectedPayload(of: root, as: Value.self)
        : reader.payload(of: root, facts, as: Value.self)
    }
    if state >= Self.reflectedPhase {
      guard let value = EnumTagReader.reflectedPayload(of: root, as: Value.self) else {
        return nil
      }
      let embedded = withUnsafePointer(to: value) { tagOfEmbedding(UnsafeRawPointer($0)) }
      publish(tag: embedded, reflected: true, boxed: false, needsProjection: false)
      return embedded == tag ? value : nil
    }
    guard let candidate = candidates.first(where: { $0.tag == tag }) else { return nil }
    let needsProjection = reader.needsProjection(
      root, boxed: candidate.isIndirect, payloadSize: MemoryLayout<Value>.size)
    let facts = CaseFacts(
      tag: tag, reflected: false, boxed: candidate.isIndirect, needsProjection: needsProjection,
      recognized: false)
    let value = reader.payload(of: root, facts, as: Value.self)
    let embedded = withUnsafePointer(to: value) { tagOfEmbedding(UnsafeRawPointer($0)) }
    if embedded == tag {
      publish(
        tag: tag, reflected: false, boxed: candidate.isIndirect, needsProjection: needsProjection)
      return value
    }
    // `embed` is not this case's constructor: it builds another case.
    if let other = candidates.first(where: { $0.tag == embedded }) {
      publish(tag: embedded, reflected: false, boxed: other.isIndirect, needsProjection: true)
    } else {
      publish(tag: embedded, reflected: true, boxed: false, needsProjection: false)
    }
    return nil
  }

  private func publish(tag: UInt32, reflected: Bool, boxed: Bool, needsProjection: Bool) {
    let facts = CaseFacts(
      tag: tag, reflected: reflected, boxed: boxed, needsProjection: needsProjection,
      recognized: !reflected && recognizer?.tag == tag, oneWindow: oneWindow)
    state.store(facts.bits, ordering: .relaxed)
  }
}

/// An extractor built from `embed` alone, as CasePaths 0.x did, that costs what a pattern match
/// costs once it has seen one value of its case (see ``LearnedCase/extract(from:as:)``): no
/// `Mirror`, no type looked up by name, no allocation. A value of another case is rejected by
/// its tag alone, whether or not the case has been learnt.
@inlinable
func reflectiveExtract<Root, Value>(_ learned: LearnedCase) -> @Sendable (Root) -> Value? {
  { root in learned.extract(from: root, as: Value.self) }
}
