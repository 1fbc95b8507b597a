/// Everything that can happen to the dog screen.
///
/// ```swift
/// store.send(.dog(.show(nil)))          // show the selected dog
/// store.send(.dog(.show("bella")))      // select bella and show her
/// store.send(.dog(.adopt(name: "bella", birthday: CalendarDay(year: 2024, month: 5, day: 1)!,
///                        breed: .pug)))
/// ```
public enum DogAction: Equatable, Sendable, Codable {
  /// Show the dog named so (any case), selecting it; with nil, the selected dog.
  case show(String?)
  /// Adopt a new dog born on `birthday`, and select it. It gets its breed's picture.
  case adopt(name: String, birthday: CalendarDay, breed: Breed)
}
