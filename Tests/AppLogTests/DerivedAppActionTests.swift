import ActionLog
import AppLog
import Features
import Foundation
import Testing

/// uniflow's actions are `Codable` too: every one of the mixed samples — places, weather
/// reports, dates at the edges of the years, failures with quotes, controls, Korean and emoji, a
/// restored state now and then — writes as Swift that reads back equal, on one line.
@Suite("uniflow's actions as Swift expressions")
struct DerivedAppActionTests {
  @Test("10,000 sampled actions write as one line of Swift each and read back equal")
  func samplesRoundTrip() throws {
    var samples = AppActionSamples(seed: 7)
    for _ in 0..<10_000 {
      guard let action = samples.next() else { break }
      let text = try ValueSyntaxEncoder.encode(action)
      #expect(!text.contains("\n"), "\(text)")
      #expect(try ValueSyntaxDecoder.decode(AppAction.self, from: text) == action, "\(text)")
    }
  }

  @Test("the derived log line of an action reads back as the action")
  func logLines() throws {
    var samples = AppActionSamples(seed: 11)
    for _ in 0..<2_000 {
      guard let action = samples.next() else { break }
      var writer = LogLineWriter()
      writer.begin()
      DerivedAction(action).encode(to: &writer)
      writer.end()
      var line = LogLine()
      line.bytes = Array(writer.bytes.dropLast())
      try line.parse()
      #expect(try DerivedAction<AppAction>(logLine: &line).action == action)
    }
  }
}
