import ActionLog
import AppLog
import Features
import Foundation
import Store
import TestSupport
import Testing

/// The app's action lines read in place (``LogLine/readInPlace(_:as:)``, how replay reads every
/// usual action line) against the same `init(logLine:)` on the parsed line: random actions
/// round-trip through both, and the same mutated lines give the same action or the same
/// refusal, word for word, as replay reads them (in place first, parsed for what it leaves).
@Suite("The app's action lines read in place agree with the parsed ones")
struct AppActionReaderTests {
  /// What reading a line gives: the action written back (NaN-safe and exact), or the refusal.
  enum Outcome: Equatable {
    case action([UInt8])
    case refused(ActionLogError)
  }

  /// A whole action line as the recorder writes it, without its newline.
  static func line(_ action: AppAction, seq: Int = 7) -> [UInt8] {
    var writer = LogLineWriter()
    writer.begin()
    writer.int("seq", seq)
    writer.string("src", "effect")
    action.encode(to: &writer)
    writer.hexWord("fp", 0x0123_4567_89ab_cdef)
    writer.end()
    return Array(writer.bytes.dropLast())
  }

  /// `bytes` parsed, with the log's own fields read as the cursor reads them; nil when the
  /// cursor would refuse the line before its action is decoded.
  static func parsed(_ bytes: [UInt8]) -> LogLine? {
    var line = LogLine()
    line.bytes = bytes
    guard (try? line.parse()) != nil, (try? line.int("seq")) != nil,
      (try? line.origin()) != nil, (try? line.hexWord("fp")) != nil
    else { return nil }
    return line
  }

  /// The action read in place; nil when the line is left to the parser.
  static func fast(_ line: LogLine) -> AppAction? {
    line.bytes.withUnsafeBufferPointer { LogLine.readInPlace($0, as: AppAction.self) }
  }

  /// `init(logLine:)`, as the replay calls it, with its error as the user sees it.
  static func decoded(_ line: LogLine) -> Outcome {
    var line = line
    do throws(ActionLogError) {
      let action: AppAction = try LogCursor.decode(&line, path: "s.log", lineNumber: 3)
      return .action(Self.line(action))
    } catch {
      return .refused(error)
    }
  }

  /// What a replay reads: the action read in place, or `init(logLine:)`'s outcome.
  static func replayed(_ line: LogLine) -> Outcome {
    fast(line).map { .action(Self.line($0)) } ?? decoded(line)
  }

  @Test("every sampled action, of every case, is read in place to the same action")
  func samplesRoundTrip() async throws {
    try await onThreadOfItsOwn {
      var fastReads = 0
      var restored = 0
      for action in AppActionSamples(seed: 2112).prefix(20_000) {
        let bytes = Self.line(action)
        let line = try #require(Self.parsed(bytes))
        if case .restored = action { restored += 1 }
        guard let read = Self.fast(line) else { continue }
        fastReads += 1
        #expect(Self.line(read) == bytes, "\(String(decoding: bytes, as: UTF8.self))")
        #expect(Self.decoded(line) == .action(bytes))
      }
      // All but `restored`, whose state is left to the parser's line.
      #expect(restored > 0)
      #expect(fastReads == 20_000 - restored)
    }
  }

  @Test("random payloads, in range or not, read alike through both, or are left to the parser")
  func randomPayloadsAgree() async throws {
    try await onThreadOfItsOwn {
      var random = SplitMix(seed: 0xAC7_1045)
      var fastReads = 0
      var slowOnly = 0
      for _ in 0..<6_000 {
        let action = RandomAction.make(&random)
        let line = try #require(Self.parsed(Self.line(action)))
        let decoded = Self.decoded(line)
        if let read = Self.fast(line) {
          fastReads += 1
          #expect(decoded == .action(Self.line(read)))
        } else {
          slowOnly += 1
        }
        #expect(Self.replayed(line) == decoded)
      }
      // Out-of-range places, reports and instants go to `init(logLine:)`, which refuses them.
      #expect(fastReads > 2_000)
      #expect(slowOnly > 500)
    }
  }

  @Test("mutated lines give the same action or the same refusal, word for word")
  func mutatedLinesAgree() async {
    await onThreadOfItsOwn {
      var random = SplitMix(seed: 0x11_7E5)
      var fastReads = 0
      var refusals = 0
      var samples = AppActionSamples(seed: 77)
      for round in 0..<8_000 {
        guard let action = round % 2 == 0 ? samples.next() : RandomAction.make(&random) else {
          continue
        }
        var bytes = Self.line(action)
        for _ in 0...random.below(3) { Mutation.apply(&bytes, &random) }
        guard let line = Self.parsed(bytes) else { continue }
        let decoded = Self.decoded(line)
        #expect(
          Self.replayed(line) == decoded,
          "round \(round): \(String(decoding: bytes, as: UTF8.self))")
        if Self.fast(line) != nil { fastReads += 1 }
        if case .refused = decoded { refusals += 1 }
      }
      // Both kinds happen: many mutated lines are read in place (those still of the
      // recorder's exact shape: no space, fields in order), and many are refused.
      #expect(fastReads > 500)
      #expect(refusals > 1_000)
    }
  }
}

/// Random app actions with payloads in range or not, from ``RandomState``'s values.
enum RandomAction {
  static func make(_ random: inout SplitMix) -> AppAction {
    let request = RandomState.int(&random)
    let failure = FetchFailure(message: RandomState.text(&random))
    switch random.below(11) {
    case 0: return .launched(at: RandomState.date(&random))
    case 1: return .clock(.moveDay(RandomState.int(&random)))
    case 2:
      return .clock(
        .timeResponse(
          request: request,
          random.chance(3) ? .failure(failure) : .success(RandomState.date(&random))))
    case 3: return .dog(.show(RandomState.optional(&random, RandomState.text)))
    case 4:
      return .dog(
        .adopt(
          name: RandomState.text(&random), birthday: RandomState.day(&random),
          breed: random.chance(2) ? .pug : .poodle))
    case 5: return .weather(.changeLocation(RandomState.text(&random)))
    case 6, 7:
      let result: Result<Place?, FetchFailure> =
        random.chance(4)
        ? .failure(failure) : .success(random.chance(4) ? nil : RandomState.place(&random))
      return .weather(.geocodeResponse(request: request, result))
    case 8, 9:
      let result: Result<WeatherReport, FetchFailure> =
        random.chance(4) ? .failure(failure) : .success(RandomState.report(&random))
      return .weather(.weatherResponse(request: request, result))
    default:
      return random.chance(2)
        ? .clock(.reload) : random.chance(2) ? .clock(.cancel) : .weather(.cancel)
    }
  }
}
