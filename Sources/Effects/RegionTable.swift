import Foundation

/// Countries and their first-level regions (states, provinces), from the bundled gazetteer: what
/// `City, Region` and `City, Country` are checked against, and how a live geocoder's region name
/// (`Alaska`) finds its short code (`AK`).
///
/// ```swift
/// let regions = RegionTable(files: .embedded)
/// regions.country("KR")?.name                       // "South Korea"
/// regions.regionCode(country: "US", name: "Alaska")  // "AK"
/// ```
struct RegionTable: Sendable {
  struct Country: Sendable, Equatable {
    var iso3: String
    var name: String
  }

  struct Region: Sendable, Equatable {
    var code: String
    var name: String
    var asciiName: String
  }

  private var countries: [String: Country] = [:]
  private var regions: [String: [Region]] = [:]
  /// Per country, each region's code under the folded keys of its name and ASCII name. Folded on
  /// a country's first ``regionCode(country:name:)``, not at load: folding every region's names
  /// up front would slow down every gazetteer load, and only live geocoders ask.
  private var codesByKey: [String: LoadOnce<[String: String]>] = [:]

  /// Reads `countries.tsv` (iso2, iso3, name) and `admin1.tsv` (country code, admin1 code, name,
  /// ASCII name), each with a header line.
  init(files: GazetteerFiles) {
    for fields in Self.rows(files.countries, width: 3) {
      countries[fields[0]] = Country(iso3: fields[1], name: fields[2])
    }
    for fields in Self.rows(files.admin1, width: 4) {
      regions[fields[0], default: []].append(
        Region(code: fields[1], name: fields[2], asciiName: fields[3]))
    }
    codesByKey = regions.mapValues { list in LoadOnce { Self.codes(of: list) } }
  }

  /// The country with ISO code `code`, e.g. `KR`.
  func country(_ code: String) -> Country? {
    countries[code.uppercased()]
  }

  /// The short code of the region of `country` called `name` (any case, accents or width).
  func regionCode(country: String, name: String) -> String? {
    let key = GazetteerFold.key(name)
    guard !key.isEmpty, let codes = try? codesByKey[country.uppercased()]?.value() else {
      return nil
    }
    return codes[key]
  }

  /// Each region's code under the keys of its name and ASCII name; where regions share a key, the
  /// first in file order keeps it.
  private static func codes(of regions: [Region]) -> [String: String] {
    var codes: [String: String] = [:]
    for region in regions {
      for name in [region.name, region.asciiName] {
        let key = GazetteerFold.key(name)
        if codes[key] == nil { codes[key] = region.code }
      }
    }
    return codes
  }

  /// The keys a `City, Qualifier` qualifier may use for the place's region or country: its code,
  /// name and ASCII name; the country's two- and three-letter codes and name.
  func qualifierKeys(countryCode: String, regionCode: String?, region: String?) -> Set<String> {
    var names = [countryCode, region, regionCode].compactMap { $0 }
    if let country = country(countryCode) { names += [country.iso3, country.name] }
    if let regionCode,
      let known = regions[countryCode.uppercased()]?.first(where: {
        $0.code == regionCode
      })
    {
      names += [known.name, known.asciiName]
    }
    names += Self.aliases[countryCode.uppercased()] ?? []
    return Set(names.map(PlaceQuery.qualifierKey).filter { !$0.isEmpty })
  }

  /// Everyday names that are not ISO codes or GeoNames' country names.
  private static let aliases: [String: [String]] = [
    "GB": ["UK", "Britain", "Great Britain"],
    "US": ["America", "United States of America"],
    "KR": ["Korea", "Republic of Korea"],
  ]

  private static func rows(_ file: FileBytes, width: Int) -> [[String]] {
    String(decoding: file.bytes, as: UTF8.self).split(separator: "\n").dropFirst().map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }.filter { $0.count == width }
  }
}
