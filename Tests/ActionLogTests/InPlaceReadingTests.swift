import Foundation
import PropertyTesting
import Store
import TestSupport
import Testing

@testable import ActionLog

/// Every app's action lines are read in place (``LogLine/readInPlace(_:into:)``) through its own
/// `init(logLine:)`, with no reader of its own: what is read so is what parsing reads, and what
/// is not sure is left to the parser.
@Suite("Reading any app's action lines in place")
struct InPlaceReadingTests {
  /// An action of every payload shape a hand-written codec reads: required fields of each kind,
  /// optional ones present or left out, `has` choosing a branch, a field read twice.
  enum Shape: Equatable, Sendable, LoggableAction {
    case plain
    case all(Int, Bool, Double, String, Date)
    case optionals(name: String?, count: Int?, rate: Double?, flag: Bool?, at: Date?, tail: Int)
    case outcome(request: Int, Result<Int, Failure>)
    case twice(Int)

    struct Failure: Error, Equatable { let message: String }

    enum Name: String, CaseIterable, Sendable {
      case plain, all, optionals, outcome
      case twice = "a.twice"
    }
    static let names = LogNames<Name>()

    func encode(to line: inout LogLineWriter) {
      switch self {
      case .plain: line.action(Name.plain)
      case .all(let i, let b, let d, let s, let t):
        line.action(Name.all)
        line.int("i", i)
        line.bool("b", b)
        line.double("d", d)
        line.string("s", s)
        line.date("t", t)
      case .optionals(let name, let count, let rate, let flag, let at, let tail):
        line.action(Name.optionals)
        line.string("name", name)
        line.int("count", count)
        line.double("rate", rate)
        line.bool("flag", flag)
        line.date("at", at)
        line.int("tail", tail)
      case .outcome(let request, .success(let value)):
        line.action(Name.outcome)
        line.int("request", request)
        line.int("ok", value)
      case .outcome(let request, .failure(let failure)):
        line.action(Name.outcome)
        line.int("request", request)
        line.string("error", failure.message)
      case .twice(let value):
        line.action(Name.twice)
        line.int("value", value)
      }
    }

    init(logLine line: inout LogLine) throws(LogLineError) {
      switch try line.action(in: Self.names) {
      case .plain: self = .plain
      case .all:
        self = .all(
          try line.int("i"), try line.bool("b"), try line.double("d"), try line.string("s"),
          try line.date("t"))
      case .optionals:
        self = .optionals(
          name: try line.optionalString("name"), count: try line.optionalInt("count"),
          rate: try line.optionalDouble("rate"), flag: try line.optionalBool("flag"),
          at: try line.optionalDate("at"), tail: try line.int("tail"))
      case .outcome:
        // `has` before the field it asks of, as codecs write it.
        if line.has("error") {
          let request = try line.int("request")
          self = .outcome(request: request, .failure(Failure(message: try line.string("error"))))
        } else {
          self = .outcome(request: try line.int("request"), .success(try line.int("ok")))
        }
      case .twice:
        // A codec that reads one field twice: the parsed line finds it again; in place, the
        // line is left to the parser.
        let value = try line.int("value")
        self = .twice(try line.int("value") == value ? value : -1)
      }
    }
  }

  /// The line of `action` as the recorder writes it, without its newline.
  static func line(_ action: Shape, seq: Int = 3, fingerprint: Bool = true) -> [UInt8] {
    var writer = LogLineWriter()
    writer.begin()
    writer.int("seq", seq)
    writer.string("src", "sent")
    action.encode(to: &writer)
    if fingerprint { writer.hexWord("fp", 0xfeed_0000_beef_0001) }
    writer.end()
    return Array(writer.bytes.dropLast())
  }

  /// What reading in place gives; nil when the line is left to the parser.
  static func inPlace(_ bytes: [UInt8]) -> Shape? {
    bytes.withUnsafeBufferPointer { LogLine.readInPlace($0, as: Shape.self) }
  }

  /// What parsing gives, as the replay decodes a parsed line; nil when the cursor refuses the
  /// line before its action (a bad seq, src or fp).
  static func parsed(_ bytes: [UInt8]) -> Result<Shape, ActionLogError>? {
    var line = LogLine()
    line.bytes = bytes
    do {
      try line.parse()
      _ = try line.int("seq")
      _ = try line.origin()
      _ = try line.hexWord("fp")
    } catch {
      return nil
    }
    return Result { () throws(ActionLogError) -> Shape in
      try LogCursor.decode(&line, path: "s.log", lineNumber: 2)
    }
  }

  static let date = Date(timeIntervalSinceReferenceDate: 816_000_000.25)

