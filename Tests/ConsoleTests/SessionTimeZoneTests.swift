import ActionLog
import Foundation
import Testing

@testable import Console

@Suite("A session's time zone, kept in its log's header and checked by its replay")
struct SessionTimeZoneTests {
  private func header(_ settings: [LogSetting]) -> ActionLogHeader {
    ActionLogHeader(settings: settings, stateJSON: Array("{}".utf8))
  }

  @Test("the zone a header's setting names is the zone read back")
  func roundTrip() throws {
    let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
    let setting = SessionTimeZone.setting(seoul)
    #expect(setting == LogSetting("timeZone", "Asia/Seoul"))
    #expect(try SessionTimeZone.zone(of: header([setting]), path: "s.log") == seoul)
    try SessionTimeZone.replay(header([setting]), path: "s.log", adopt: false)
  }

  @Test("a header with no zone, or one this system does not know, is refused with where and why")
  func refusals() {
    #expect {
      try SessionTimeZone.zone(of: header([LogSetting("app", "x 1.0.0")]), path: "s.log")
    } throws: {
      "\($0)".contains("s.log:1: ")
        && "\($0)".contains("the header has no \"timeZone\" setting (the zone the session ran in)")
    }
    #expect {
      try SessionTimeZone.replay(
        header([LogSetting("timeZone", "Mars/Olympus")]), path: "m.log", adopt: true)
    } throws: {
      "\($0)".contains("m.log:1: ")
        && "\($0)".contains(
          "the header's time zone 'Mars/Olympus' is unknown to this system's time zone database")
    }
  }
}
