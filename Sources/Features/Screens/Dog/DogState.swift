import Foundation
import Store

/// What the dog screen knows: the dogs, in the order they came, and which one it shows.
///
/// Before launch there are none; `launched(at:)` brings the example's dog (see
/// ``DogState/launched(at:in:)``).
///
/// ```swift
/// var dogs = DogState.launched(at: now, in: seoul)
/// dogs.selected?.name      // "poodle"
/// dogs.dog(named: "POODLE") // the same dog: names ignore case
/// ```
///
/// The dogs are an identified collection keyed by their names ignoring case (``Dog/id``), so
/// that `dog NAME` finds one in O(1) and the dog reducer can run a feature per dog with
/// `forEach`. In JSON they stay a plain array; decoding refuses two dogs whose names differ
/// only in case with the same problem ``rangeProblem`` names.
public struct DogState: Equatable, Sendable, Codable {
  /// Every dog, oldest adoption first.
  public var dogs: IdentifiedArrayOf<Dog>
  /// The name of the dog the screen shows, if any.
  public var selectedName: String?

  public init(dogs: IdentifiedArrayOf<Dog> = IdentifiedArrayOf<Dog>(), selectedName: String? = nil)
  {
    self.dogs = dogs
    self.selectedName = selectedName
  }

  /// How long before launch the example's dog was born: `2 * 86500 * 380` seconds, as the
  /// example wrote it (about 2 years and 31 days, so `2 살` at launch).
  public static let exampleDogAgeAtLaunch: TimeInterval = 2 * 86500 * 380

  /// The dog screen at launch: the example's dog — name `poodle`, breed poodle, image
  /// `pomeranian.jpeg` — born on the day, in `timeZone`, that lies
  /// ``exampleDogAgeAtLaunch`` seconds before `date`; selected.
  public static func launched(at date: Date, in timeZone: TimeZone) -> DogState {
    let poodle = exampleDog(launchedAt: date, in: timeZone)
    // Appended rather than written as a literal: the literal's initializer is not inlinable,
    // and unspecialised it costs more than the rest of `launched`.
    var dogs = IdentifiedArrayOf<Dog>()
    dogs.append(poodle)
    return DogState(dogs: dogs, selectedName: poodle.name)
  }

  /// Becomes ``launched(at:in:)``, keeping the storage of the dogs it held when no other
  /// state shares it, so a launch in a replay allocates no new collection.
  mutating func launch(at date: Date, in timeZone: TimeZone) {
    let poodle = DogState.exampleDog(launchedAt: date, in: timeZone)
    dogs.removeAll(keepingCapacity: true)
    dogs.append(poodle)
    selectedName = poodle.name
  }

  /// The example's dog, for a launch at `date` in `timeZone`.
  static func exampleDog(launchedAt date: Date, in timeZone: TimeZone) -> Dog {
    let born = date.addingTimeInterval(-exampleDogAgeAtLaunch)
    return Dog(
      name: "poodle", birthday: CalendarDay(of: born, in: timeZone), breed: .poodle,
      imageName: "pomeranian.jpeg")
  }

  /// The dog called `name`, ignoring case: one lookup by id, O(length of the name).
  public func dog(named name: String) -> Dog? {
    dogs[id: Dog.id(ofName: name)]
  }

  /// Whether a dog is called `name`, ignoring case: ``dog(named:)`` without copying the dog out.
  func hasDog(named name: String?) -> Bool {
    guard let name else { return false }
    return dogs.index(id: Dog.id(ofName: name)) != nil
  }

  /// The dog the screen shows: the selected dog's detail, which the dog reducer runs as an
  /// optional child with `ifLet`.
  ///
  /// ```swift
  /// dogs.selected = rex   // rex, added if he was not there, is shown
  /// dogs.selected = nil   // no dog is shown
  /// ```
  ///
  /// Setting a dog replaces the dog with its id (or appends it) and selects it by its name,
  /// unless it is selected already (then ``selectedName`` keeps its spelling).
  public var selected: Dog? {
    get { selectedName.flatMap(dog(named:)) }
    set {
      guard let newValue else {
        selectedName = nil
        return
      }
      dogs[id: newValue.id] = newValue
      if selectedName.map(Dog.id(ofName:)) != newValue.id { selectedName = newValue.name }
    }
  }

  private enum CodingKeys: String, CodingKey {
    case dogs
    case selectedName
  }

  /// Decodes the dogs as a plain array, then checks that no two share a name ignoring case:
  /// when two do, throws the ``RangeProblem`` that ``rangeProblem`` would name for that list
  /// (the first dog out of the rules, or the second of the pair: `dogs[1].name is not allowed:
  /// another dog has the same name`), its path starting from the decoder's.
  ///
  /// ```swift
  /// let dogs = try JSONDecoder().decode(DogState.self, from: json)
  /// ```
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let list = try container.decode([Dog].self, forKey: .dogs)
    selectedName = try container.decodeIfPresent(String.self, forKey: .selectedName)
    dogs = IdentifiedArrayOf<Dog>()
    for dog in list where !dogs.append(dog).inserted {
      // The list breaks the rules: name its first problem, as `rangeProblem` would.
      let problem = DogState.rangeProblem(ofDogs: list)!
      var parent = ""
      for key in decoder.codingPath {
        parent += key.intValue.map { "[\($0)]" } ?? ((parent.isEmpty ? "" : ".") + key.stringValue)
      }
      throw parent.isEmpty ? problem : problem.within(parent)
    }
  }
}
