import Foundation
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

/// Payloads that act on a terminal: set its title (OSC), clear it (CSI), the one-byte C1 CSI, a
/// right-to-left override, and a newline that fakes a whole screen line.
enum Payload {
  static let title = "\u{1B}]0;pwned\u{07}"
  static let clear = "\u{1B}[2J"
  static let c1 = "\u{9B}31m"
  static let override = "\u{202E}"
  static let fakeLine = "\nclock: fake"
  static let all = title + clear + c1 + override + fakeLine
  /// `all` as the sanitiser shows it.
  static let escaped = "\\u{1b}]0;pwned\\u{7}\\u{1b}[2J\\u{9b}31m\\u{202e}\\u{a}clock: fake"
}

/// A fresh directory in the temporary directory, for files with hostile names.
struct TemporaryDirectory {
  let path = TemporaryFile("dir").path

  init() throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// The scalars in `output` a terminal would act on, line breaks between lines apart.
func rawControls(in output: String) -> [String] {
  output.unicodeScalars.filter { TerminalText.needsEscape($0) && $0 != "\n" }.map {
    "U+" + String($0.value, radix: 16)
  }
}

/// End to end through the built `uniflow`: every text from outside — server answers, error
/// reasons, typed input, names, file names, log payloads — reaches stdout and stderr escaped.
@Suite("No terminal injection")
struct TerminalInjectionTests {
  /// Checks a run's output: nothing raw, no faked line, the payload shown escaped.
  func expectEscaped(
    _ result: UniflowBinary.Result, shows count: Int = 1,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let output = result.stdout + result.stderr
    #expect(
      rawControls(in: output).isEmpty, "\(output.debugDescription)", sourceLocation: sourceLocation)
    #expect(
      !output.split(separator: "\n").contains { $0.hasPrefix("clock: fake") },
      sourceLocation: sourceLocation)
    #expect(
      output.components(separatedBy: Payload.escaped).count - 1 >= count,
      "\(output.debugDescription)", sourceLocation: sourceLocation)
  }

  /// Servers whose answers carry the payload: a geocoder's place, a Weatherbit description, a
  /// time API's error reason.
  func hostileServers() throws -> (
    geocoder: LoopbackServer, weather: LoopbackServer, time: LoopbackServer
  ) {
    let place: [String: Any] = [
      "results": [
        [
          "name": "Seoul" + Payload.all, "latitude": 37.5, "longitude": 127.0,
          "country_code": "KR", "timezone": "Asia/Seoul",
        ]
      ]
    ]
    let placeBody = try JSONSerialization.data(withJSONObject: place)
    let geocoder = try LoopbackServer { _ in .json(placeBody) }
    let report: [String: Any] = [
      "data": [
        [
          "temp": 41.3, "ts": 1_795_923_912, "pod": "d", "timezone": "Asia/Seoul",
          "weather": ["code": 9_999, "description": Payload.all, "icon": "c04d"],
        ]
      ]
    ]
    let reportBody = try JSONSerialization.data(withJSONObject: report)
    let weather = try LoopbackServer { _ in .json(reportBody) }
    let reason = try JSONSerialization.data(withJSONObject: ["reason": Payload.all])
    let time = try LoopbackServer { _ in .json(reason, status: 500) }
    return (geocoder, weather, time)
  }

  func arguments(
    _ servers: (geocoder: LoopbackServer, weather: LoopbackServer, time: LoopbackServer)
  )
    -> [String]
  {
    [
      "--no-default-location", "--time-zone", "UTC", "--geocoder-url",
      servers.geocoder.url("/v1/search").absoluteString, "--weather-provider", "weatherbit",
      "--weather-url", servers.weather.url("/v2.0/current").absoluteString, "--time-url",
      servers.time.url("/now").absoluteString, "--http-timeout", "600",
    ]
  }

  /// A fake key, made at run time.
  static let key = [
    "WEATHERBIT_API_KEY": String((0..<32).map { Array("0123456789abcdef")[$0 * 5 % 16] })
  ]

  @Test("answers from servers reach every screen, :history and :state escaped")
  func serverTexts() async throws {
    let servers = try hostileServers()
    defer { [servers.geocoder, servers.weather, servers.time].forEach { $0.stop() } }
    let result = try await UniflowBinary.run(
      arguments(servers), input: "changeLocation Seoul\nreload\n:history\n:state\n:view\n",
      environment: fixedNow.merging(Self.key) { $1 })
    #expect(result.status == 0, "\(result.stderr)")
    // The weather line (place and description), the clock's reason, :history and :view.
    expectEscaped(result, shows: 5)
    #expect(
      result.lines(of: "clock").last
        == "clock: 2026년 11월 29일 03시 45분 · unavailable: HTTP 500 Internal Server Error: "
        + Payload.escaped)
  }

  @Test("--json keeps JSON's own escaping: every line parses back to the payload, nothing raw")
  func json() async throws {
    let servers = try hostileServers()
    defer { [servers.geocoder, servers.weather, servers.time].forEach { $0.stop() } }
    let result = try await UniflowBinary.run(
      arguments(servers) + ["--json"],
      input: "changeLocation Seoul\nreload\ndog \(Payload.all)\n:history\n",
      environment: fixedNow.merging(Self.key) { $1 })
    #expect(rawControls(in: result.stdout + result.stderr).isEmpty)
    let objects = try result.lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let texts = objects.compactMap { ($0["text"] ?? $0["error"]) as? String }
    #expect(texts.contains { $0.contains(Payload.all) }, "\(texts)")
    #expect(texts.contains { $0.hasPrefix("no dog named '") })
  }

  @Test("typed input echoed in errors, dog and city names, file names and options are escaped")
  func typedInput() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.path + "/s" + Payload.title + ".log"
    let lines = [
      Payload.title + "x", "dog " + Payload.c1, "adopt a\(Payload.clear)b 2020-01-01 pug",
      "changeLocation a" + Payload.override, "moveDay " + Payload.c1,
      ":record " + file, ":record " + file, ":stop", ":help " + Payload.title,
      "adopt x\(Payload.override)y 2020-01-01 pug",
    ]
    let result = try await UniflowBinary.run(
      ["--offline", "--no-default-location"], input: lines.joined(separator: "\n") + "\n",
      environment: fixedNow)
    #expect(
      rawControls(in: result.stdout + result.stderr).isEmpty, "\(result.stderr.debugDescription)")
    #expect(result.errorLines.count == 6, "\(result.stderr)")  // the city is looked up: Not found
    #expect(result.stdout.contains("recording to \(directory.path)/s\\u{1b}]0;pwned\\u{7}.log"))
    #expect(FileManager.default.fileExists(atPath: file))
    // A name `adopt` accepts may still hold a character that reorders text: shown escaped.
    #expect(result.lines(of: "dog").last == "dog: x\\u{202e}y · 6 살 · 30000원 · pug.jpeg")
    let refused = try await UniflowBinary.run(
      ["--offline", "--record", file], input: "", environment: fixedNow)
    #expect(refused.status == 2)
    #expect(rawControls(in: refused.stderr).isEmpty)
    #expect(refused.stderr.contains("s\\u{1b}]0;pwned\\u{7}.log: already exists"))
    let usage = try await UniflowBinary.run(["--time-zone", Payload.all], environment: fixedNow)
    #expect(usage.status == 2)
    #expect(usage.stderr.hasPrefix("uniflow: unknown time zone '\(Payload.escaped)'"))
    let now = try await UniflowBinary.run(
      ["--offline"], environment: ["UNIFLOW_FIXED_NOW": Payload.all])
    #expect(now.status == 2)
    #expect(rawControls(in: now.stderr).isEmpty)
  }

  @Test("time travel shows typed names escaped: :diff, :history, :back, :forward, :goto")
  func travel() async throws {
    let lines = [
      "adopt x\(Payload.override)y 2020-01-01 pug", "changeLocation x" + Payload.override,
      "tomorrow", ":diff 2", ":history", ":back 3", ":forward 2", ":goto 2", ":diff",
    ]
    let result = try await UniflowBinary.run(
      ["--offline", "--no-default-location"], input: lines.joined(separator: "\n") + "\n",
      environment: fixedNow)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      rawControls(in: result.stdout + result.stderr).isEmpty, "\(result.stdout.debugDescription)")
    #expect(result.stdout.contains(#".adopt(name: "x\u{202e}y""#))
    #expect(result.stdout.contains(#".weather(.changeLocation("x\u{202e}"))"#))
  }

  @Test("replay and --trace show a log's payloads, and its file name, escaped")
  func replay() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/log" + Payload.clear
    let header =
      #"{"format":"uniflow-action-log","version":1,"timeZone":"UTC","state":{"clock":{"#
      + #""anchor":"1970-01-01T00:00:00Z","dayOffset":0,"isLoading":false,"request":0,"#
      + #""timeZone":{"identifier":"UTC"}},"dog":{"dogs":[]},"weather":{"request":0,"#
      + #""status":{"idle":{}}}}}"#
    // JSON escapes for C0 controls; C1 and the override raw, as JSON allows.
    let reason = #"\u001b]0;pwned\u0007\u001b[2J"# + "\u{9B}31m\u{202E}" + #"\nclock: fake"#
    let lines = [
      header, #"{"seq":1,"src":"sent","action":"launched","at":"2026-11-29T03:45:12Z"}"#,
      #"{"seq":2,"src":"sent","action":"clock.reload"}"#,
      #"{"seq":3,"src":"effect","action":"clock.timeResponse","request":1,"error":"\#(reason)"}"#,
    ]
    try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
    for options in [
      [], ["--trace"], ["--verify"], ["--until", "3", "--trace"], ["--diff"], ["--skip", "1"],
      ["--skip", "1", "--diff"],
    ] {
      let result = try await UniflowBinary.run(["replay"] + options + [path])
      #expect(result.status == (options == ["--verify"] ? 1 : 0), "\(options): \(result.stderr)")
      expectEscaped(result)
    }
    // An emitted test holds the payload inside Swift string literals, escaped as Swift escapes.
    let emitted = try await UniflowBinary.run(["replay", path, "--emit-test"])
    #expect(emitted.status == 0)
    #expect(rawControls(in: emitted.stdout + emitted.stderr).isEmpty)
    #expect(emitted.stdout.contains(#"FetchFailure(message: "\u{1B}]0;pwned\u{07}"#))
    let output = path + ".small"
    let shrunk = try await UniflowBinary.run([
      "shrink", path, "--until", "pwned", "--output", output,
    ])
    #expect(shrunk.status == 0, "\(shrunk.stderr)")
    expectEscaped(shrunk)
    // A bad log's message names the file, escaped too.
    try Data("nonsense\n".utf8).write(to: URL(fileURLWithPath: path))
    let bad = try await UniflowBinary.run(["replay", path])
    #expect(bad.status == 2)
    #expect(
      bad.stderr.hasPrefix("uniflow: \(directory.path)/log\\u{1b}[2J:1: not a uniflow action log"))
  }
}
