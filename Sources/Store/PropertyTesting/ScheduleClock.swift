import Store

/// The clock of one ``EffectProperty`` run: time moves only when the run moves it, and the run
/// wakes the sleepers one at a time, earliest deadline first (at the same deadline, the effect
/// started first), letting each one's effect settle before the next.
///
/// ```swift
/// let clock = ScheduleClock()
/// dependencies.continuousClock = clock
/// _ = clock.wakeNext(dueBy: clock.now.advanced(by: .seconds(1)))
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

  /// Wakes the sleeper due first by `deadline` — at the same deadline, the one whose effect
  /// started first — moving `now` to its deadline; false when none is due. Bound: O(s log s).
  func wakeNext(dueBy deadline: Instant) -> Bool {
    // `waiting` is in start order, and `min` keeps the first of equals.
    guard let next = sleepers.waiting.filter({ $0.tag <= deadline }).min(by: { $0.tag < $1.tag })
    else { return false }
    current.withLock { $0 = Swift.max($0, next.tag) }
    sleepers.resume(next, with: .success(()))
    return true
  }

  /// Moves `now` to `deadline` once every sleeper due by then is awake.
  func move(to deadline: Instant) {
    current.withLock { $0 = Swift.max($0, deadline) }
  }
}