  static let samples: [Shape] = [
    .plain, .all(-7, true, 41.25, "서울 \"quoted\"\n", date), .all(0, false, .infinity, "", date),
    .optionals(name: nil, count: nil, rate: nil, flag: nil, at: nil, tail: 1),
    .optionals(name: "a", count: 2, rate: -0.5, flag: false, at: date, tail: 1),
    .optionals(name: nil, count: 9, rate: nil, flag: true, at: nil, tail: 0),
    .outcome(request: 4, .success(12)), .outcome(request: 5, .failure(.init(message: "off"))),
  ]

  @Test("every payload shape is read in place to what parsing reads, with or without an fp")
  func everyShapeIsReadInPlace() throws {
    for action in Self.samples {
      for fingerprint in [true, false] {
        let bytes = Self.line(action, fingerprint: fingerprint)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(Self.inPlace(bytes) == action, "\(text)")
        #expect(try Self.parsed(bytes)?.get() == action, "\(text)")
      }
    }
  }

  @Test("a codec that reads a field twice, or anything unsure, is left to the parser")
  func unsureLinesAreLeft() throws {
    let twice = Self.line(.twice(3))
    #expect(Self.inPlace(twice) == nil)
    #expect(try Self.parsed(twice)?.get() == .twice(3))
    let lines = [
      #"{"seq":3,"src":"sent","action":"all","i":1,"b":true,"d":1,"s":"x","t":0,"extra":1}"#,
      #"{"seq":3,"src":"sent","action":"all","b":true,"i":1,"d":1,"s":"x","t":0}"#,
      #"{"seq":3,"src":"sent","action":"all","i":1,"b":true,"d":1,"s":"x","t":0} "#,
      #"{"seq":3,"src":"sent","action":"all","i":1, "b":true,"d":1,"s":"x","t":0}"#,
      #"{"seq":3,"src":"sent","action":"all","i":1,"b":true,"d":1,"\u0073":"x","t":0}"#,
      #"{"seq":3,"src":"sent","action":"optionals","tail":1,"name":"late"}"#,
      #"{"seq":3,"src":"sent","action":"optionals","count":null,"tail":1}"#,
      #"{"seq":3,"src":"sent","action":"outcome","request":1,"ok":2,"error":"both"}"#,
      #"{"seq":3,"src":"sent","action":"plain","fp":"0123456789abcdef","x":2}"#,
      #"{"seq":3,"src":"sent","fp":"0123456789abcdef","action":"plain"}"#,
      #"{"seq":3,"src":"sent","action":"all","i":1,"b":true,"d":1,"s":"x","t":0,"seq":3}"#,
    ]
    for text in lines {
      #expect(Self.inPlace(Array(text.utf8)) == nil, "\(text)")
    }
  }

  @Test("mutated lines read in place give what parsing gives, or are left to it")
  func mutatedLinesAgree() async {
    await onThreadOfItsOwn {
      var random = SplitMix64(seed: 0x1A_91ACE)
      var readInPlace = 0
      var left = 0
      let alphabet = Array(#"{}[]:,"\ 0123456789-.eEtrufalsn"#.utf8) + [0x00, 0x1F, 0xC3, 0xA9]
      for round in 0..<20_000 {
        var bytes = Self.line(Self.samples[round % Self.samples.count], seq: 3)
        for _ in 0...random.below(3) {
          let at = random.below(bytes.count)
          switch random.below(3) {
          case 0: bytes[at] = alphabet[random.below(alphabet.count)]
          case 1: bytes.insert(alphabet[random.below(alphabet.count)], at: at)
          default: if bytes.count > 2 { bytes.remove(at: at) }
          }
        }
        guard let read = Self.inPlace(bytes) else {
          left += 1
          continue
        }
        readInPlace += 1
        let parsed = Self.parsed(bytes)
        #expect(
          (try? parsed?.get()) == read, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
      }
      #expect(readInPlace > 300)
      #expect(left > 1_000)
    }
  }

  @Test("a 10 MB string and a line of 100× the usual fields are read in place, once each")
  func longLines() throws {
    let long = String(repeating: "서울 \"x\" ", count: 1_000_000)
    let action = Shape.all(1, true, 2.5, long, Self.date)
    #expect(Self.inPlace(Self.line(action)) == action)
    // Optionals absent on a long line: each absence is a scan of the line, not more.
    let wide = Shape.optionals(
      name: String(repeating: "n", count: 5_000_000), count: nil, rate: nil, flag: nil, at: nil,
      tail: 1)
    #expect(Self.inPlace(Self.line(wide)) == wide)
  }
}
