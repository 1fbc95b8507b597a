import Foundation
import PropertyTesting
import TestSupport
import Testing

@testable import ActionLog

/// The parser's reading of an action line's usual start and end, held to the general grammar:
/// the same fields, or the same refusal in the same words at the same place.
@Suite("Parsing an action line's usual start and end")
struct ParserUsualLineTests {
  /// The fields `text` parses to, as comparable text, or its refusal.
  func outcome(_ text: [UInt8], usual: Bool) -> String {
    var fields: [LogField] = []
    do throws(LogLineError) {
      try text.withUnsafeBufferPointer { (bytes) throws(LogLineError) in
        try FlatJSONParser.parse(bytes, into: &fields, usual: usual)
      }
      return fields.map {
        "\($0.keyStart)-\($0.keyEnd)=\($0.valueStart)-\($0.valueEnd) \($0.kind) "
          + "\($0.keyEscaped) \($0.valueEscaped)"
      }.joined(separator: "; ")
    } catch {
      return "refused at \(error.offset ?? -1): \(error.message)"
    }
  }

  @Test("lines as the recorder writes them parse to the same fields either way")
  func recordedLinesParseTheSame() {
    let lines = [
      #"{"seq":1,"src":"sent","action":"clock.cancel","fp":"6b3b08459aa86e51"}"#,
      #"{"seq":10,"src":"effect","action":"clock.moveDay","days":-3,"fp":"d78204a290337cbf"}"#,
      #"{"seq":0,"src":"sent","action":"dog.show","name":"a\"b","fp":"d78204a290337cbf"}"#,
      #"{"seq":3,"src":"sent","action":"dog.show","name":"초코"}"#,
    ]
    for text in lines {
      let general = outcome(Array(text.utf8), usual: false)
      #expect(outcome(Array(text.utf8), usual: true) == general, "\(text)")
      #expect(!general.hasPrefix("refused"), "\(text)")
    }
  }

  @Test("on mutated lines the usual reading parses to the same fields or the same refusal")
  func mutatedLinesParseTheSame() async {
    await onThreadOfItsOwn {
      var random = SplitMix64(seed: 0x0BAD_5EED)
      func below(_ bound: Int) -> Int { random.below(bound) }
      let bytes: [UInt8] = Array("\"\\,:{}[] \t01-.e9aé\u{1}".utf8)
      let samples = [
        #"{"seq":1,"src":"sent","action":"clock.cancel","fp":"6b3b08459aa86e51"}"#,
        #"{"seq":27,"src":"effect","action":"clock.moveDay","days":-3,"fp":"d78204a290337cbf"}"#,
        #"{"seq":9,"src":"sent","action":"weather.changeLocation","query":"서울","fp":"0000000000000000"}"#,
        #"{"seq":4,"src":"sent","action":"a","fp":"0123456789abcdef"}"#,
      ]
      var refusals = 0
      var parsed = 0
      var disagreements: [String] = []
      for round in 0..<30_000 {
        var text = Array(samples[round % samples.count].utf8)
        for _ in 0..<(1 + below(3)) {
          let at = below(text.count)
          switch below(3) {
          case 0: text.remove(at: at)
          case 1: text.insert(bytes[below(bytes.count)], at: at)
          default: text[at] = bytes[below(bytes.count)]
          }
        }
        let general = outcome(text, usual: false)
        if general.hasPrefix("refused") { refusals += 1 } else { parsed += 1 }
        if outcome(text, usual: true) != general {
          disagreements.append(String(decoding: text, as: UTF8.self))
        }
      }
      #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
      #expect(refusals > 5_000)
      #expect(parsed > 5_000)
    }
  }

  @Test("a 10 MB action line parses to the same fields either way")
  func longLineParsesTheSame() {
    let text = Array(
      (#"{"seq":5,"src":"effect","action":""# + String(repeating: "é", count: 5_000_000)
        + #"","fp":"00000000000000ff"}"#).utf8)
    #expect(text.count > 10_000_000)
    let general = outcome(text, usual: false)
    #expect(general.split(separator: ";").count == 4)
    #expect(outcome(text, usual: true) == general)
  }

  @Test("the usual start's pieces are the bytes of their text, and recorded lines take it")
  func usualPiecesAreTheirText() {
    func word(_ text: String) -> UInt64 { text.utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) } }
    #expect(FlatJSONParser.seqKey == word(#""seq":"#))
    #expect(FlatJSONParser.sourceKey == word(#","src":""#))
    #expect(FlatJSONParser.actionKey == word(#","action"#))
    #expect(FlatJSONParser.actionKeyEnd == word(#"":""#))
    let text = #"{"seq":1,"src":"sent","action":"clock.cancel","fp":"6b3b08459aa86e51"}"#
    Array(text.utf8).withUnsafeBufferPointer { bytes in
      var parser = FlatJSONParser(bytes: bytes, index: 1)
      var fields: [LogField] = []
      #expect(parser.usualStart(into: &fields) && fields.count == 3)
      #expect(parser.usualEnd(into: &fields) && fields.count == 4 && parser.index == bytes.count)
    }
  }
}
