import Features
import Foundation

/// The bundled gazetteer's tables as loaded: the names index and the places, kept as the bytes of
/// their files with the offset of every line, so loading is finding the line breaks of two files
/// linked into the binary. Nothing is folded, hashed or parsed until a lookup needs it.
///
/// ```swift
/// let tables = try GazetteerTables(files: .embedded, regions: regions)
/// Array(tables.places(filedUnder: "seoul")).first?.name   // "Seoul"
/// ```
///
/// Formats (written by `scripts/build-gazetteer.py`): `names.tsv` holds `key TAB 3,17,…` lines
/// sorted by the keys' UTF-8 bytes; `places.tsv` has a header line, then one place a line, largest
/// population first: name, country code, admin1 code, admin1 name, latitude, longitude,
/// population, time zone.
struct GazetteerTables: Sendable {
  private let names: LineFile
  private let places: LineFile
  private let regions: RegionTable

  init(files: GazetteerFiles, regions: RegionTable) throws(GazetteerError) {
    names = try LineFile(files.names, header: false)
    places = try LineFile(files.places, header: true)
    self.regions = regions
  }

  /// The places filed under `key` (a ``GazetteerFold`` key), largest population first.
  func places(filedUnder key: String) -> some Sequence<Place> {
    numbers(filedUnder: key).lazy.compactMap(place(number:))
  }

  /// The numbers of the places filed under `key`: a binary search of the sorted names.
  private func numbers(filedUnder key: String) -> [Int] {
    let wanted = Array(key.utf8)
    guard !wanted.isEmpty else { return [] }
    var low = 0
    var high = names.count
    while low < high {
      let middle = (low + high) / 2
      let field = names.field(0, ofLine: middle)
      if names.bytes[field].lexicographicallyPrecedes(wanted) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low < names.count, names.bytes[names.field(0, ofLine: low)].elementsEqual(wanted) else {
      return []
    }
    return names.bytes[names.field(1, ofLine: low)].split(separator: UInt8(ascii: ",")).compactMap {
      Int(String(decoding: $0, as: UTF8.self))
    }
  }

  private func place(number: Int) -> Place? {
    guard number >= 0, number < places.count else { return nil }
    let fields = places.bytes[places.line(number)].split(
      separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false
    ).map { String(decoding: $0, as: UTF8.self) }
    guard fields.count == 8, let latitude = Double(fields[4]), let longitude = Double(fields[5])
    else { return nil }
    let countryCode = fields[1]
    return Place(
      name: fields[0], region: fields[3].isEmpty ? nil : fields[3],
      regionCode: fields[2].isEmpty ? nil : fields[2], countryCode: countryCode,
      country: regions.country(countryCode)?.name, latitude: latitude, longitude: longitude,
      timeZone: fields[7], population: Int(fields[6]))
  }
}

/// A text file's bytes and where each of its lines starts.
struct LineFile: Sendable {
  private let file: FileBytes
  private let starts: [Int32]

  init(_ file: FileBytes, header: Bool) throws(GazetteerError) {
    guard file.bytes.count < Int(Int32.max) else {
      throw GazetteerError("\(file.name) is too large")
    }
    self.file = file
    let buffer = file.bytes
    var starts: [Int32] = []
    starts.reserveCapacity(buffer.count / 16)
    var lineStart = 0
    for index in 0..<buffer.count where buffer[index] == 0x0A {
      if index > lineStart { starts.append(Int32(lineStart)) }
      lineStart = index + 1
    }
    if lineStart < buffer.count { starts.append(Int32(lineStart)) }
    if header, !starts.isEmpty { starts.removeFirst() }
    self.starts = starts
  }

  /// The file's bytes.
  var bytes: UnsafeBufferPointer<UInt8> { file.bytes }

  /// The number of lines (without the header).
  var count: Int { starts.count }

  /// The byte range of line `index`, without its line break.
  func line(_ index: Int) -> Range<Int> {
    let start = Int(starts[index])
    return start..<(bytes[start...].firstIndex(of: 0x0A) ?? bytes.count)
  }

  /// The byte range of the `number`th tab-separated field of line `index` (empty if missing).
  func field(_ number: Int, ofLine index: Int) -> Range<Int> {
    let whole = line(index)
    var start = whole.lowerBound
    for _ in 0..<number {
      guard let tab = bytes[start..<whole.upperBound].firstIndex(of: 0x09) else {
        return whole.upperBound..<whole.upperBound
      }
      start = tab + 1
    }
    let end = bytes[start..<whole.upperBound].firstIndex(of: 0x09) ?? whole.upperBound
    return start..<end
  }
}

/// Why the bundled gazetteer could not be used.
struct GazetteerError: Error, Equatable, CustomStringConvertible {
  let detail: String

  init(_ detail: String) {
    self.detail = detail
  }

  var description: String {
    "gazetteer unavailable: \(detail)"
  }
}
