import Store

/// A call of an ``EffectProperty`` run, as the waiting lists order it: by the order its effect
/// started, then by its number.
@usableFromInline
struct CallKey: Equatable, Comparable, Sendable {
  @usableFromInline let order: UInt64
  @usableFromInline let number: UInt64

  @usableFromInline
  init(_ wait: ScheduledCalls.Wait) {
    order = wait.order
    number = wait.number
  }

  @usableFromInline
  static func < (a: CallKey, b: CallKey) -> Bool { (a.order, a.number) < (b.order, b.number) }
}

/// What one drawn step of an ``EffectProperty`` run did with the calls it waits for: enough to
/// write the same schedule with a step deleted, or two answers traded, while every other answer
/// still goes to the same call (``scheduleRewrites(_:_:)``).
@usableFromInline
struct ScheduleStep {
  /// The step's choices.
  @usableFromInline var range: Range<Int> = 0..<0
  /// The calls waiting when it began, in order.
  @usableFromInline var waiting: [CallKey] = []
  /// For an answer: where its choice of call lies (none is recorded when one call waits), the
  /// choices of the answer itself, and the call it answered.
  @usableFromInline var callChoice: Int?
  @usableFromInline var answerRange: Range<Int> = 0..<0
  @usableFromInline var answered: CallKey?
  /// The numbers of the calls made while it ran and settled.
  @usableFromInline var made: Range<UInt64> = 0..<0

  @usableFromInline
  init() {}
}

extension Draws {
  /// Proposes, for a failing run whose drawn steps are `steps`, schedules that keep every
  /// answer on the same call (``Shrinker/tryRewrites()`` tries them): a step deleted with the
  /// answers to the calls it made; an answer deleted, its call left to the settling; and two
  /// answers traded, each call answered in the other's place — the earlier orders of the same
  /// calls. Deleting or reordering steps by their choices alone makes later answers pick other
  /// calls (an answer picks among the calls waiting then), and the failure is lost.
  ///
  /// Only for schedules with two drawn answers or more, where an answer's call depends on the
  /// others. Bound: O(s) deletions and O(s) trades (each answer with the next three), each
  /// written in O(s · w) for s steps and w waiting calls.
  @usableFromInline
  func suggestScheduleRewrites(_ steps: [ScheduleStep]) {
    for rewrite in scheduleRewrites(steps, choices.map(\.index)) {
      suggest(rewrite.indices, for: rewrite.range, late: true)
    }
  }
}

/// The rewrites of ``Draws/suggestScheduleRewrites(_:)`` for `steps`, whose choices are in
/// `indices`.
func scheduleRewrites(_ steps: [ScheduleStep], _ indices: [UInt64]) -> [Rewrite] {
  // With one drawn answer at most, no answer's call depends on another's: the plain deletions
  // of the shrinker do as well.
  guard let end = steps.last?.range.upperBound, end <= indices.count,
    steps.count(where: { $0.answered != nil }) >= 2
  else { return [] }
  var rewrites: [Rewrite] = []
  for index in steps.indices {
    for keeping in [false, true] {
      if let rewrite = deleting(index, steps, indices, end: end, keepingAnswers: keeping) {
        rewrites.append(rewrite)
      }
    }
  }
  let answers = steps.indices.filter { steps[$0].answered != nil }
  for (offset, first) in answers.enumerated() {
    for second in answers.dropFirst(offset + 1).prefix(3) {
      if let rewrite = trading(first, second, steps, indices, end: end) {
        rewrites.append(rewrite)
      }
    }
  }
  return rewrites
}

