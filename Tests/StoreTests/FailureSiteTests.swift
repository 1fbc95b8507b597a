import Foundation
import Store
import StoreTesting
import TestSupport
import Testing
import XCTest

/// A reducer whose effects misbehave on purpose, so that every assertion path can fail.
struct Misbehaving: Reducer {
  enum Action: Equatable, Sendable { case change, answer, linger, noisy }
  var gate: Gate?

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .change:
      state += 1
      return .none
    case .answer:
      return .none
    case .linger:
      return Self.lingering(gate)
    case .noisy:
      return .send(.answer)
    }
  }

  /// The line of the `.run` in `lingering`, where an end-of-test check reports it.
  static let lingerLine: UInt = #line + 2
  static func lingering(_ gate: Gate?) -> Effect<Action> {
    .run { _ in await gate?.wait() }
  }
}

/// Effects that wait on a clock, written with the time operators, for where they are reported.
struct Waiting: Reducer {
  enum Action: Equatable, Sendable { case debounced, throttled, done }
  let clock: TestClock
  static let debounceLine: UInt = #line + 6
  static let throttleLine: UInt = #line + 8

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .debounced:
      return .send(.done).debounce(id: "d", for: .seconds(1), clock: clock)
    case .throttled:
      state += 1
      return .send(.done).throttle(id: "t", for: .seconds(1), clock: clock, latest: true)
    case .done:
      return .none
    }
  }
}

/// Every assertion helper, made to fail once, with the line it was called on.
@MainActor
enum FailingAssertions {
  /// Runs each failing assertion; returns the lines they were written on, in order.
  static func run(gate: Gate) async -> [UInt] {
    var lines: [UInt] = []
    let store = TestStore(initialState: 0, reducer: Misbehaving(gate: gate))
    store.timeout = .milliseconds(20)
    lines.append(#line + 1)
    await store.send(.change) { $0 = 5 }
    lines.append(#line + 1)
    await store.receive(.answer)
    await store.send(.noisy)
    lines.append(#line + 1)
    await store.finish()
    lines.append(#line + 1)
    await store.skipInFlightEffects()
    lines.append(#line + 1)
    forAll(Gen.int(in: 0...9)) { $0 < 5 }
    lines.append(#line + 2)
    ReducerProperty(Misbehaving(), initialState: 0).action("change") { _ in .just(.change) }
      .invariant("small") { $0 < 3 }.check()
    return lines
  }

  /// A store that goes away with an effect still running: reported at the effect's `.run`.
  static func runDeinit(gate: Gate) async -> UInt {
    let store = TestStore(initialState: 0, reducer: Misbehaving(gate: gate))
    await store.send(.linger)
    return Misbehaving.lingerLine
  }

  /// `finish()` with a `debounce` and a `throttle` still waiting on the clock: each reported at
  /// its own line in the reducer. Returns the lines, in the order the effects started.
  static func runTimed() async -> [UInt] {
    let store = TestStore(initialState: 0, reducer: Waiting(clock: TestClock()))
    store.timeout = .milliseconds(20)
    await store.send(.debounced)
    await store.send(.throttled) { $0 = 1 }
    await store.receive(.done)
    await store.send(.throttled) { $0 = 2 }
    await store.finish()
    return [Waiting.debounceLine, Waiting.throttleLine]
  }
}

@MainActor
@Suite("Failures point at the caller")
struct FailureSiteTests {
  @Test("under Swift Testing, each failing assertion is recorded at its own line and file")
  func swiftTesting() async {
    let gate = Gate()
    let recorded = Locked<[(line: Int, file: String)]>([])
    var expected: [UInt] = []
    await withKnownIssue {
      expected = await FailingAssertions.run(gate: gate)
    } matching: { issue in
      if let location = issue.sourceLocation {
        recorded.withLock { $0.append((location.line, location.fileID)) }
      }
      return true
    }
    #expect(recorded.value.map(\.line) == expected.map { Int($0) })
    #expect(recorded.value.allSatisfy { $0.file == "StoreTests/FailureSiteTests.swift" })
    await gate.open()
  }

  @Test("under Swift Testing, the end-of-test check points at the send that started the effect")
  func swiftTestingDeinit() async {
    let gate = Gate()
    let recorded = Locked<[Int]>([])
    var expected: UInt = 0
    await withKnownIssue {
      expected = await FailingAssertions.runDeinit(gate: gate)
    } matching: { issue in
      recorded.withLock { $0.append(issue.sourceLocation?.line ?? 0) }
      return true
    }
    #expect(recorded.value == [Int(expected)])
    await gate.open()
  }

  @Test("under Swift Testing, finish reports a still-running debounce and throttle at their lines")
  func swiftTestingTimed() async {
    let recorded = Locked<[(line: Int, file: String, message: String)]>([])
    var expected: [UInt] = []
    await withKnownIssue {
      expected = await FailingAssertions.runTimed()
    } matching: { issue in
      recorded.withLock {
        $0.append(
          (
            issue.sourceLocation?.line ?? 0, issue.sourceLocation?.fileID ?? "",
            String(describing: issue.comments)
          ))
      }
      return true
    }
    #expect(recorded.value.map(\.line) == expected.map { Int($0) })
    #expect(recorded.value.allSatisfy { $0.file == "StoreTests/FailureSiteTests.swift" })
    #expect(recorded.value.first?.message.contains("the `debounce` at StoreTests/") == true)
    #expect(recorded.value.last?.message.contains("the `throttle` at StoreTests/") == true)
  }
}

/// The same assertions under XCTest: failures are captured instead of recorded, with the file and
/// line XCTest was given.
final class XCTestFailureSiteTests: XCTestCase {
  private var captured: [(description: String, file: String, line: Int)] = []
  private var isCapturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    guard isCapturing else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      return
    }
    captured.append((description, filePath, lineNumber))
  }

  @MainActor
  func testEachFailingAssertionIsReportedAtItsLineAndFile() async {
    let gate = Gate()
    isCapturing = true
    let expected = await FailingAssertions.run(gate: gate)
    let deinitLine = await FailingAssertions.runDeinit(gate: gate)
    let timedLines = await FailingAssertions.runTimed()
    isCapturing = false
    await gate.open()
    XCTAssertEqual(
      captured.map(\.line), (expected + [deinitLine] + timedLines).map { Int($0) })
    XCTAssertTrue(
      captured.allSatisfy { $0.file.hasSuffix("Tests/StoreTests/FailureSiteTests.swift") },
      "\(captured.map(\.file))")
    XCTAssertEqual(captured.count, 9)
  }
}
