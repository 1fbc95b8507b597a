import AppLog
import Features
import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

@Suite("App actions in the action log")
struct AppActionLogTests {
  /// The action's fields as its log line carries them (without seq and src).
  func encoded(_ action: AppAction) -> String {
    var writer = LogLineWriter()
    writer.begin()
    action.encode(to: &writer)
    writer.end()
    return String(decoding: writer.bytes.dropLast(), as: UTF8.self)
  }

  func decoded(_ text: String) throws -> AppAction {
    var line = LogLine()
    line.bytes = Array(text.utf8)
    try line.parse()
    let action = try AppAction(logLine: &line)
    if let unused = line.unusedField() { throw unused }
    return action
  }

  @Test(
    "each case has a stable, readable encoding",
    arguments: [
      (AppAction.launched(at: fixtureNow), #"{"action":"launched","at":"2026-11-29T03:45:12Z"}"#),
      (.clock(.reload), #"{"action":"clock.reload"}"#),
      (.clock(.moveDay(-3)), #"{"action":"clock.moveDay","days":-3}"#),
      (
        .clock(.timeResponse(request: 3, .success(fixtureNow.addingTimeInterval(0.25)))),
        #"{"action":"clock.timeResponse","request":3,"ok":"2026-11-29T03:45:12.25Z"}"#
      ),
      (
        .clock(.timeResponse(request: 4, .failure(FetchFailure(message: "timed out after 5 s")))),
        #"{"action":"clock.timeResponse","request":4,"error":"timed out after 5 s"}"#
      ),
    ])
  func stableEncoding(action: AppAction, line: String) throws {
    #expect(encoded(action) == line)
    #expect(try decoded(line) == action)
  }

  @Test("20,000 generated actions of every case read back exactly as they were written")
  func roundTrip() throws {
    var names = Set<String>()
    for action in AppActionSamples(seed: 2026).prefix(20_000) {
      let text = encoded(action)
      #expect(try decoded(text) == action, "\(text)")
      var line = LogLine()
      line.bytes = Array(text.utf8)
      try line.parse()
      names.insert(try line.string("action"))
    }
    #expect(names == Set(AppActionName.allCases.map(\.rawValue)))
  }
}
