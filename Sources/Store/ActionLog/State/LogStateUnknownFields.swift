import Foundation

/// Finds a field in a state's JSON that the state's type does not have — a misspelt or newer
/// field, which `Codable` would skip in silence, so that an optional field written with the wrong
/// name would read as nil.
///
/// ```swift
/// let json = Array(#"{"clock":{…},"dog":{…},"weather":{"querry":"Seoul",…}}"#.utf8)
/// let state = try decoder.decode(AppState.self, from: Data(json))
/// LogStateUnknownFields.first(in: json, of: state)   // ("weather.querry", offset of "querry")
/// ```
///
/// The decoded state is encoded again: when the bytes are those read (every log a recorder
/// wrote), there is nothing more to do. Otherwise both are parsed and every key read must be
/// one written back, or hold `null` (an absent optional). Bound: O(size of the JSON) time and
/// memory, the same as decoding it.
package enum LogStateUnknownFields {
  package static func first<State: Encodable>(
    in json: some Collection<UInt8>, of state: State
  ) -> (path: String, offset: Int)? {
    let read = Data(json)
    guard let written = try? LogStateCoding.encoder().encode(state), written != read,
      let readTree = try? JSONSerialization.jsonObject(with: read, options: [.fragmentsAllowed]),
      let writtenTree = try? JSONSerialization.jsonObject(
        with: written, options: [.fragmentsAllowed])
    else { return nil }
    guard let keys = unknown(readTree, writtenTree, path: []) else { return nil }
    return (describe(keys), offset(of: keys, in: Array(json)))
  }

  /// The path to the first key of `read` that `written` lacks, or nil.
  private static func unknown(_ read: Any, _ written: Any, path: [PathItem]) -> [PathItem]? {
    if let read = read as? [String: Any], let written = written as? [String: Any] {
      for key in read.keys.sorted() {
        guard let value = read[key] else { continue }
        guard let counterpart = written[key] else {
          if value is NSNull { continue }
          return path + [.key(key)]
        }
        if let found = unknown(value, counterpart, path: path + [.key(key)]) { return found }
      }
    } else if let read = read as? [Any], let written = written as? [Any] {
      for (index, (value, counterpart)) in zip(read, written).enumerated() {
        if let found = unknown(value, counterpart, path: path + [.index(index)]) { return found }
      }
    }
    return nil
  }

  private enum PathItem {
    case key(String)
    case index(Int)
  }

  /// `weather.querry`, `dog.dogs[1].nmae`.
  private static func describe(_ path: [PathItem]) -> String {
    var text = ""
    for item in path {
      switch item {
      case .key(let key): text += (text.isEmpty ? "" : ".") + key
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }

  /// The byte offset of the last key of `path` in `json`: each key looked for as `"key":` after
  /// the one before it (the first such place, which is where it is unless a string value
  /// earlier holds the same text).
  private static func offset(of path: [PathItem], in json: [UInt8]) -> Int {
    var start = 0
    for case .key(let key) in path {
      let quoted = Array("\"\(key)\"".utf8)
      var index = start
      var found: Int?
      while index + quoted.count <= json.count {
        if json[index..<index + quoted.count].elementsEqual(quoted) {
          var after = index + quoted.count
          while after < json.count, [0x20, 0x09, 0x0A, 0x0D].contains(json[after]) { after += 1 }
          if after < json.count, json[after] == UInt8(ascii: ":") {
            found = index
            break
          }
        }
        index += 1
      }
      guard let found else { return start }
      start = found
    }
    return start
  }
}
