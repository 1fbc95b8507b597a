import Foundation

/// At most as many `uniflow` processes at once as the machine has cores, for the tests that
/// start one: run all at once, a 2-core CI machine under the thread sanitizer took over 20 s to
/// show a prompt. Waiting for a slot holds no thread.
///
/// ```swift
/// let result = try await withProcessSlot { try runTheBinary() }
/// ```
///
/// A task that holds a slot and starts another process (a test that records a session, then
/// replays it) reuses its slot, so nested calls cannot deadlock.
public actor ProcessSlots {
  /// The slots every test shares.
  public static let shared = ProcessSlots(
    limit: max(2, ProcessInfo.processInfo.activeProcessorCount))

  /// Whether the current task holds a slot.
  @TaskLocal static var holdsSlot = false

  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(limit: Int) {
    free = limit
  }

  func acquire() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func release() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()  // the slot passes straight to the next in line
    }
  }
}

/// Runs `body` holding one of ``ProcessSlots/shared``'s slots (or the one the task holds).
public func withProcessSlot<Result>(_ body: () async throws -> Result) async rethrows -> Result {
  if ProcessSlots.holdsSlot { return try await body() }
  await ProcessSlots.shared.acquire()
  do {
    let result = try await ProcessSlots.$holdsSlot.withValue(true) { try await body() }
    await ProcessSlots.shared.release()
    return result
  } catch {
    await ProcessSlots.shared.release()
    throw error
  }
}
