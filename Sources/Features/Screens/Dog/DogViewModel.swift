/// The dog screen as text: the selected dog's name, age, adoption fee and picture.
///
/// The age is in whole years from the birthday to the clock screen's day (`2 살`), so moving the
/// clock a year makes the dog a year older; before the birthday it reads `not born yet`.
///
/// ```swift
/// DogViewModel(state: dogs, today: today).text   // "poodle · 2 살 · 20000원 · pomeranian.jpeg"
/// ```
public struct DogViewModel: Equatable, Sendable {
  /// The dog's name, e.g. `poodle`; empty when there is no dog.
  public let name: String
  /// `N 살`, or `not born yet`; empty when there is no dog.
  public let age: String
  /// The adoption fee by breed, e.g. `20000원`; empty when there is no dog.
  public let fee: String
  /// The picture's file name, e.g. `pomeranian.jpeg`; empty when there is no dog.
  public let imageName: String
  /// The line the screen shows.
  public let text: String

  /// Derives the display of the selected dog in `state`, aged to `today`.
  public init(state: DogState, today: CalendarDay) {
    guard let dog = state.selected else {
      (name, age, fee, imageName) = ("", "", "", "")
      text = "no dog (adopt NAME YYYY-MM-DD pug|poodle)"
      return
    }
    let years = dog.birthday.wholeYears(until: today)
    name = dog.name
    age = years < 0 ? "not born yet" : "\(years) 살"
    fee = "\(dog.breed.adoptionFee)원"
    imageName = dog.imageName
    text = [name, age, fee, imageName].joined(separator: " · ")
  }
}
