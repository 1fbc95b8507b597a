import Foundation
import Store

extension EffectProperty {
  /// Runs the check and reports a failure — the simplest failing schedule as a `TestStore`
  /// test, the seed and a replay token — to `reportFailure`. The `StoreTesting` module has a
  /// version that reports to XCTest or Swift Testing.
  ///
  /// ```swift
  /// await property.check(.seed(7), reportFailure: { failure in print(failure.message) })
  /// ```
  ///
  /// Runs take place on the main actor, one after another, each on a fresh store; the search and
  /// the shrinker wait for them on a thread of their own, so the main actor stays free. Each
  /// check tracks its effects in a scope of its own, so checks running at the same time — in
  /// parallel tests, or in one — never wait for each other's effects.
  @MainActor
  @discardableResult
  public func check(
    _ settings: PropertySettings = PropertySettings(), fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    function: String = #function, reportFailure: FailureReporter
  ) async -> PropertyResult<Run> {
    precondition(!rules.isEmpty, "an EffectProperty needs at least one action")
    let base = DependencyValues.current
    let parts = EffectTestParts(
      reducer: reducerCode ?? swiftSource(reducer), reducerType: sourceTypeName(R.self),
      initialState: initialStateCode,
      dependencies: controlled.map { ($0.name, $0.valueType, $0.code) },
      prepare: prepareCode)
    let bridge = TrialBridge<Run>()
    let engine = PropertyEngine<Run>(generate: bridge.perform) { $0.failure }
    let search = SearchThread {
      engine.check(
        settings, site: "\(fileID) \(function)",
        noun: "schedule, as a TestStore test (in an async test on the main actor)"
      ) { run in
        run.swiftCode(parts)
      }
    }
    search.start(then: bridge.finish)
    let scope = "EffectProperty check \(EffectCheckNumbers.next())"
    for await job in bridge.jobs {
      do {
        let run = try await ActivityRegistry.$toolScope.withValue(scope) {
          try await runner(self, job.draws, base)
        }
        job.finish(.success(run))
      } catch {
        job.finish(.failure(error))
      }
    }
    let result = search.result!
    if let message = result.message {
      reportFailure(
        TestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return result
  }
}

/// Numbers the checks of the process, for their effect-tracking scopes.
enum EffectCheckNumbers {
  private static let last = Locked<UInt64>(0)

  static func next() -> UInt64 {
    last.withLock { number in
      number += 1
      return number
    }
  }
}

/// Carries runs from the search's thread, which must wait for each synchronously, to the main
/// actor, which runs them.
final class TrialBridge<Run>: Sendable {
  /// One run asked for: the draws to make it from, and its outcome once made.
  ///
  /// Why `@unchecked Sendable` is safe (check it against `perform` and `check` alone): the job's
  /// two mutable parts, the `Draws` object behind `draws` and `outcome`, have one owner at a
  /// time, and each hand-over goes through a lock.
  /// - The search thread makes the job in `perform`, and after `continuation.yield` touches only
  ///   `wait()`: the stream's internal lock orders its last use of `draws` before the main
  ///   actor's first (the main actor receives the job from the same stream).
  /// - The main actor uses `draws` only in `check`'s loop, between receiving the job and
  ///   calling `finish`, and never after: `finish` is its last access.
  /// - `outcome` is written by `finish` and read by `wait` only under `condition`, so the search
  ///   thread, when `wait` returns, sees the outcome and everything the run did to `draws`.
  final class Job: @unchecked Sendable {
    let draws: Draws
    private var outcome: Result<Run, any Error>?
    private let condition = NSCondition()

    init(draws: Draws) {
      self.draws = draws
    }

    func finish(_ outcome: Result<Run, any Error>) {
      condition.lock()
      self.outcome = outcome
      condition.signal()
      condition.unlock()
    }

    func wait() -> Result<Run, any Error> {
      condition.lock()
      defer { condition.unlock() }
      while outcome == nil { condition.wait() }
      return outcome!
    }
  }

  let jobs: AsyncStream<Job>
  private let continuation: AsyncStream<Job>.Continuation

  init() {
    (jobs, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
  }

  /// The search's side: has the main actor make a run from `draws`, and waits for it.
  func perform(_ draws: Draws) throws -> Run {
    let job = Job(draws: draws)
    continuation.yield(job)
    return try job.wait().get()
  }

  /// The search has ended: no more runs.
  func finish() {
    continuation.finish()
  }
}

/// A property search on a thread of its own, so that it can wait for each run synchronously.
///
/// Why `@unchecked Sendable` is safe (check it against `check` alone, its one caller): `start`
/// is called once; `body` runs and `result` is written on the new thread only, before it calls
/// `done`, which is `TrialBridge.finish`, i.e. `AsyncStream.Continuation.finish()` (taken under
/// the stream's lock). The caller reads `result` only after its `for await` over that stream
/// has ended, which it learns under the same lock: the write happens before the read, and
/// nothing touches either afterwards.
final class SearchThread<Value>: @unchecked Sendable {
  private let body: () -> Value
  private(set) var result: Value?

  init(_ body: @escaping () -> Value) {
    self.body = body
  }

  func start(then done: @escaping @Sendable () -> Void) {
    let thread = Thread { [self] in
      result = body()
      done()
    }
    thread.stackSize = 8 << 20  // the shrinker recurses through generators
    thread.start()
  }
}
