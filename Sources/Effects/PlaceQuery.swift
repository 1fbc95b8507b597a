import Features
import Foundation

/// A typed city name taken apart: `Paris, TX` is the city `Paris` narrowed by the qualifier `TX`,
/// which must name the place's region (code or name) or its country (ISO code or name).
///
/// ```swift
/// let query = PlaceQuery("Anchorage, AK")
/// query.city          // "Anchorage"
/// query.qualifiers    // ["ak"]  (folded, without dots: `D.C.` is `dc`)
/// PlaceQuery("Seoul,").city    // "Seoul": a stray comma narrows nothing
/// ```
///
/// Invisible format characters a pasted name may hold (a zero-width space, a soft hyphen: see
/// ``GazetteerFold/invisible``) are dropped first, so the city a live geocoder is asked for is
/// the one the user sees.
struct PlaceQuery: Sendable, Equatable {
  /// The whole text, trimmed, without invisible characters.
  let text: String
  /// The city part (before the first comma), trimmed, as typed.
  let city: String
  /// The folded qualifiers after the first comma, empty ones dropped.
  let qualifiers: [String]
  /// Whether the text has a comma: the part after it may narrow the city (or, empty, nothing).
  let hasQualifierPart: Bool

  init(_ typed: String) {
    var visible = String.UnicodeScalarView()
    visible.append(
      contentsOf: typed.unicodeScalars.lazy.filter { !GazetteerFold.invisible.contains($0.value) })
    let text = String(visible)
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    self.text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    self.city = String(parts.first ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    self.qualifiers = parts.dropFirst().map { Self.qualifierKey(String($0)) }.filter {
      !$0.isEmpty
    }
    self.hasQualifierPart = parts.count > 1
  }

  /// The key a qualifier, or a name it is compared with, is matched by: folded, without dots,
  /// so `D.C.` is `DC`.
  static func qualifierKey(_ text: String) -> String {
    GazetteerFold.key(text.replacingOccurrences(of: ".", with: ""))
  }

  /// Whether every qualifier names `place`'s region or country.
  func narrows(to place: Place, regions: RegionTable?) -> Bool {
    guard !qualifiers.isEmpty else { return true }
    let keys =
      regions?.qualifierKeys(
        countryCode: place.countryCode, regionCode: place.regionCode, region: place.region)
      ?? Set(
        [place.countryCode, place.country, place.region, place.regionCode].compactMap { $0 }.map(
          Self.qualifierKey))
    return qualifiers.allSatisfy(keys.contains)
  }
}
