import ActionLog
import Foundation
import Store
import TestSupport
import Testing

@testable import ActionLog

/// Values written as Swift expressions, read into any `Decodable` type and written from any
/// `Encodable` one: the syntax a console types, logs and reads back.
@Suite("Values as Swift expressions")
struct ValueSyntaxTests {
  typealias Action = Podcast.Action

  private func decode(_ text: String) throws(ValueSyntaxError) -> Action {
    try ValueSyntaxDecoder.decode(Action.self, from: text)
  }

  private func failure(_ text: String) -> ValueSyntaxError? {
    do {
      _ = try decode(text)
      return nil
    } catch {
      return error
    }
  }

  @Test("each kind of value reads into the action it spells")
  func readsEveryKind() throws {
    #expect(try decode(#".added(title: "Swift Talk")"#) == .added(title: "Swift Talk"))
    #expect(try decode(".moved(from: 1, to: 2)") == .moved(from: 1, to: 2))
    #expect(try decode(" .moved( from:1 ,to: -2 , ) ") == .moved(from: 1, to: -2))
    #expect(
      try decode(".episodes(.element(id: 1, action: .downloadTapped))")
        == .episodes(.element(id: 1, action: .downloadTapped)))
    #expect(
      try decode(#".episodes(.element(id: 3, action: .tagged(["a", "b\n\"c\""])))"#)
        == .episodes(.element(id: 3, action: .tagged(["a", "b\n\"c\""]))))
    #expect(try decode(#".search(.queryChanged("swift"))"#) == .search(.queryChanged("swift")))
    #expect(try decode(".search(.answered([]))") == .search(.answered([])))
    #expect(
      try decode(#".destination(.search(query: "x"))"#) == .destination(.search(query: "x")))
    #expect(try decode(".destination(nil)") == .destination(nil))
    #expect(try decode(#".rated(["a": 1, "b": 2])"#) == .rated(["a": 1, "b": 2]))
    #expect(try decode(".rated([:])") == .rated([:]))
    #expect(try decode(".played(nil, speed: .fast)") == .played(nil, speed: .fast))
    #expect(try decode(#".played(3, speed: "slow")"#) == .played(3, speed: .slow))
    #expect(try decode(".volume(0.75)") == .volume(0.75))
    #expect(try decode(".volume(1)") == .volume(1))
    #expect(try decode(".volume(-2.5e-3)") == .volume(-0.0025))
    #expect(try decode(".volume(1_000)") == .volume(1000))
    #expect(try decode(".cleared") == .cleared)
    #expect(try decode(".`cleared`") == .cleared)
    #expect(try decode(#".added(title: "\u{1F436} \t\0")"#) == .added(title: "🐶 \t\0"))
  }