/// The schedule without step `index`, the answers to the calls it made (and to the calls those
/// made), and, for an answer, with its call still waiting for the later answers. With
/// `keepingAnswers`, the answers to the calls step `index` made stay, each on the call now at
/// its place in the waiting list (or the last one): another call of the same dependency, which
/// often fails the same way (a rename's save standing in for a deleted rename's).
private func deleting(
  _ index: Int, _ steps: [ScheduleStep], _ indices: [UInt64], end: Int, keepingAnswers: Bool
) -> Rewrite? {
  var dropped: Set<Int> = [index]
  var droppedCalls = Set(steps[index].made)
  if keepingAnswers {
    guard !droppedCalls.isEmpty else { return nil }
    return keeping(index, droppedCalls, steps, indices, end: end)
  }
  var growing = true
  while growing {
    growing = false
    for later in steps.indices where later > index && !dropped.contains(later) {
      if let call = steps[later].answered, droppedCalls.contains(call.number) {
        dropped.insert(later)
        droppedCalls.formUnion(steps[later].made)
        growing = true
      }
    }
  }
  let restored = steps[index].answered
  var block: [UInt64] = []
  for later in index..<steps.count where !dropped.contains(later) {
    var waiting = steps[later].waiting.filter { !droppedCalls.contains($0.number) }
    if let restored, !waiting.contains(restored) {
      waiting.insert(restored, at: waiting.firstIndex { restored < $0 } ?? waiting.count)
    }
    guard
      let encoded = encode(
        steps[later], answering: steps[later].answered, with: steps[later],
        among: waiting, indices)
    else { return nil }
    block += encoded
  }
  return Rewrite(range: steps[index].range.lowerBound..<end, indices: block)
}

/// The schedule without step `index`, whose calls `gone` are answered by the later answer
/// steps that answered them, each now answering the call at the same place in its waiting list
/// (the last, past its end).
private func keeping(
  _ index: Int, _ gone: Set<UInt64>, _ steps: [ScheduleStep], _ indices: [UInt64], end: Int
) -> Rewrite? {
  var block: [UInt64] = []
  var answered: Set<UInt64> = []
  for later in index + 1..<steps.count {
    let step = steps[later]
    let waiting = step.waiting.filter { !gone.contains($0.number) && !answered.contains($0.number) }
    var call = step.answered
    if let original = call, gone.contains(original.number) {
      guard !waiting.isEmpty, let place = step.waiting.firstIndex(of: original) else { return nil }
      call = waiting[Swift.min(place, waiting.count - 1)]
    }
    if let call { answered.insert(call.number) }
    guard let encoded = encode(step, answering: call, with: step, among: waiting, indices) else {
      return nil
    }
    block += encoded
  }
  return Rewrite(range: steps[index].range.lowerBound..<end, indices: block)
}

/// The schedule with answers `first` and `second` traded: `first`'s place answers `second`'s
/// call with `second`'s answer, and the other way round.
private func trading(
  _ first: Int, _ second: Int, _ steps: [ScheduleStep], _ indices: [UInt64], end: Int
)
  -> Rewrite?
{
  guard let a = steps[first].answered, let b = steps[second].answered,
    steps[first].waiting.contains(b)
  else { return nil }
  // The calls made after `first`'s answer would now come after `second`'s: no answer between
  // them may be to one of those.
  let madeByFirst = Set(steps[first].made)
  guard
    !steps[(first + 1)..<second].contains(where: {
      $0.answered.map { madeByFirst.contains($0.number) } ?? false
    })
  else { return nil }
  var block: [UInt64] = []
  for index in first..<steps.count {
    let step = steps[index]
    var waiting = step.waiting
    var call = step.answered
    var answer = step
    if index == first {
      call = b
      answer = steps[second]
    } else if index <= second {
      waiting.removeAll { $0 == b }
      waiting.insert(a, at: waiting.firstIndex { a < $0 } ?? waiting.count)
      if index == second {
        call = a
        answer = steps[first]
      }
    }
    guard let encoded = encode(step, answering: call, with: answer, among: waiting, indices) else {
      return nil
    }
    block += encoded
  }
  return Rewrite(range: steps[first].range.lowerBound..<end, indices: block)
}

/// The choices of `step`, answering `call` among `waiting` with the answer of `source`; nil
/// when the call is not waiting there.
private func encode(
  _ step: ScheduleStep, answering call: CallKey?, with source: ScheduleStep,
  among waiting: [CallKey], _ indices: [UInt64]
) -> [UInt64]? {
  guard let choice = step.callChoice, let call else { return Array(indices[step.range]) }
  guard let position = waiting.firstIndex(of: call) else { return nil }
  // Among one waiting call the run records no choice.
  return Array(indices[step.range.lowerBound..<choice])
    + (waiting.count > 1 ? [UInt64(position)] : [])
    + indices[source.answerRange] + indices[step.answerRange.upperBound..<step.range.upperBound]
}
