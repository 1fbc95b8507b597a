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
      let gate = self.gate
      return .run { _ in await gate?.wait() }
    case .noisy:
      return .send(.answer)
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

  /// A store that goes away with an effect still running: reported at the `send`.
  static func runDeinit(gate: Gate) async -> UInt {
    let store = TestStore(initialState: 0, reducer: Misbehaving(gate: gate))
    let line: UInt = #line + 1
    await store.send(.linger)
    return line
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
    isCapturing = false
    await gate.open()
    XCTAssertEqual(captured.map(\.line), (expected + [deinitLine]).map { Int($0) })
    XCTAssertTrue(
      captured.allSatisfy { $0.file.hasSuffix("Tests/StoreTests/FailureSiteTests.swift") },
      "\(captured.map(\.file))")
    XCTAssertEqual(captured.count, 7)
  }
}
