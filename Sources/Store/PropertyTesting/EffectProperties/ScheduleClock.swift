import Store

/// The clock of one ``EffectProperty`` run: time moves only when the run moves it, and the run
/// wakes the sleepers one at a time, earliest deadline first (at the same deadline, in an order
/// it draws), letting each one's effect settle before the next.
///
/// ```swift
/// let clock = ScheduleClock()
/// dependencies.continuousClock = clock
/// if let first = clock.dueFirst(by: clock.now.advanced(by: .seconds(1))).first { clock.wake(first) }
/// ```
@usableFromInline
final class ScheduleClock: Clock, Sendable {
  /// A moment of the run: how long after its start.
  @usableFromInline
  struct Instant: InstantProtocol {
    @usableFromInline var offset: Duration

    @usableFromInline
    init(offset: Duration) {
      self.offset = offset
    }

    @usableFromInline
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    @usableFromInline
    func duration(to other: Instant) -> Duration { other.offset - offset }
    @usableFromInline
    static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
  }

  /// A sleeper: an effect waiting for a deadline.
  @usableFromInline
  typealias Sleeper = ParkedWaits<Instant>.Wait

  private let sleepers = ParkedWaits<Instant>()
  private let current = Locked(Instant(offset: .zero))

  @usableFromInline
  var now: Instant { current.value }
  @usableFromInline
  var minimumResolution: Duration { .zero }

  /// The effects sleeping now, in the order they started.
  var sleeping: [Sleeper] { sleepers.waiting }

  /// The distinct deadlines of the sleepers, earliest first. Bound: O(s log s) for s sleepers.
  @usableFromInline
  var deadlines: [Instant] {
    let waiting = sleepers.waiting
    return waiting.isEmpty ? [] : Set(waiting.map(\.tag)).sorted()
  }

  @usableFromInline
  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    guard now < deadline else { return try Task.checkCancellation() }
    _ = try await sleepers.wait(tagged: deadline)
  }

  /// The sleepers due first by `deadline`: those of the earliest deadline not after it, in the
  /// order their effects started; empty when none is due. Bound: O(s log s) for s sleepers.
  @usableFromInline
  func dueFirst(by deadline: Instant) -> [Sleeper] {
    let due = sleepers.waiting.filter { $0.tag <= deadline }
    guard let first = due.map(\.tag).min() else { return [] }
    return due.filter { $0.tag == first }
  }

  /// Wakes `sleeper`, moving `now` to its deadline.
  @usableFromInline
  func wake(_ sleeper: Sleeper) {
    current.withLock { $0 = Swift.max($0, sleeper.tag) }
    sleepers.resume(sleeper, with: .success(()))
  }

  /// Moves `now` to `deadline` once every sleeper due by then is awake.
  @usableFromInline
  func move(to deadline: Instant) {
    current.withLock { $0 = Swift.max($0, deadline) }
  }
}
