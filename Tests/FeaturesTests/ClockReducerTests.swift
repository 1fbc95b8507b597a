import Features
import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

let seoul = TimeZone(identifier: "Asia/Seoul")!
let newYork = TimeZone(identifier: "America/New_York")!

@MainActor
@Suite("Clock reducer")
struct ClockReducerTests {
  // snippet: clock-test-store
  @Test("reload shows Loading.. and then the time the time client answers")
  func reloadLoadsTheTime() async {
    let store = TestStore(
      initialState: ClockState(timeZone: seoul, dayOffset: 3), reducer: ClockReducer()
    ) {
      $0.time = .constant(fixtureNow)
    }
    await store.send(.reload) {
      $0.isLoading = true
      $0.request = 1
    }
    await store.receive(.timeResponse(request: 1, .success(fixtureNow))) {
      $0.isLoading = false
      $0.anchor = fixtureNow
      $0.dayOffset = 0
    }
    await store.finish()
  }
  // snippet: end

  @Test("a failed reload keeps the shown date and records why")
  func reloadFailure() async {
    let store = TestStore(
      initialState: ClockState(timeZone: seoul, anchor: fixtureNow),
      reducer: ClockReducer()
    ) {
      $0.time = TimeClient { throw FetchFailure(message: "timed out after 5 s") }
    }
    await store.send(.reload) {
      $0.isLoading = true
      $0.request = 1
    }
    await store.receive(
      .timeResponse(request: 1, .failure(FetchFailure(message: "timed out after 5 s")))
    ) {
      $0.isLoading = false
      $0.failure = "timed out after 5 s"
    }
    await store.finish()
    #expect(
      ClockViewModel(state: store.state).text
        == "2026년 11월 29일 12시 45분 · unavailable: timed out after 5 s")
  }

  @Test("an answer to an older reload is stale and ignored")
  func staleResponseIsIgnored() async {
    let store = TestStore(
      initialState: ClockState(timeZone: seoul, anchor: fixtureNow, isLoading: true, request: 2),
      reducer: ClockReducer())
    await store.send(.timeResponse(request: 1, .success(Date(timeIntervalSince1970: 0))))
    await store.send(.timeResponse(request: 2, .success(fixtureNow))) { $0.isLoading = false }
  }

  @Test("a second reload cancels the first, so only the second answers")
  func reloadCancelsReloadInFlight() async {
    let calls = Counter()
    let time = TimeClient {
      let call = await calls.next()
      if call == 1 { try await Task.sleep(for: .seconds(600)) }  // cancelled long before
      return fixtureNow.addingTimeInterval(Double(call))
    }
    let store = TestStore(
      initialState: ClockState(timeZone: seoul), reducer: ClockReducer()
    ) { $0.time = time }
    await store.send(.reload) {
      $0.isLoading = true
      $0.request = 1
    }
    await calls.waitUntil(1)  // the first request is in flight
    await store.send(.reload) { $0.request = 2 }
    await store.receive(.timeResponse(request: 2, .success(fixtureNow.addingTimeInterval(2)))) {
      $0.isLoading = false
      $0.anchor = fixtureNow.addingTimeInterval(2)
    }
    await store.finish()
  }

  @Test("reload with no time client fails the test, naming TimeClient.now")
  func unimplementedTimeClient() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: ClockState(timeZone: seoul), reducer: ClockReducer(),
      reportFailure: failures.reporter)
    store.exhaustivity = .off
    await store.send(.reload)
    await store.finish()
    #expect(failures.messages.count == 1)
    #expect(failures.messages.first?.hasPrefix("Unimplemented dependency 'TimeClient.now'") == true)
  }

  @Test("moveDay moves the shown date by whole days in the clock's zone")
  func moveDayMoves() async {
    let store = TestStore(
      initialState: ClockState(timeZone: seoul, anchor: fixtureNow),
      reducer: ClockReducer())
    await store.send(.moveDay(-1)) { $0.dayOffset = -1 }
    #expect(ClockViewModel(state: store.state).text == "2026년 11월 28일 12시 45분")
    await store.send(.moveDay(366)) { $0.dayOffset = 365 }
    #expect(ClockViewModel(state: store.state).text == "2027년 11월 29일 12시 45분")
  }

  @Test("moveDay beyond 1000 years from the loaded time is refused and changes nothing")
  func moveDayOutOfRange() async {
    let state = ClockState(timeZone: seoul, anchor: fixtureNow, dayOffset: 365_000)
    #expect(
      ClockReducer.rejection(ofMovingBy: 300, in: state)
        == "the clock cannot move more than 365250 days (1000 years) from the loaded time; "
        + "it is 365000 days away now")
    #expect(ClockReducer.rejection(ofMovingBy: Int.max, in: state) != nil)
    #expect(ClockReducer.rejection(ofMovingBy: 250, in: state) == nil)
    let store = TestStore(initialState: state, reducer: ClockReducer())
    await store.send(.moveDay(Int.max))
    await store.send(.moveDay(300))
  }
}

actor Counter {
  private var count = 0
  private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []

  func next() -> Int {
    count += 1
    for (target, waiter) in waiters where target <= count { waiter.resume() }
    waiters.removeAll { $0.0 <= count }
    return count
  }

  /// Returns once `next()` has been called `target` times.
  func waitUntil(_ target: Int) async {
    if count >= target { return }
    await withCheckedContinuation { waiters.append((target, $0)) }
  }
}

@MainActor
@Suite("Cancelling a reload")
struct ClockCancelTests {
  @Test("cancel stops a reload in flight: the screen says so and a late answer is ignored")
  func cancelReload() async {
    let gate = Gate()
    let time = TimeClient {
      await gate.wait()
      return fixtureNow
    }
    let store = TestStore(
      initialState: ClockState(timeZone: seoul, anchor: fixtureNow), reducer: ClockReducer()
    ) { $0.time = time }
    await store.send(.reload) {
      $0.isLoading = true
      $0.request = 1
    }
    await store.send(.cancel) {
      $0.isLoading = false
      $0.failure = "cancelled"
    }
    await gate.open()
    await store.finish()
    await store.send(.timeResponse(request: 1, .success(fixtureNow)))  // stale: no change
  }

  @Test("cancel with nothing loading changes nothing")
  func cancelIdle() async {
    let store = TestStore(
      initialState: ClockState(timeZone: seoul, anchor: fixtureNow),
      reducer: ClockReducer())
    await store.send(.cancel)
  }
}
