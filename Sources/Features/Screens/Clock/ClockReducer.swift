import Foundation
import Store

/// The clock screen's rules.
///
/// `reload` starts a cancellable fetch (a newer `reload` cancels the one in flight), `moveDay`
/// moves the day offset, and a time response is applied only if it answers the latest `reload`.
/// No action puts a value outside ``ValueRanges`` into the state, and none traps, whatever its
/// numbers: a time outside the years 0001…9999 is a failure, a move past
/// ``ClockState/maxDayOffset`` is refused, and the request counter wraps past `Int.max`.
///
/// ```swift
/// let store = Store(initialState: ClockState(), reducer: ClockReducer()) { $0.time = .system }
/// ```
public struct ClockReducer: Reducer, Sendable {
  /// Where `reload` gets the time: read by the effect, never by the reducer, so that a replay
  /// (effects off) reads no dependency at all.
  @Dependency(\.time) var time

  /// Identifies the reload effect for cancellation.
  public enum CancelID: Hashable, Sendable { case reload }

  /// A clock reducer fetching from the `\.time` dependency.
  public init() {}

  public func reduce(into state: inout ClockState, action: ClockAction) -> Effect<ClockAction> {
    reduce(into: &state, action: action, buildingEffects: true)
  }

  /// `reduce(into:action:)`, building its effects only when `buildingEffects`: the state
  /// changes the same either way, and a replay, which drops every effect, asks for none (a
  /// `reload`'s fetch, built and dropped, costs more than the rest of the action).
  @inline(__always)
  func reduce(into state: inout ClockState, action: ClockAction, buildingEffects: Bool)
    -> Effect<ClockAction>
  {
    switch action {
    case .reload:
      // A counter, not a quantity: past Int.max it wraps, and answers to older requests still
      // differ from the latest one.
      state.request &+= 1
      state.isLoading = true
      state.failure = nil
      guard buildingEffects else { return .none }
      let request = state.request
      return Effect.fetch {
        try await self.time.now()
      } answer: {
        .timeResponse(request: request, $0)
      }
      .cancellable(id: CancelID.reload, cancelInFlight: true)

    case .moveDay(let days):
      guard ClockReducer.allows(movingBy: days, in: state) else { return .none }
      state.dayOffset += days
      return .none

    case .cancel:
      guard state.isLoading else { return .none }
      state.isLoading = false
      state.failure = "cancelled"
      return buildingEffects ? .cancel(id: CancelID.reload) : .none

    case .timeResponse(let request, let result):
      guard request == state.request, state.isLoading else { return .none }  // stale
      state.isLoading = false
      switch result {
      case .success(let date):
        // The live time clients check the range already; an answer from elsewhere that is out
        // of it is a failure, never a clock in the year 506713.
        if let problem = ValueRanges.problem(instant: date) {
          state.failure = "the time answered \(problem)"
          return .none
        }
        state.anchor = date
        state.dayOffset = 0
      case .failure(let failure):
        state.failure = failure.message
      }
      return .none
    }
  }

  /// Why moving by `days` is refused, or nil when it is allowed.
  public static func rejection(ofMovingBy days: Int, in state: ClockState) -> String? {
    if allows(movingBy: days, in: state) { return nil }
    return "the clock cannot move more than \(ClockState.maxDayOffset) days (1000 years) "
      + "from the loaded time; it is \(state.dayOffset) days away now"
  }

  /// Whether moving by `days` is allowed: ``rejection(ofMovingBy:in:)`` is nil, without putting
  /// a refusal into words.
  static func allows(movingBy days: Int, in state: ClockState) -> Bool {
    let (offset, overflow) = state.dayOffset.addingReportingOverflow(days)
    // `magnitude`, not `abs`: abs(Int.min) traps (found by the display-rules property test).
    return !overflow && offset.magnitude <= ClockState.maxDayOffset.magnitude
  }
}
