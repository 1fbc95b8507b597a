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
final class ScheduleClock: Clock, Sendable {
  /// A moment of the run: how long after its start.
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
  }

  private let sleepers = ParkedWaits<Instant>()
  private let current = Locked(Instant(offset: .zero))

  var now: Instant { current.value }
  var minimumResolution: Duration { .zero }

  /// The activities of the effects sleeping now.
  var sleepingActivities: [EffectActivity] { sleepers.waiting.compactMap(\.activity) }

  /// The distinct deadlines of the sleepers, earliest first. Bound: O(s log s) for s sleepers.
  var deadlines: [Instant] { Set(sleepers.waiting.map(\.tag)).sorted() }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    guard now < deadline else { return try Task.checkCancellation() }
    _ = try await sleepers.wait(tagged: deadline)
  }

  /// The sleepers due first by `deadline`: those of the earliest deadline not after it, in the
  /// order their effects started; empty when none is due. Bound: O(s log s) for s sleepers.
  func dueFirst(by deadline: Instant) -> [ParkedWaits<Instant>.Wait] {
    let due = sleepers.waiting.filter { $0.tag <= deadline }
    guard let first = due.map(\.tag).min() else { return [] }
    return due.filter { $0.tag == first }
  }

  /// Wakes `sleeper`, moving `now` to its deadline.
  func wake(_ sleeper: ParkedWaits<Instant>.Wait) {
    current.withLock { $0 = Swift.max($0, sleeper.tag) }
    sleepers.resume(sleeper, with: .success(()))
  }

  /// Moves `now` to `deadline` once every sleeper due by then is awake.
  func move(to deadline: Instant) {
    current.withLock { $0 = Swift.max($0, deadline) }
  }
}
