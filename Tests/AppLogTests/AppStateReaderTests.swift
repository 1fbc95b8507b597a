import ActionLog
import AppLog
import Features
import Foundation
import Store
import TestSupport
import Testing

/// The app's own state reader (``LogStateReadable``, used by replay for every snapshot and
/// checkpoint) against `Codable`: random states round-trip through both, and the same mutated
/// lines give both the same state or the same refusal.
@Suite("The app's state reader agrees with Codable")
struct AppStateReaderTests {
  /// What reading `json` gives: the state written back (NaN-safe and exact), or the refusal.
  enum Outcome: Equatable {
    case state([UInt8])
    case refused(LogStateError)
  }

  static func outcome(_ json: [UInt8], codableOnly: Bool) -> Outcome {
    do throws(LogStateError) {
      let decoder = LogStateCoding.decoder()
      let state =
        codableOnly
        ? try LogStateCoding.decodeWithCodable(AppState.self, from: json, with: decoder)
        : try LogStateCoding.decode(AppState.self, from: json, with: decoder)
      return .state(encoded(state))
    } catch {
      return .refused(error)
    }
  }

  /// `state` as a log writes it (empty if it cannot be written, which no state here is).
  static func encoded(_ state: AppState) -> [UInt8] {
    (try? LogStateCoding.encode(state, with: LogStateCoding.encoder())) ?? []
  }

  @Test("every state the app reaches is read by its own reader, to the state Codable reads")
  func reachedStatesRoundTrip() async {
    await onThreadOfItsOwn {
      let reducer = AppReducer()
      var samples = AppActionSamples(seed: 21)
      var state = AppState(timeZone: TimeZone(identifier: "Asia/Seoul")!)
      for _ in 0..<3_000 {
        guard let action = samples.next() else { break }
        _ = reducer.reduce(into: &state, action: action)
        let json = Self.encoded(state)
        let read = AppState.read(json: json)
        #expect(read == state)
        #expect(Self.outcome(json, codableOnly: false) == Self.outcome(json, codableOnly: true))
      }
    }
  }

  @Test("random states, in range or not, read alike through both, or are refused alike")
  func randomStatesAgree() async {
    await onThreadOfItsOwn {
      var random = SplitMix(seed: 0x5EED)
      var fastReads = 0
      for _ in 0..<2_000 {
        let state = RandomState.make(&random)
        let json = Self.encoded(state)
        // Every state the encoder writes is one the reader reads back whole.
        let read = AppState.read(json: json)
        #expect(
          read.map { String(decoding: Self.encoded($0), as: UTF8.self) }
            == String(decoding: json, as: UTF8.self))
        if read != nil { fastReads += 1 }
        #expect(Self.outcome(json, codableOnly: false) == Self.outcome(json, codableOnly: true))
      }
      #expect(fastReads == 2_000)
    }
  }

  @Test("mutated lines give the same state or the same refusal through both readers")
  func mutatedLinesAgree() async {
    await onThreadOfItsOwn {
      var random = SplitMix(seed: 0xBAD_11E5)
      var fastReads = 0
      var refusals = 0
      for round in 0..<4_000 {
        var json = Self.encoded(RandomState.make(&random))
        for _ in 0...random.below(3) { Mutation.apply(&json, &random) }
        let fast = Self.outcome(json, codableOnly: false)
        let codable = Self.outcome(json, codableOnly: true)
        #expect(fast == codable, "round \(round): \(String(decoding: json, as: UTF8.self))")
        if AppState.read(json: json) != nil { fastReads += 1 }
        if case .refused = codable { refusals += 1 }
      }
      // Both kinds happen: the reader reads many mutated lines itself, and many are refused.
      #expect(fastReads > 500)
      #expect(refusals > 500)
    }
  }

  @Test("a state with 100 × the usual dogs is read whole by the app's reader")
  func manyDogs() {
    var state = AppState(timeZone: .gmt)
    let day = CalendarDay(year: 2020, month: 2, day: 29)!
    for index in 0..<300 {
      state.dog.dogs.append(Dog(name: "dog\(index)", birthday: day, breed: .pug, imageName: "p"))
    }
    state.dog.selectedName = "dog299"
    let read = AppState.read(json: Self.encoded(state))
    #expect(read?.dog.dogs.count == 300)
    #expect(read == state)
  }

  @Test("escaped zones, dates, days and breeds read as their plain text does, zone cache or not")
  func escapedText() {
    var state = AppState(timeZone: .gmt)
    let day = CalendarDay(year: 2020, month: 2, day: 29)!
    state.dog.dogs.append(Dog(name: "rex", birthday: day, breed: .pug, imageName: "pug.jpeg"))
    let json = String(decoding: Self.encoded(state), as: UTF8.self)
    let escaped = json.replacingOccurrences(of: #""GMT""#, with: #""G\u004DT""#)
      .replacingOccurrences(of: #""pug""#, with: #""p\u0075g""#)
      .replacingOccurrences(of: #""2020-02-29""#, with: #""2020\u002D02-29""#)
      .replacingOccurrences(of: #""1970-01-01T"#, with: #""1970\u002D01-01T"#)
    #expect(escaped.components(separatedBy: "\\u00").count == 5)
    for text in [json, escaped, json] {
      let bytes = Array(text.utf8)
      #expect(AppState.read(json: bytes) == state, "\(text)")
      #expect(Self.outcome(bytes, codableOnly: false) == Self.outcome(bytes, codableOnly: true))
    }
    var seoul = state
    seoul.clock.timeZone = TimeZone(identifier: "Asia/Seoul")!
    #expect(AppState.read(json: Self.encoded(seoul)) == seoul, "another zone after GMT")
    #expect(AppState.read(json: Array(json.utf8)) == state, "and back")
  }

  @Test("what the reader leaves to Codable: unknown, repeated and oddly written fields")
  func leftToCodable() {
    let json = String(decoding: Self.encoded(AppState(timeZone: .gmt)), as: UTF8.self)
    let variants = [
      json.replacingOccurrences(of: #""dayOffset":0"#, with: #""dayOffset":0.0"#),
      json.replacingOccurrences(of: #""dayOffset":0"#, with: #""dayOffset":-0"#),
      json.replacingOccurrences(of: #""request":0,"status""#, with: #""request":0,"x":1,"status""#),
      json.replacingOccurrences(
        of: #""request":0,"status""#, with: #""request":0,"request":1,"status""#),
      json.replacingOccurrences(of: #"{"idle":{}}"#, with: #"{"idle":{},"notFound":{}}"#),
      json.replacingOccurrences(of: #""GMT""#, with: #""Nowhere/Atlantis""#),
      json + "x",
    ]
    for variant in variants {
      let bytes = Array(variant.utf8)
      #expect(AppState.read(json: bytes) == nil, "\(variant)")
      #expect(Self.outcome(bytes, codableOnly: false) == Self.outcome(bytes, codableOnly: true))
    }
  }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// 0..<bound.
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  mutating func element<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

  mutating func chance(_ oneIn: Int) -> Bool { below(oneIn) == 0 }
}
