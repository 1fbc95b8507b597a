import AppLog
import Features
import Foundation
import PropertyTesting
import Store
import StoreTesting
import Testing

/// The dog screen's dogs as an identified collection of child features, keyed by their names
/// ignoring case: the same JSON, the same refusals, the same screens as the plain list before.
@Suite("Dogs as an identified collection")
struct DogCollectionTests {
  static let day = CalendarDay(year: 2024, month: 1, day: 1)!

  static func dog(_ name: String) -> Dog {
    Dog(name: name, birthday: day, breed: .pug, imageName: "pug.jpeg")
  }

  @Test("a dog's id is its name ignoring case, and finding a dog by name ignores case")
  func idIgnoresCase() {
    let state = DogState(dogs: [Self.dog("Rex"), Self.dog("bella")], selectedName: "REX")
    #expect(Self.dog("Rex").id == "rex")
    #expect(state.dog(named: "rEx")?.name == "Rex")
    #expect(state.selected?.name == "Rex")
    #expect(state.dogs.ids == ["rex", "bella"])
  }

  @Test("a dog's id is the name lowercased for every name, with or without the ASCII shortcut")
  func idIsTheLowercasedName() {
    var generator = SplitMix64(seed: 19)
    let pieces = [
      "a", "Z", "rex", "É", "ß", "İ", "ǅ", "9", " ", "-", "Ω", "ﬃ", "\u{0301}", "😀", "@", "[",
      "`", "{", "A",
    ]
    var names = [
      "", "poodle", "Poodle", "POODLE", "bella-2", String(repeating: "ab", count: 50_000),
      String(repeating: "Ab", count: 50_000),
    ]
    for _ in 0..<2_000 {
      let count = Int.random(in: 0...8, using: &generator)
      names.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
    }
    for name in names {
      #expect(Self.dog(name).id == name.lowercased(), "\(name.debugDescription)")
    }
  }

  @Test("the dogs encode as a plain array, byte for byte as a [Dog] does")
  func plainArrayJSON() throws {
    let dogs = [Self.dog("rex"), Self.dog("bella")]
    let state = DogState(dogs: IdentifiedArray(uniqueElements: dogs), selectedName: "rex")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(state), as: UTF8.self)
    let plain = String(decoding: try encoder.encode(dogs), as: UTF8.self)
    #expect(json == #"{"dogs":\#(plain),"selectedName":"rex"}"#)
    #expect(try JSONDecoder().decode(DogState.self, from: Data(json.utf8)) == state)
  }

  @Test("decoding two dogs whose names differ only in case names the second, as before")
  func duplicateNamesRefused() throws {
    let json = #"""
      {"dogs":[{"name":"rex","birthday":"2024-01-01","breed":"pug","imageName":""},
      {"name":"REX","birthday":"2024-01-01","breed":"pug","imageName":""}]}
      """#
    #expect(
      throws: RangeProblem(
        path: "dogs[1].name", reason: "is not allowed: another dog has the same name")
    ) {
      try JSONDecoder().decode(DogState.self, from: Data(json.utf8))
    }
  }

  @Test("a log whose state has two dogs of one name is refused with the range check's words")
  func duplicateNamesInALog() throws {
    var state = AppState(timeZone: .gmt)
    state.dog = DogState(dogs: [Self.dog("rex"), Self.dog("bella")])
    var json = String(
      decoding: try LogStateCoding.encode(state, with: LogStateCoding.encoder()), as: UTF8.self)
    json = json.replacingOccurrences(of: #""name":"bella""#, with: #""name":"Rex""#)
    #expect(
      throws: LogStateError.value("dog.dogs[1].name is not allowed: another dog has the same name")
    ) {
      try LogStateCoding.decode(
        AppState.self, from: Array(json.utf8), with: LogStateCoding.decoder())
    }
  }

  @Test("a dog out of the rules before the repeated name is named first, as the range check does")
  func firstProblemInOrder() {
    let json = #"""
      {"dogs":[{"name":"a b","birthday":"2024-01-01","breed":"pug","imageName":""},
      {"name":"rex","birthday":"2024-01-01","breed":"pug","imageName":""},
      {"name":"Rex","birthday":"2024-01-01","breed":"pug","imageName":""}]}
      """#
    #expect(
      throws: RangeProblem(
        path: "dogs[0].name",
        reason: "is not allowed: a dog's name is one word: no spaces or control characters")
    ) {
      try JSONDecoder().decode(DogState.self, from: Data(json.utf8))
    }
  }

  @Test("each breed's picture is its raw value and .jpeg")
  func breedPictures() {
    for breed in Breed.allCases { #expect(breed.imageName == "\(breed.rawValue).jpeg") }
  }

  @Test("a launch over any dogs leaves the dogs a fresh launch makes, and they grow again")
  func launchOverDogs() {
    let zone = TimeZone(identifier: "Asia/Seoul")!
    let now = Date(timeIntervalSince1970: 1_795_923_912)
    var state = AppState(timeZone: zone)
    state.dog = DogState(dogs: [Self.dog("rex"), Self.dog("bella")], selectedName: "REX")
    let shared = state
    _ = AppReducer().reduce(into: &state, action: .launched(at: now))
    #expect(state.dog == DogState.launched(at: now, in: zone))
    #expect(shared.dog.dogs.count == 2, "a state sharing the storage keeps its dogs")
    _ = AppReducer().reduce(into: &state, action: .launched(at: now))
    #expect(state.dog == DogState.launched(at: now, in: zone), "launched over a launch")
    state.dog.dogs.append(Self.dog("bella"))
    #expect(state.dog.dogs.map(\.name) == ["poodle", "bella"] && state.rangeProblem == nil)
  }

  @Test("showing the selected dog keeps the selected name as it was spelt")
  func showKeepsSpelling() {
    var state = DogReducer.State(
      dog: DogState(dogs: [Self.dog("rex")], selectedName: "REX"),
      today: CalendarDay(year: 2026, month: 1, day: 1)!)
    let before = state
    _ = DogReducer().reduce(into: &state, action: .show(nil))
    #expect(state == before)
    _ = DogReducer().reduce(into: &state, action: .show("Rex"))
    #expect(state.dog.selectedName == "rex")
  }

  @Test("adopting 100 × the usual dogs keeps every one findable by any spelling of its name")
  func manyDogs() {
    var state = DogReducer.State(
      dog: DogState(), today: CalendarDay(year: 2026, month: 1, day: 1)!)
    let reducer = DogReducer()
    for index in 0..<300 {
      _ = reducer.reduce(
        into: &state, action: .adopt(name: "Dog\(index)", birthday: Self.day, breed: .poodle))
    }
    _ = reducer.reduce(into: &state, action: .show("DOG7"))
    #expect(state.dog.dogs.count == 300)
    #expect(state.dog.selectedName == "Dog7")
    #expect(state.dog.dogs.map(\.name) == (0..<300).map { "Dog\($0)" })
    #expect(state.dog.rangeProblem == nil)
  }
}
