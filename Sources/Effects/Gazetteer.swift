import Features
import Foundation

/// The offline geocoder: every city of GeoNames' cities15000 table (34,006 places), bundled with
/// the app, searched by name, ASCII name or any alternate name, ignoring case, accents and width.
///
/// ```swift
/// try Gazetteer.bundled.search("서울").first?.name          // "Seoul"
/// try Gazetteer.bundled.search("Paris, TX").first?.region   // "Texas"
/// ```
///
/// `City, Region` and `City, Country` narrow the search (region by code or name, country by ISO
/// code or name); of the places that match, the most populous comes first. The data is loaded on
/// the first search, once, however many threads search at the same time.
///
/// Data: GeoNames, geonames.org, CC BY 4.0 (see `GazetteerData/Gazetteer/README.md`). The files
/// are linked into the binary, so the gazetteer works wherever the binary is copied.
public final class Gazetteer: Sendable {
  /// The gazetteer linked into the app.
  public static let bundled = Gazetteer()

  private let regions: LoadOnce<RegionTable>
  private let tables: LoadOnce<GazetteerTables>

  /// A gazetteer reading the files linked into the app when first searched.
  public convenience init() {
    self.init(files: { .embedded })
  }

  /// A gazetteer reading the files `scripts/build-gazetteer.py` writes, as `files()` gives them.
  init(files: @escaping @Sendable () throws -> GazetteerFiles) {
    let regions = LoadOnce { try RegionTable(files: files()) }
    self.regions = regions
    self.tables = LoadOnce { try GazetteerTables(files: files(), regions: regions.value()) }
  }

  /// The places called `name`, best first, at most `limit`; empty when none is. A name filed
  /// whole (commas and all) comes first; otherwise the part before the first comma, narrowed by
  /// what follows it (``PlaceQuery``): `Seoul, KR`, and `Seoul,` with nothing after the comma.
  public func search(_ name: String, limit: Int = 10) throws -> [Place] {
    let query = PlaceQuery(name)
    let tables = try self.tables.value()
    let whole = Array(tables.places(filedUnder: GazetteerFold.key(query.text)).prefix(limit))
    guard whole.isEmpty, query.hasQualifierPart else { return whole }
    let regions = try self.regions.value()
    return Array(
      tables.places(filedUnder: GazetteerFold.key(query.city)).lazy.filter {
        query.narrows(to: $0, regions: regions)
      }.prefix(limit))
  }

  /// Countries and regions alone, without loading the names: what live geocoders use.
  func regionTable() throws -> RegionTable {
    try regions.value()
  }

  /// How many times the names and places have been loaded: 0, then 1 for good.
  package var loadCount: Int { tables.loadCount }
}

extension GeocodingClient {
  /// The bundled offline gazetteer, the default geocoder: no network, the first search loads it.
  public static let gazetteer = GeocodingClient { name in try Gazetteer.bundled.search(name) }
}
