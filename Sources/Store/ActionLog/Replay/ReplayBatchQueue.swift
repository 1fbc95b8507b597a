import Dispatch
import Store

/// A first-in, first-out queue of at most `capacity` items between one producing and one
/// consuming thread; `close()` ends it from either side.
///
/// The bounded buffer of the textbook: one semaphore counts free places (`put` waits on it),
/// one counts items (`take` waits on it), and the items themselves sit under a lock.
final class BatchQueue<Item: Sendable>: Sendable {
  private struct Contents: Sendable {
    var items: [Item] = []
    var closed = false
  }

  private let contents = Locked(Contents())
  private let places = DispatchSemaphore(value: 0)
  private let filled = DispatchSemaphore(value: 0)

  init(capacity: Int) {
    // Raised from 0 rather than created at `capacity`: libdispatch traps when a semaphore goes
    // away below the value it was created with, as this one does when a replay stops early.
    for _ in 0..<capacity { places.signal() }
  }

  /// Adds `item`, waiting while the queue is full. False if the queue was closed.
  func put(_ item: Item) -> Bool {
    if contents.withLock({ $0.closed }) { return false }
    places.wait()
    let added = contents.withLock { contents in
      guard !contents.closed else { return false }
      contents.items.append(item)
      return true
    }
    if added { filled.signal() }
    return added
  }

  /// The oldest item, waiting while the queue is empty. Nil once it is closed and empty.
  func take() -> Item? {
    if contents.withLock({ $0.closed && $0.items.isEmpty }) { return nil }
    filled.wait()
    let item = contents.withLock { $0.items.isEmpty ? nil : $0.items.removeFirst() }
    if item != nil { places.signal() }
    return item
  }

  /// Ends the queue; a `put` or `take` waiting now wakes and finds it closed.
  func close() {
    contents.withLock { $0.closed = true }
    places.signal()
    filled.signal()
  }

  /// How many items are waiting to be taken.
  var count: Int { contents.withLock { $0.items.count } }
}
