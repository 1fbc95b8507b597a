/// A door an effect waits at until the test opens it, so tests order events without sleeping.
public actor Gate {
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private var arrivals: [CheckedContinuation<Void, Never>] = []

  public init() {}

  /// Suspends until `open()`.
  public func wait() async {
    if isOpen { return }
    await withCheckedContinuation { continuation in
      waiting.append(continuation)
      for arrival in arrivals { arrival.resume() }
      arrivals = []
    }
  }

  /// Returns once somebody is waiting at the gate.
  public func someoneArrived() async {
    if !waiting.isEmpty { return }
    await withCheckedContinuation { arrivals.append($0) }
  }

  public func open() {
    isOpen = true
    for continuation in waiting { continuation.resume() }
    waiting = []
  }
}
