import GazetteerData

/// The gazetteer's four files as bytes: by default the ones linked into the binary
/// (`GazetteerData.c`), which need no disk, no copy and no resource folder.
///
/// ```swift
/// let files = GazetteerFiles.embedded
/// files.names.bytes.count   // names.tsv's size in bytes
/// ```
struct GazetteerFiles: Sendable {
  var names: FileBytes
  var places: FileBytes
  var countries: FileBytes
  var admin1: FileBytes

  /// The files linked into the binary.
  static let embedded = GazetteerFiles(
    names: FileBytes(name: "names.tsv", uniflow_gazetteer_names),
    places: FileBytes(name: "places.tsv", uniflow_gazetteer_places),
    countries: FileBytes(name: "countries.tsv", uniflow_gazetteer_countries),
    admin1: FileBytes(name: "admin1.tsv", uniflow_gazetteer_admin1))
}

/// One file's name and its bytes in the binary's read-only data.
///
/// ```swift
/// let names = FileBytes(name: "names.tsv", uniflow_gazetteer_names)
/// ```
///
/// `@unchecked Sendable` is safe: `bytes` points into the executable's read-only data segment,
/// which is mapped for the whole life of the process, never written (the page is read-only) and
/// never freed, so any thread may read it at any time.
struct FileBytes: @unchecked Sendable {
  let name: String
  let bytes: UnsafeBufferPointer<UInt8>

  init(name: String, _ accessor: (UnsafeMutablePointer<Int>) -> UnsafePointer<UInt8>?) {
    var count = 0
    let start = accessor(&count)
    self.name = name
    self.bytes = UnsafeBufferPointer(start: start, count: count)
  }
}
