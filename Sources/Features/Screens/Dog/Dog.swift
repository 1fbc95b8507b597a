/// A dog's breed, which sets its adoption fee.
///
/// ```swift
/// Breed.pug.adoptionFee   // 30000 (원)
/// Breed(rawValue: "poodle")
/// ```
public enum Breed: String, CaseIterable, Equatable, Sendable, Codable {
  case pug
  case poodle

  /// What adopting a dog of this breed costs, in won: poodle 20000, pug 30000.
  public var adoptionFee: Int {
    switch self {
    case .poodle: 20_000
    case .pug: 30_000
    }
  }

  /// The picture an adopted dog of this breed gets: `pug.jpeg`, `poodle.jpeg` (the raw value
  /// and `.jpeg`, written out: no interpolation on every adoption).
  public var imageName: String {
    switch self {
    case .pug: "pug.jpeg"
    case .poodle: "poodle.jpeg"
    }
  }
}

/// A dog on the dog screen.
///
/// ```swift
/// let bella = Dog(name: "bella", birthday: CalendarDay(year: 2024, month: 5, day: 1)!,
///                 breed: .pug, imageName: "pug.jpeg")
/// bella.id   // "bella"
/// ```
public struct Dog: Equatable, Sendable, Codable, Identifiable {
  /// Unique among the dogs, ignoring case; one word, so that `dog NAME` can name it.
  public var name: String
  /// The calendar day the dog was born. Its age is counted from the start of this day.
  public var birthday: CalendarDay
  public var breed: Breed
  /// The picture's file name, e.g. `pomeranian.jpeg`.
  public var imageName: String

  public init(name: String, birthday: CalendarDay, breed: Breed, imageName: String) {
    self.name = name
    self.birthday = birthday
    self.breed = breed
    self.imageName = imageName
  }

  /// The name ignoring case (`Rex` and `rex` are one dog): what the dog screen's collection is
  /// keyed by. Computed, so it is neither stored, encoded nor fingerprinted.
  ///
  /// ```swift
  /// Dog(name: "Rex", birthday: day, breed: .pug, imageName: "pug.jpeg").id   // "rex"
  /// ```
  public var id: String { Dog.id(ofName: name) }

  /// The id of a dog called `name`: O(length of the name). A name of nothing but ASCII is
  /// lowercased byte by byte (`A`…`Z` to `a`…`z`, what `lowercased()` does to ASCII), and
  /// returned as it is when it has no uppercase letter: no Unicode case mapping for the usual
  /// name, read on every dog action.
  static func id(ofName name: String) -> String {
    var name = name
    let ascii = name.withUTF8 { bytes -> String?? in
      var uppercase = 0
      for byte in bytes {
        guard byte < 0x80 else { return nil }  // not ASCII
        if byte &- 0x41 < 26 { uppercase += 1 }
      }
      guard uppercase > 0 else { return String?.none }  // its own id
      return String(unsafeUninitializedCapacity: bytes.count) { lowered in
        for (offset, byte) in bytes.enumerated() {
          lowered[offset] = byte &- 0x41 < 26 ? byte | 0x20 : byte
        }
        return bytes.count
      }
    }
    switch ascii {
    case .some(.some(let lowered)): return lowered
    case .some(.none): return name
    case .none: return name.lowercased()
    }
  }
}