  @Test("dates, structs and raw values read as they are typed")
  func readsStructsAndDates() throws {
    let date = try #require(LogDate.parse("2026-11-29T03:45:12Z"))
    #expect(
      try decode(
        #".episodes(.element(id: 1, action: .finished(bytes: 9, at: "2026-11-29T03:45:12Z")))"#)
        == .episodes(.element(id: 1, action: .finished(bytes: 9, at: date))))
    #expect(
      try decode(".episodes(.element(id: 1, action: .finished(bytes: 9, at: 817616712)))")
        == .episodes(.element(id: 1, action: .finished(bytes: 9, at: date))))
    let episode = try ValueSyntaxDecoder.decode(
      Podcast.Episode.self, from: #"(id: 2, title: "b", download: .downloading(40), tags: ["x"])"#)
    var expected = Podcast.Episode(id: 2, title: "b")
    expected.download = .downloading(40)
    expected.tags = ["x"]
    #expect(episode == expected)
    #expect(
      try ValueSyntaxDecoder.decode(
        Podcast.Episode.self,
        from: #"Episode(tags: ["x"], download: .downloading(40), title: "b", id: 2)"#) == expected)
  }

  @Test(
    "a mistake names what is wrong, where, what was expected there, and the nearest right thing",
    arguments: [
      (
        ".mvoed(from: 1, to: 2)", 0,
        "unknown case '.mvoed' of Podcast.Action; expected one of its cases: .added(title: String), "
          + ".moved(from: Int, to: Int), .episodes(IdentifiedAction<Int, EpisodeAction>), "
          + ".search(SearchAction), .destination(Destination?), "
          + ".rated([String: Int]), .played(Int?, speed: Speed), "
          + ".volume(Double), .cleared — did you mean '.moved'?"
      ),
      (
        ".episodes(.element(id: 1, action: .dowloadTapped))", 34,
        "unknown case '.dowloadTapped' of Podcast.EpisodeAction; expected one of its cases: "
          + ".progress(Int), .finished(bytes: Int, at: Date), .tagged([String]), "
          + ".downloadTapped — did you mean '.downloadTapped'?"
      ),
      (
        ".moved(form: 1, to: 2)", 7,
        ".moved has no 'form:'; expected (from: Int, to: Int) — did you mean 'from:'?"
      ),
      (".moved(from: 1)", 14, ".moved needs 'to:'; expected (from: Int, to: Int)"),
      (".moved(1, 2)", 7, ".moved needs 'from:' before this value; expected (from: Int, to: Int)"),
      (
        ".moved(from: 1, 2)", 16,
        ".moved needs 'to:' before this value; expected (from: Int, to: Int)"
      ),
      (
        #".added("Milk")"#, 7,
        ".added needs 'title:' before this value; expected (title: String)"
      ),
      (
        #".moved(from: "1", to: 2)"#, 13,
        "a string where Podcast.Action needs a whole number (Int); expected a whole number (Int)"
      ),
      (
        ".played(1, speed: .medium)", 18,
        "unknown case '.medium' of Podcast.Speed; expected one of its cases: .slow, .normal, .fast"
      ),
      (".volume(1e999)", 8, "1e999 is too large for a Double; expected a number"),
      (
        ".moved(from: 99999999999999999999, to: 1)", 13,
        "99999999999999999999 does not fit Int; expected a number from "
          + "-9223372036854775808 to 9223372036854775807"
      ),
      (".cleared(1)", 9, ".cleared does not take this value"),
      (
        ".moved(from: 1, to: 2", 21,
        "the line ends before the ')' that closes the '(' at column 7; expected ',' and another argument, or ')'"
      ),
      (
        #".added(title: "a)"#, 17,
        "the line ends before the '\"' that closes the string at column 15; expected '\"'"
      ),
      (
        #".added(title: "\q")"#, 15,
        #"unknown escape '\q'; expected an escape: \\ \" \' \n \r \t \0 or \u{…}"#
      ),
      (
        "moved", 0,
        "'moved' is not a value; expected a value: a case (.name), a string, a number, true, false, nil, [list] or (label: value) (a case starts with a dot, a struct is (label: value, …)) — did you mean '.moved'?"
      ),
      (".cleared junk", 9, "unexpected 'j' after the value; expected the end of the line"),
    ])
  func errors(text: String, offset: Int, message: String) throws {
    let error = try #require(failure(text))
    #expect(error.description == message)
    #expect(error.offset == offset)
  }

  @Test(
    "hostile input is refused in linear time: deep nesting, 100 times the usual length, controls")
  func hostileInput() throws {
    let deep = String(repeating: "[", count: 100_000)
    let nesting = try #require(failure(".rated(" + deep))
    #expect(nesting.message == "the value nests more than 64 levels deep")
    let long = ".added(title: \"" + String(repeating: "a", count: 100_000) + "\")"
    #expect(try decode(long) == .added(title: String(repeating: "a", count: 100_000)))
    let many =
      ".search(.answered([" + Array(repeating: "\"x\"", count: 10_000).joined(separator: ",")
      + "]))"
    #expect(try decode(many) == .search(.answered(Array(repeating: "x", count: 10_000))))
    let control = try #require(failure(".added(title: \"a\u{7}b\")"))
    #expect(control.message == "a string cannot hold a control character as it is")
    let bidi = try #require(failure("\u{202E}.cleared"))
    #expect(bidi.message == #"unexpected '\u{202e}'"#)
    #expect(try decode(#".added(title: "서울")"#) == .added(title: "서울"))
    #expect(
      throws: ValueSyntaxError(
        "Podcast.Episode has no '제목:'", at: 1,
        expected: "(id: Int, title: String, download: Download, tags: [String])")
    ) { try ValueSyntaxDecoder.decode(Podcast.Episode.self, from: "(제목: 1)") }
  }

