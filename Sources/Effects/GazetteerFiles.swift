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
/// names.bytes.count   // the file's size
/// ```
///
/// Kept as the data's address and length, plain integers, so the type is `Sendable` as the
/// compiler checks it; ``bytes`` makes the buffer again. The address stays good for the whole
/// process: it is in the executable's read-only data, mapped at start-up and never unmapped.
struct FileBytes: Sendable {
  let name: String
  private let address: UInt
  private let count: Int

  init(name: String, _ accessor: (UnsafeMutablePointer<Int>) -> UnsafePointer<UInt8>?) {
    var count = 0
    let start = accessor(&count)
    self.name = name
    self.address = UInt(bitPattern: start)
    self.count = start == nil ? 0 : count
  }

  /// The file's bytes.
  var bytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: UnsafePointer(bitPattern: address), count: count)
  }
}
