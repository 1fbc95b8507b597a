import ActionLog
import Foundation

/// Where a value sits in an app's state: `episodes[id: 1].download`, `items[3].title`,
/// `ratings["swift"]`, `detail.draft` — the console prints changes at these paths and reads
/// them typed (`:find PATH`, `--only PATH`).
///
/// ```swift
/// let path = try StatePath("episodes[id: 1].download")
/// path.segments   // [.property("episodes"), .id(1), .property("download")]
/// path.description   // "episodes[id: 1].download"
/// ```
package struct StatePath: Hashable, CustomStringConvertible {
  package enum Segment: Hashable {
    /// A stored property, `.title`.
    case property(String)
    /// An element of a list by its offset, `[3]`.
    case index(Int)
    /// An element of an identified collection by its id, `[id: 1]`: the id as its value
    /// (where the console found it) or as typed (its text, where a path was read).
    case id(PathValue)
    /// A dictionary's value by its key, `["swift"]`.
    case key(PathValue)
    /// Into an optional that holds a value: shown as nothing, written `?` in Swift.
    case unwrap
  }

  package var segments: [Segment]

  package init(_ segments: [Segment] = []) {
    self.segments = segments
  }

  /// The path with `segment` added.
  package func appending(_ segment: Segment) -> StatePath {
    StatePath(segments + [segment])
  }

  /// `episodes[id: 1].download`; the empty path is `self`.
  package var description: String { written(literal: { StateText.describe($0) }, swift: false) }

  /// The path as Swift after `root`: `$0.detail?.draft`, `$0.todos[id: 2]?.title`, with each
  /// id as `literal` writes it.
  package func swift(root: String, literal: (Any) -> String) -> String {
    root + written(literal: literal, swift: true)
  }

  private func written(literal: (Any) -> String, swift: Bool) -> String {
    var text = ""
    for segment in segments {
      switch segment {
      case .property(let name): text += text.isEmpty && !swift ? name : "." + name
      case .index(let index): text += "[\(index)]"
      case .id(let id): text += "[id: \(id.text(literal))]" + (swift ? "?" : "")
      case .key(let key): text += "[\(key.text(literal))]"
      case .unwrap: if swift { text += "?" }
      }
    }
    return text.isEmpty && !swift ? "self" : text
  }
}

/// An id or key in a path: a value found in the state, or the text a path was typed with.
package enum PathValue: Hashable {
  case value(AnyHashable)
  case typed(String)

  /// As `literal` writes a value, or as typed.
  func text(_ literal: (Any) -> String) -> String {
    switch self {
    case .value(let value): literal(value.base)
    case .typed(let text): text
    }
  }
}

/// Why a typed path cannot be read: what is wrong and the column where it is.
package struct StatePathError: Error, Equatable, Sendable {
  package let message: String
  package let column: Int
}

extension StatePath {
  /// Reads a path as it is printed: names joined by dots, `[3]`, `[id: 1]`, `["key"]`.
  ///
  /// Bound: linear in the text.
  package init(_ text: String) throws(StatePathError) {
    var segments: [Segment] = []
    let characters = Array(text)
    var index = 0
    func error(_ message: String) -> StatePathError {
      StatePathError(message: message, column: index + 1)
    }
    while index < characters.count {
      let character = characters[index]
      if character == "." || index == 0, character != "[" {
        if character == "." { index += 1 }
        let start = index
        while index < characters.count,
          characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
        {
          index += 1
        }
        guard index > start else {
          throw error("expected a property's name")
        }
        segments.append(.property(String(characters[start..<index])))
      } else if character == "[" {
        index += 1
        guard let close = characters[index...].firstIndex(of: "]") else {
          throw error("the '[' is not closed")
        }
        let inside = String(characters[index..<close]).trimmingCharacters(in: .whitespaces)
        if inside.hasPrefix("id:") {
          let id = inside.dropFirst(3).trimmingCharacters(in: .whitespaces)
          guard !id.isEmpty else { throw error("expected an id after 'id:'") }
          segments.append(.id(.typed(id)))
        } else if let offset = Int(inside) {
          segments.append(.index(offset))
        } else if inside.hasPrefix("\"") {
          segments.append(.key(.typed(inside)))
        } else {
          throw error("expected [N], [id: ID] or [\"key\"]")
        }
        index = close + 1
      } else {
        throw error("unexpected '\(character)'")
      }
    }
    self.init(segments)
  }
}
