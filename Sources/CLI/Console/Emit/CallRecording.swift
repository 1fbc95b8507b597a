import ActionLog
import Foundation
import Store

/// The console's side of a ``TestEmission``: it sends the calls of the app's logged
/// dependencies through a route that runs them live and, while a recording runs, keeps each
/// answer for the log, and it times the recording on the app's clock.
///
/// ```swift
/// let calls = CallRecording(emission.dependencies)
/// let store = Store(initialState: state, reducer: reducer) { calls.install(in: &$0) }
/// calls.start()   // the recording begins: time 0 on the app's clock
/// recorder.answeredCalls = calls.takeAnswered
/// ```
///
/// A call is logged once its answer comes, in the order answers come; the recorder writes the
/// calls answered so far before each action line, so a call's line always precedes the action
/// its effect sent with the answer. A call whose effect was cancelled is not logged: in the
/// emitted test that effect is cancelled too, and its call never answered.
@usableFromInline
package final class CallRecording: Sendable {
  private struct Inner: Sendable {
    var clock: (any Clock<Duration>)?
    /// Time since the recording began; nil while not recording.
    var elapsed: (@Sendable () -> Duration)?
    var answered: [LoggedCall] = []
    /// The calls answered for the session (its `:why` and page) and not taken yet; nil while
    /// the session does not keep them.
    var kept: [LoggedCall]?
  }

  private let dependencies: [LoggedDependency]
  private let inner = Locked(Inner())

  @usableFromInline
  package init(_ dependencies: [LoggedDependency]) {
    self.dependencies = dependencies
  }

  /// Whether any dependency is logged: whether there are calls to keep.
  package var logsCalls: Bool { !dependencies.isEmpty }

  /// What a recording's log holds with these calls: each action's time, and the calls if any
  /// dependency is logged.
  package var records: LogRecords { dependencies.isEmpty ? [.clock] : [.clock, .calls] }

  /// Routes the logged dependencies in `values` through this recording, and takes the clock
  /// the app's effects use: call it last in the store's `withDependencies`.
  @usableFromInline
  package func install(in values: inout DependencyValues) {
    for dependency in dependencies {
      dependency.route(&values, Route(dependency: dependency.name, recording: self))
    }
    let clock = values.continuousClock
    inner.withLock { $0.clock = clock }
  }

  /// A recording begins: its time 0 is now on the app's clock, and answers are kept from now.
  package func start() {
    inner.withLock { state in
      state.answered = []
      state.elapsed = state.clock.map { Self.stopwatch($0) } ?? Self.stopwatch(ContinuousClock())
    }
  }

  /// From now on, each call answered is also kept for the session, recording or not, until
  /// ``takeKept()`` takes it.
  package func keepForSession() {
    inner.withLock { $0.kept = $0.kept ?? [] }
  }

  /// The calls kept for the session since the last time, oldest answer first.
  package func takeKept() -> [LoggedCall] {
    inner.withLock { state in
      guard let kept = state.kept, !kept.isEmpty else { return [] }
      state.kept = []
      return kept
    }
  }

  /// The recording ended: answers are no longer kept.
  package func stop() {
    inner.withLock { state in
      state.elapsed = nil
      state.answered = []
    }
  }

  /// The time since the recording began, on the app's clock (zero while not recording).
  package func elapsed() -> Duration {
    inner.value.elapsed?() ?? .zero
  }

  /// The calls answered since the last time, oldest answer first.
  package func takeAnswered() -> [LoggedCall] {
    inner.withLock { state in
      defer { state.answered = [] }
      return state.answered
    }
  }

  /// Measures time on `clock` from now.
  private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }

  /// Logs `call` if it was timed by a recording (`timed`) that is still running, and keeps it
  /// for the session if the session keeps calls.
  private func keep(_ call: @autoclosure () -> LoggedCall?, timed: Bool) {
    inner.withLock { state in
      let logs = timed && state.elapsed != nil
      guard logs || state.kept != nil, let call = call() else { return }
      if logs { state.answered.append(call) }
      state.kept?.append(call)
    }
  }

  /// When a call is made: the time since the recording began (nil while not recording), and
  /// whether its answer is wanted at all (by a recording or by the session).
  private func startOfCall() -> (made: Duration?, wanted: Bool) {
    let (elapsed, kept) = inner.withLock { ($0.elapsed, $0.kept != nil) }
    let made = elapsed?()
    return (made, made != nil || kept)
  }

  /// One dependency's calls: run live, answers kept.
  private struct Route: DependencyCallRoute {
    let dependency: String
    let recording: CallRecording

    func call<Input: Encodable & Sendable, Output: Codable & Sendable>(
      _ endpoint: String, input: Input, live: @Sendable () async throws -> Output
    ) async throws -> Output {
      let (made, wanted) = recording.startOfCall()
      guard wanted else { return try await live() }
      let name = "\(dependency).\(endpoint)"
      let effect = RunningEffect.number
      let timed = made != nil
      let encoder = LogStateCoding.encoder()
      let output: Output
      do {
        output = try await live()
      } catch {
        if !(error is CancellationError), !Task.isCancelled {
          recording.keep(
            (try? LogStateCoding.encode(input, with: encoder)).map {
              LoggedCall(
                name: name, effect: effect, clock: made, input: $0,
                answer: .failure("\(error)"))
            }, timed: timed)
        }
        throw error
      }
      if !Task.isCancelled {
        recording.keep(
          (try? LogStateCoding.encode(input, with: encoder)).flatMap { input in
            (try? LogStateCoding.encode(output, with: encoder)).map {
              LoggedCall(
                name: name, effect: effect, clock: made, input: input, answer: .output($0))
            }
          }, timed: timed)
      }
      return output
    }
  }
}
