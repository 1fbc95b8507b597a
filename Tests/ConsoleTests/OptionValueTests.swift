import Foundation
import Store
import Testing

@testable import Console
@testable import TestSupport

/// `TallyApp` with a URL and a time limit among its options, checked by `OptionValue`.
private struct RemoteTally: ConsoleApp {
  var name: String { "tally" }
  var version: String { "1.0.0" }
  var reducer: Tally { Tally() }
  func screens(of state: Tally.State) -> [ConsoleScreen] { TallyApp().screens(of: state) }

  var options: [ConsoleOption<Tally.State>] {
    [
      ConsoleOption("--server", argument: "URL", help: "where totals are kept") { text, state, _ in
        state.notes.append(try OptionValue.httpURL(text, option: "--server").absoluteString)
      },
      ConsoleOption("--timeout", argument: "SECONDS", help: "how long to wait") { text, state, _ in
        state.total = Int(try OptionValue.seconds(text, option: "--timeout", atMost: 60))
      },
    ]
  }
}

@MainActor
@Suite("The values an app's options commonly take: URLs and time limits")
struct OptionValueTests {
  private func prepare(_ name: String, _ value: String) throws(ArgumentError) -> Tally.State {
    try ConsoleMain.prepare(
      RemoteTally(), initialState: Tally.State(), given: [GivenOption(name: name, value: value)],
      dependencies: { _ in }
    ).state
  }

  @Test("an http or https URL with a host is taken; any other is refused naming the option once")
  func urls() throws {
    #expect(try prepare("--server", "https://example.com/t").notes == ["https://example.com/t"])
    #expect(try prepare("--server", "HTTP://example.com").notes == ["HTTP://example.com"])
    for bad in ["ftp://example.com", "example.com", "https://", ""] {
      #expect(throws: ArgumentError("--server needs an http or https URL, got '\(bad)'")) {
        try prepare("--server", bad)
      }
    }
  }

  @Test("a time limit is a number of seconds above 0 and at most the limit")
  func seconds() throws {
    #expect(try prepare("--timeout", "2.5").total == 2)
    #expect(try prepare("--timeout", "60").total == 60)
    for bad in ["0", "-1", "60.5", "soon", "nan", ""] {
      #expect(
        throws: ArgumentError(
          "--timeout needs a number of seconds above 0 and at most 60, got '\(bad)'")
      ) { try prepare("--timeout", bad) }
    }
    #expect(
      throws: ConsoleOptionError("--t needs a number of seconds above 0 and at most 86400, got '0'")
    ) {
      try OptionValue.seconds("0", option: "--t")
    }
  }

  @Test("a URL 100 times the usual length is checked as one")
  func longURL() throws {
    let path = String(repeating: "segment/", count: 500)
    let url = try OptionValue.httpURL("https://example.com/" + path, option: "--server")
    #expect(url.host == "example.com")
  }
}
