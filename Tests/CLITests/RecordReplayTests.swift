import Features
import Foundation
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

/// End-to-end: sessions recorded by the built binary, then replayed by it.
@Suite("Record a session, replay it")
struct RecordReplayTests {
  /// The last line each screen printed: the screens a session ended on, in display order.
  func finalScreens(_ lines: [String]) -> [String] {
    AppView.screenNames.compactMap { name in lines.last { $0.hasPrefix(name + ": ") } }
  }

  /// Runs `input` offline at ``fixedNow`` in `zone`, with no default location, recording to `log`.
  @discardableResult
  func record(_ input: String, zone: String, to log: TemporaryFile) async throws
    -> UniflowBinary.Result
  {
    try await UniflowBinary.run(
      ["--offline", "--time-zone", zone, "--no-default-location", "--record", log.path],
      input: input, environment: fixedNow)
  }

  /// Edits line `index` (0 is the header) of `log` in place, replacing `old` with `new`; returns
  /// the log's lines as edited.
  @discardableResult
  func edit(_ log: TemporaryFile, line index: Int, replacing old: String, with new: String) throws
    -> [String]
  {
    var lines = log.lines()
    lines[index] = lines[index].replacingOccurrences(of: old, with: new)
    try log.write(lines.joined(separator: "\n") + "\n")
    return lines
  }

  @Test("a session using every clock command, with errors, replays to the screens it ended on")
  func everyClockCommand() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    let script = [
      "reload", "now", "moveDay 3", "yesterday", "tomorrow", "moveDay -2", "reloda", "moveDay x",
      "moveDay 40000", "MOVEDAY +7", "# a comment", "",
    ]
    // From 8 days away, the 10th and 11th go past the 1000-year limit and are refused.
    let farAway = Array(repeating: "moveDay 36525", count: 11)
    let session = try await record(
      (script + farAway + ["moveDay -36525"]).joined(separator: "\n") + "\n", zone: "Asia/Seoul",
      to: log)
    #expect(session.status == 1)
    #expect(session.errorLines.count == 5)
    #expect(finalScreens(session.lines).first == "clock: 2826년 12월 13일 12시 45분")

