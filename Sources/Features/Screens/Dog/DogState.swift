import Foundation

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
public struct DogState: Equatable, Sendable, Codable {
  /// Every dog, oldest adoption first.
  public var dogs: [Dog]
  /// The name of the dog the screen shows, if any.
  public var selectedName: String?

  public init(dogs: [Dog] = [], selectedName: String? = nil) {
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
    let born = date.addingTimeInterval(-exampleDogAgeAtLaunch)
    let poodle = Dog(
      name: "poodle", birthday: CalendarDay(of: born, in: timeZone), breed: .poodle,
      imageName: "pomeranian.jpeg")
    return DogState(dogs: [poodle], selectedName: poodle.name)
  }

  /// The dog called `name`, ignoring case.
  public func dog(named name: String) -> Dog? {
    let wanted = name.lowercased()
    return dogs.first { $0.name.lowercased() == wanted }
  }

  /// The dog the screen shows.
  public var selected: Dog? {
    selectedName.flatMap(dog(named:))
  }
}