  @Test("any action writes as Swift that reads back equal, one line, safe to print")
  func roundTrips() throws {
    let date = Date(timeIntervalSinceReferenceDate: 817_616_712.25)
    let actions: [Action] = [
      .added(title: "Swift \"Talk\"\n\u{202E}\\"), .moved(from: 1, to: -2),
      .episodes(.element(id: 1, action: .downloadTapped)),
      .episodes(.element(id: 2, action: .finished(bytes: 10, at: date))),
      .episodes(.element(id: 2, action: .finished(bytes: 10, at: .distantFuture))),
      .episodes(.element(id: 2, action: .tagged(["a", ""]))),
      .search(.queryChanged("")), .search(.answered(["x", "y"])), .search(.closed),
      .destination(.player(episode: 3, speed: .fast)), .destination(nil),
      .rated(["b": 2, "a": 1]), .rated([:]), .played(nil, speed: .slow), .played(4, speed: .normal),
      .volume(0.1), .volume(-.infinity), .volume(1e300), .cleared,
    ]
    for action in actions {
      let text = try ValueSyntaxEncoder.encode(action)
      #expect(!text.contains("\n"), "\(text)")
      #expect(!text.unicodeScalars.contains { ValueText.hidden($0) }, "\(text)")
      #expect(try decode(text) == action, "\(text)")
    }
    #expect(
      try ValueSyntaxEncoder.encode(Action.episodes(.element(id: 1, action: .downloadTapped)))
        == ".episodes(.element(id: 1, action: .downloadTapped))")
    #expect(try ValueSyntaxEncoder.encode(Action.moved(from: 1, to: 2)) == ".moved(from: 1, to: 2)")
    #expect(
      try ValueSyntaxEncoder.encode(Action.played(4, speed: .fast)) == ".played(4, speed: .fast)")
    #expect(
      try ValueSyntaxEncoder.encode(Action.destination(.search(query: "x")))
        == #".destination(.search(query: "x"))"#)
    #expect(
      try ValueSyntaxEncoder.encode(
        Action.episodes(.element(id: 2, action: .finished(bytes: 10, at: date))))
        == #".episodes(.element(id: 2, action: .finished(bytes: 10, at: "2026-11-29T03:45:12.25Z")))"#
    )
    var episode = Podcast.Episode(id: 1, title: "a")
    episode.download = .downloading(40)
    #expect(
      try ValueSyntaxEncoder.encode(episode)
        == #"(id: 1, title: "a", download: .downloading(40), tags: [])"#)
  }
}

extension ValueSyntaxTests {
  private struct Place: Codable, Equatable {
    var name: String
    var population: Int?
  }

  private enum Answer: Codable, Equatable {
    case found(request: Int, Place?)
    case many([Place])
  }

  @Test("a struct inside an optional, a list or a single value reads every argument once")
  func nestedStructs() throws {
    let place = Place(name: "Seoul", population: nil)
    for answer in [
      Answer.found(request: 1, place), .found(request: 2, nil), .many([place, place]),
    ] {
      let text = try ValueSyntaxEncoder.encode(answer)
      #expect(try ValueSyntaxDecoder.decode(Answer.self, from: text) == answer, "\(text)")
    }
    #expect(
      throws: ValueSyntaxError.self,
      performing: {
        try ValueSyntaxDecoder.decode(
          Answer.self, from: #".found(request: 1, (name: "a", extra: 1))"#)
      })
  }
}