    // Replayed on a machine in another zone: the log's zone rules.
    let replay = try await UniflowBinary.run(
      ["replay", log.path, "--verify"], environment: ["TZ": "America/New_York"])
    #expect(replay.status == 0)
    #expect(replay.lines == finalScreens(session.lines))
    #expect(
      replay.stderr
        == "uniflow: verified: the replay reproduces the state after each of the log's 20 "
        + "actions, its 0 snapshots and its checkpoint at seq 20\n")
  }

  @Test(
    "the log is JSON Lines: a header, one line per action with its seq and source, a checkpoint")
  func logFormat() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    try await record("tomorrow\nreload\n", zone: "UTC", to: log)
    let lines = log.lines().map(\.withoutFingerprint)
    #expect(lines.count == 8)
    // Every action line ends with the fingerprint of the state it led to.
    let fingerprinted = #/,"fp":"[0-9a-f]{16}"}$/#
    #expect(
      log.lines()[1...6].filter { $0.hasPrefix(#"{"seq""#) }.allSatisfy {
        $0.contains(fingerprinted)
      })
    #expect(
      lines[0].hasPrefix(
        #"{"format":"uniflow-action-log","version":2,"records":"causes","app":"uniflow "#
          + UniflowApp().version + #"","timeZone":"GMT","locale":"#
      ))
    #expect(
      lines[0].hasSuffix(
        #""state":{"clock":{"anchor":"1970-01-01T00:00:00Z","dayOffset":0,"isLoading":false,"#
          + #""request":0,"timeZone":{"identifier":"GMT"}},"dog":{"dogs":[]},"#
          + #""weather":{"request":0,"status":{"idle":{}}}}}"#))
    #expect(
      Array(lines[1...])
        == [
          #"{"seq":1,"src":"sent","action":"launched","at":"2026-11-29T03:45:12Z"}"#,
          #"{"seq":2,"src":"sent","action":"clock.moveDay","days":1,"cause":"line 1"}"#,
          #"{"effect":1,"start":3,"site":"Features/FetchEffect.swift:17"}"#,
          #"{"seq":3,"src":"sent","action":"clock.reload","cause":"line 2"}"#,
          #"{"seq":4,"src":"effect","action":"clock.timeResponse","request":1,"ok":"2026-11-29T03:45:12Z","#
            + #""cause":"effect 1 of 3 at Features/FetchEffect.swift:17"}"#,
          #"{"effect":1,"end":4}"#,
          #"{"checkpoint":4,"state":{"clock":{"anchor":"2026-11-29T03:45:12Z","dayOffset":0,"#
            + #""isLoading":false,"request":1,"timeZone":{"identifier":"GMT"}},"dog":{"dogs":[{"#
            + #""birthday":"2024-10-29","breed":"poodle","imageName":"pomeranian.jpeg","#
            + #""name":"poodle"}],"selectedName":"poodle"},"weather":{"request":0,"#
            + #""status":{"idle":{}}}}}"#,
        ])
  }

  @Test("--trace prints each action and the screens it changed, then the final screens")
  func trace() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    try await record("tomorrow\nreload\nmoveDay 0\n", zone: "Asia/Seoul", to: log)
    let replay = try await UniflowBinary.run(["replay", "--trace", log.path])
    #expect(replay.status == 0)
    #expect(
      replay.lines == [
        #"#1 sent - launched at="2026-11-29T03:45:12Z""#, "clock: 2026년 11월 29일 12시 45분",
        "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg",
        "#2 sent line 1 clock.moveDay days=1", "clock: 2026년 11월 30일 12시 45분",
        "#3 sent line 2 clock.reload", "clock: Loading..",
        #"#4 effect of 3 clock.timeResponse request=1 ok="2026-11-29T03:45:12Z""#,
        "clock: 2026년 11월 29일 12시 45분",
        "#5 sent line 3 clock.moveDay days=0",
        "clock: 2026년 11월 29일 12시 45분", "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg",
        "weather: no location (changeLocation CITY)",
      ])
  }

  @Test("--until SEQ stops after that action")
  func until() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    try await record("tomorrow\ntomorrow\nreload\n", zone: "UTC", to: log)
    let replay = try await UniflowBinary.run(["replay", log.path, "--until", "3", "--verify"])
    #expect(replay.status == 0)
    #expect(replay.lines(of: "clock") == ["clock: 2026년 12월 01일 03시 45분"])
    #expect(
      replay.stderr
        == "uniflow: verified: the replay reproduces the state after each of the log's 3 "
        + "actions and its 0 snapshots up to seq 3; the checkpoint lies beyond --until\n")
    let beyond = try await UniflowBinary.run(["replay", log.path, "--until=99"])
    #expect(beyond.status == 0)
    #expect(
      beyond.stderr == "uniflow: warning: \(log.path): the log ends at seq 5, before --until 99\n")
  }

  @Test("--time-url: the recorded answer replays with no network; the server is not asked again")
  func timeURLReplaysOffline() async throws {
    let server = try LoopbackServer { _ in .json(Fixtures.data("worldclockapi_utc_now.json")) }
    defer { server.stop() }
    let log = TemporaryFile()
    defer { log.remove() }
    let session = try await UniflowBinary.run(
      [
        "--time-zone", "Asia/Seoul", "--time-url", server.url("/api/json/utc/now").absoluteString,
        "--no-default-location", "--record", log.path, "--http-timeout", "600",
      ],
      input: "reload\ntomorrow\n", environment: fixedNowBeforeFixtures)
    #expect(session.status == 0)
    #expect(server.requests.count == 1)
    let replay = try await UniflowBinary.run(["replay", log.path, "--offline", "--verify"])
    #expect(replay.status == 0)
    #expect(replay.lines(of: "clock") == ["clock: 2026년 11월 30일 12시 45분"])
    #expect(replay.lines == finalScreens(session.lines))
    #expect(server.requests.count == 1)
  }

  @Test("a refused connection is recorded as the failure it was, and replays as one")
  func refusedConnection() async throws {
    let port = try LoopbackServer.unusedPort()
    let log = TemporaryFile()
    defer { log.remove() }
    let session = try await UniflowBinary.run(
      [
        "--time-zone", "UTC", "--time-url", "http://127.0.0.1:\(port)/now", "--no-default-location",
        "--record", log.path,
      ],
      input: "reload\n", environment: fixedNow)
    let failed =
      "clock: 2026년 11월 29일 03시 45분 · unavailable: connection refused by 127.0.0.1:\(port)"
    #expect(session.lines.last == failed)
    #expect(
      log.lines()[4].withoutFingerprint
        == #"{"seq":3,"src":"effect","action":"clock.timeResponse","request":1,"#
        + #""error":"connection refused by 127.0.0.1:\#(port)","#
        + #""cause":"effect 1 of 2 at Features/FetchEffect.swift:17"}"#)
    let replay = try await UniflowBinary.run(["replay", log.path])
    #expect(replay.status == 0)
    #expect(replay.lines(of: "clock") == [failed])
  }

  @Test("--verify names the field of an edited checkpoint, and that the log contradicts itself")
  func verifyFindsTampering() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    try await record("tomorrow\ntomorrow\n", zone: "UTC", to: log)
    try edit(log, line: 4, replacing: #""dayOffset":2"#, with: #""dayOffset":5"#)
    let replay = try await UniflowBinary.run(["replay", log.path, "--verify"])
    #expect(replay.status == 1)
    #expect(replay.lines(of: "clock") == ["clock: 2026년 12월 01일 03시 45분"])
    #expect(
      replay.stderr
        == "uniflow: \(log.path):5: the log contradicts itself at seq 3: its checkpoint says "
        + "clock.dayOffset is 5, but the replay, which reproduces the fingerprint of every action "
        + "up to seq 3, has 2; no action parted them: the checkpoint line was edited or damaged "
        + "(record the session again, or delete that line)\n")
  }

  @Test("--verify names the very action whose recorded state the replay does not reproduce")
  func verifyFindsTheAction() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    try await record("tomorrow\ntomorrow\ntomorrow\n", zone: "UTC", to: log)
    // Someone edits the second move; its recorded fingerprint no longer fits.
    try edit(log, line: 3, replacing: #""days":1"#, with: #""days":2"#)
    let replay = try await UniflowBinary.run(["replay", log.path, "--verify"])
    #expect(replay.status == 1)
    #expect(
      replay.stderr
        == "uniflow: \(log.path):6: the replay differs from the log at seq 4: clock.dayOffset is "
        + "4 in the replay but 3 in the log; the states agreed at seq 0, so action seq 3 parted "
        + "them (the first whose recorded state it does not reproduce)\n")
  }

  @Test("--verify names an action whose state only its fingerprint shows to differ")
  func verifyFindsAPartingTheStatesRecoverFrom() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    try await record("tomorrow\ntomorrow\n:undo\n", zone: "UTC", to: log)
    // The second move, edited; :undo's restored state then hides the difference from the
    // checkpoint.
    let lines = try edit(log, line: 3, replacing: #""days":1"#, with: #""days":2"#)
    let replay = try await UniflowBinary.run(["replay", log.path, "--verify"])
    #expect(replay.status == 1)
    let fingerprints = lines[3].matches(of: /"fp":"([0-9a-f]{16})"/).map { String($0.1) }
    #expect(
      replay.stderr.replacingOccurrences(
        of: "[0-9a-f]{16}", with: "FP", options: .regularExpression)
        == "uniflow: \(log.path):4: the replay differs from the log after action seq 3: the "
        + "state's fingerprint is FP in the replay but FP in the log, and no snapshot or "
        + "checkpoint after it shows which field differs\n")
    #expect(fingerprints.count == 1 && replay.stderr.contains("but \(fingerprints[0]) in the log"))
  }

  @Test("an existing file is never overwritten: a clear error, exit 2; --force overwrites it")
  func neverOverwrites() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    try log.write("precious\n")
    let refused = try await UniflowBinary.run(
      ["--offline", "--no-default-location", "--record", log.path], input: "tomorrow\n",
      environment: fixedNow)
    #expect(refused.status == 2)
    #expect(refused.stdout.isEmpty)
    #expect(
      refused.stderr
        == "uniflow: \(log.path): already exists, and a recording never overwrites a file; "
        + "choose another file or add --force to overwrite it\n")
    #expect(try log.read() == "precious\n")
    let forced = try await UniflowBinary.run(
      ["--offline", "--no-default-location", "--record", log.path, "--force"], input: "tomorrow\n",
      environment: fixedNow)
    #expect(forced.status == 0)
    #expect(log.lines().count == 4)
  }

  @Test("a device is refused as a log before the session starts, even with --force")
  func cannotWrite() async throws {
    let full = try await UniflowBinary.run(
      ["--offline", "--no-default-location", "--record", "/dev/full", "--force"],
      input: "tomorrow\n",
      environment: fixedNow)
    #expect(full.status == 2)
    #expect(full.stdout.isEmpty)
    #expect(
      full.stderr
        == "uniflow: /dev/full: is a character device, not a regular file; a recording writes "
        + "only to a regular file\n")
  }

  @Test(":record in the middle of a session replays from there to the screens at :stop")
  func recordMidSession() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    let script = [
      "moveDay 10", ":stop", ":record \(log.path)", ":record \(log.path)", "tomorrow", "reload",
      "moveDay -3", ":stop", "moveDay 100",
    ]
    let session = try await UniflowBinary.run(
      ["--offline", "--no-default-location", "--time-zone", "Asia/Seoul"],
      input: script.joined(separator: "\n") + "\n",
      environment: fixedNow)
    #expect(
      session.errorLines == [
        "line 2: not recording; :record FILE starts a recording",
        "line 4: already recording to \(log.path); :stop first",
      ])
    #expect(session.lines.contains("recording to \(log.path)"))
    #expect(session.lines.contains("stopped recording: 4 actions in \(log.path)"))
    let replay = try await UniflowBinary.run(["replay", log.path, "--verify"])
    #expect(replay.status == 0)
    #expect(replay.lines(of: "clock") == ["clock: 2026년 11월 26일 12시 45분"])
    let atStop = session.lines.firstIndex { $0.hasPrefix("stopped recording") }!
    #expect(replay.lines == finalScreens(Array(session.lines[..<atStop])))
  }

  @Test("a session on every screen, with errors, a cancelled lookup and :undo, replays exactly")
  func everyScreen() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    let script = [
      "dog", "adopt bella 2024-02-29 pug", "adopt bella 2024-03-01 poodle", "dog poodle",
      "changeLocation Seoul", "changeLocation 서울", "changeLocation Qqqzzx", "moveDay 366",
      ":undo", "adopt rex 2030-01-01 pug", "dog bella", "changeLocation Paris, TX", ":undo",
      "tomorrow",
    ]
    let session = try await UniflowBinary.run(
      ["--offline", "--time-zone", "Asia/Seoul", "--record", log.path],
      input: script.joined(separator: "\n") + "\n", environment: fixedNow)
    #expect(session.status == 1)
    #expect(session.errorLines.count == 2)
    let replay = try await UniflowBinary.run(["replay", log.path, "--verify"])
    #expect(replay.status == 0)
    #expect(replay.lines == finalScreens(session.lines))
    #expect(replay.lines.count == 3)
    #expect(replay.lines[1] == "dog: bella · 2 살 · 30000원 · pug.jpeg")
    #expect(replay.lines[2] == "weather: Not found")
    let actions = log.lines().dropFirst().compactMap { line -> String? in
      guard let start = line.range(of: #""action":""#) else { return nil }
      return String(line[start.upperBound...].prefix { $0 != "\"" })
    }
    for name in ["dog.show", "dog.adopt", "weather.geocodeResponse", "restored"] {
      #expect(actions.contains(name), "the log holds a \(name)")
    }
  }
}
