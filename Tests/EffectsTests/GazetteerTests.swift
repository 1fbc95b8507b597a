import Features
import Foundation
import Store
import TestSupport
import Testing

@testable import Effects

@Suite("Offline gazetteer")
struct GazetteerTests {
  let gazetteer = Gazetteer.bundled

  private func first(_ name: String) throws -> String? {
    try gazetteer.search(name).first.map {
      "\($0.name), \($0.regionCode ?? "-"), \($0.countryCode)"
    }
  }

  @Test(
    "case, accents and width do not matter; alternate names count",
    arguments: [
      "Seoul", "seoul", "SEOUL", "Séoul", "서울", "ＳＥＯＵＬ", "ｿｳﾙ", "ソウル", "  seOUL  ", "Сеул",
    ])
  func seoulByAnyName(name: String) throws {
    #expect(try first(name) == "Seoul, 11, KR")
  }

  @Test("Seoul's place: coordinates, zone, region and country names, population")
  func seoulPlace() throws {
    #expect(
      try gazetteer.search("Seoul")
        == [
          Place(
            name: "Seoul", region: "Seoul", regionCode: "11", countryCode: "KR",
            country: "South Korea", latitude: 37.566, longitude: 126.9784,
            timeZone: "Asia/Seoul", population: 10_349_312)
        ])
  }

  @Test(
    "City, Region and City, Country narrow the search",
    arguments: [
      ("Anchorage, AK", "Anchorage, AK, US"),
      ("Anchorage, Alaska", "Anchorage, AK, US"),
      ("Paris, France", "Paris, 11, FR"),
      ("Paris, FR", "Paris, 11, FR"),
      ("Paris, FRA", "Paris, 11, FR"),
      ("Paris, Île-de-France", "Paris, 11, FR"),
      ("Paris, TX", "Paris, TX, US"),
      ("paris, texas", "Paris, TX, US"),
      ("Paris, TX, USA", "Paris, TX, US"),
      ("Paris, United States", "Paris, TX, US"),
      ("London, UK", "London, ENG, GB"),
      ("London, England", "London, ENG, GB"),
      ("Seoul, South Korea", "Seoul, 11, KR"),
      ("서울, KR", "Seoul, 11, KR"),
    ])
  func qualifiers(query: String, expected: String) throws {
    #expect(try first(query) == expected)
  }

  @Test("of equally good matches the most populous comes first")
  func tiesByPopulation() throws {
    let paris = try gazetteer.search("Paris")
    #expect(paris.map(\.name) == ["Paris", "Parys", "Paris"])  // Parys, ZA: alternate name
    #expect(paris.map(\.countryCode) == ["FR", "ZA", "US"])
    let springfields = try gazetteer.search("Springfield")
    #expect(springfields.count > 2)
    let populations = springfields.map { $0.population ?? 0 }
    #expect(populations == populations.sorted(by: >))
    #expect(try first("Springfield, US") == "Springfield, MO, US")
    #expect(try gazetteer.search("Springfield", limit: 2).count == 2)
  }

  @Test(
    "nothing found is an empty answer, not an error",
    arguments: ["Qqqzzx", "", "   ", ",", "Paris, Mars", "Anchorage, TX", "Seoul, Japan"])
  func notFound(name: String) throws {
    #expect(try gazetteer.search(name).isEmpty)
  }

  @Test(
    "a stray comma narrows nothing: Seoul, finds Seoul as Seoul, KR, does",
    arguments: ["Seoul,", "Seoul ,", "Seoul, ", "Seoul,,", "Seoul, KR,", "Seoul,, KR"])
  func strayCommas(name: String) throws {
    #expect(try first(name) == "Seoul, 11, KR")
  }

  @Test(
    "invisible characters pasted into a name do not count: zero-width space, soft hyphen, marks",
    arguments: [
      "Seo\u{200B}ul", "Seo\u{AD}ul", "\u{FEFF}Seoul", "Seoul\u{200E}", "\u{2066}Seoul\u{2069}",
      "Se\u{2060}oul", "서\u{200B}울", "Seoul,\u{200B} KR",
    ])
  func invisibleCharacters(name: String) throws {
    #expect(try first(name) == "Seoul, 11, KR")
  }

  @Test("names filed with an invisible character are found with or without it")
  func filedWithInvisibleCharacters() throws {
    let plain = try #require(try gazetteer.search("Beyrutʻ").first)
    #expect(try gazetteer.search("Bey\u{AD}rutʻ").first == plain)
    #expect(GazetteerFold.key("Bey\u{AD}rutʻ") == GazetteerFold.key("Beyrutʻ"))
    #expect(GazetteerFold.key("\u{200C}") == "\u{200C}", "a zero-width non-joiner is spelling")
  }

  @Test("a name with a comma of its own is found whole before it is split")
  func commaInName() throws {
    #expect(try first("misato, SAITAMA") == "Misato, Saitama, 34, JP")
  }

  @Test("a qualifier's dots do not count: Washington, D.C. is Washington, DC")
  func dotsInQualifiers() throws {
    #expect(try first("Washington, D.C.") == "Washington, DC, US")
    #expect(try first("Washington, DC") == "Washington, DC, US")
    #expect(try first("St. Louis, MO")?.hasSuffix("MO, US") == true)
  }

  @Test("the Swift fold files names exactly as scripts/build-gazetteer.py did")
  func foldMatchesScript() throws {
    let text = String(decoding: Fixtures.data("gazetteer_fold_samples.tsv"), as: UTF8.self)
    let samples = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    #expect(samples.count > 5000)
    let mismatches = samples.filter { $0.count != 2 || GazetteerFold.key($0[0]) != $0[1] }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test("the fold: case, accents, width and spacing")
  func fold() {
    #expect(GazetteerFold.key("  São\tPaulo ") == "sao paulo")
    #expect(GazetteerFold.key("ＳＥＯＵＬ") == "seoul")
    #expect(GazetteerFold.key("ｿｳﾙ") == "ソウル")
    #expect(GazetteerFold.key("İSTANBUL") == "istanbul")
    #expect(GazetteerFold.key("Köln") == "koln")
    #expect(GazetteerFold.key("서울") == "서울")
  }

  @Test("loads nothing until the first search, then loads once for many concurrent searches")
  func loadsOnce() throws {
    let fresh = Gazetteer()
    #expect(fresh.loadCount == 0)
    let answers = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      let name = ["Seoul", "서울", "Anchorage, AK", "Paris, TX"][index % 4]
      let found = (try? fresh.search(name).first?.name) ?? "error"
      answers.withLock { $0.append(found) }
    }
    #expect(fresh.loadCount == 1)
    #expect(
      answers.value.sorted() == ["Anchorage", "Anchorage", "Paris", "Paris"]
        + Array(repeating: "Seoul", count: 4))
    _ = try fresh.search("Tokyo")
    #expect(fresh.loadCount == 1)
  }

  @Test("a failed load is a clear failure, reported again without loading again")
  func failedLoad() throws {
    let attempts = Locked(0)
    let failing = Gazetteer(files: {
      attempts.withLock { $0 += 1 }
      throw GazetteerError("names.tsv is too large")
    })
    for _ in 0..<2 {
      #expect {
        _ = try failing.search("Seoul")
      } throws: { error in
        "\(error)" == "gazetteer unavailable: names.tsv is too large"
      }
    }
    #expect(failing.loadCount == 1)
    #expect(attempts.value == 1)
  }

  @Test("the files linked into the binary are the gazetteer's files, byte for byte")
  func embeddedFilesMatchTheSources() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/Effects/GazetteerData/Gazetteer").standardized
    let files = GazetteerFiles.embedded
    for file in [files.names, files.places, files.countries, files.admin1] {
      let onDisk = try Data(contentsOf: folder.appendingPathComponent(file.name))
      #expect(file.bytes.count == onDisk.count, "\(file.name)")
      #expect(
        Data(buffer: file.bytes) == onDisk,
        """
        \(file.name) differs from the copy linked in: scripts/build-gazetteer.py re-stamps \
        GazetteerData.c so that the next build compiles it again
        """)
    }
  }

  @Test("the geocoding client searches the gazetteer")
  func client() async throws {
    let places = try await GeocodingClient.gazetteer.search("Anchorage, AK")
    #expect(places.first?.timeZone == "America/Anchorage")
  }

  @Test("the bench measurement times a cold lookup and every later one")
  func timings() throws {
    let timings = try GazetteerTimings.measure(
      Gazetteer(), queries: ["Seoul", "서울", "Qqqzzx"],
      rounds: 2)
    #expect(timings.lookups == 6)
    #expect(timings.firstLookup > .zero)
    #expect(timings.medianLookup <= timings.slowestLookup)
  }
}
