import Foundation

@testable import Console

/// A state with every kind of change the page's patches carry: keys that come and go, lists
/// that grow, shrink and change in the middle, elements with ids; at most 40 books, so that a
/// long session's state stays the size of a usual one.
struct Shelf: Codable, Equatable {
  struct Book: Codable, Equatable {
    var id: Int
    var title: String
    var tags: [String] = []
  }

  var books: [Book] = []
  var note: String?
  var counts: [String: Int] = [:]
  var flag = false

  /// The shelf after one random change.
  func mutated(_ generator: inout SplitMix) -> Shelf {
    var next = self
    switch generator.next() % 9 {
    case 0 where next.books.count >= 40, 1 where next.books.count >= 40:
      next.books.removeFirst(next.books.count / 2)
    case 0, 1:
      next.books.append(Book(id: Int(generator.next() % 1000), title: "t\(generator.next() % 50)"))
    case 2 where !next.books.isEmpty:
      next.books.remove(at: Int(generator.next() % UInt64(next.books.count)))
    case 3 where !next.books.isEmpty:
      let index = Int(generator.next() % UInt64(next.books.count))
      if next.books[index].tags.count > 5 { next.books[index].tags.removeAll() }
      next.books[index].tags.append("<tag \(generator.next() % 7)>")
    case 4: next.note = next.note == nil ? "note \(generator.next() % 9)" : nil
    case 5: next.counts["k\(generator.next() % 6)"] = Int(generator.next() % 100)
    case 6: next.counts.removeValue(forKey: "k\(generator.next() % 6)")
    case 7: next.flag.toggle()
    default:
      if next.books.count > 3 { next.books.insert(next.books.removeLast(), at: 1) }
    }
    return next
  }
}

/// A deterministic generator for the tests' sessions.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The page script's `apply`, in Swift: what the tests rebuild states with.
enum PatchApplier {
  static func set(_ path: [PageJSON], _ value: PageJSON) -> PageJSON {
    .array([.string("s"), .array(path), value])
  }

  /// `value` with every object's keys sorted, as a state's JSON has them (a patch adds a key
  /// last, as the page's script does; the order is not part of the state).
  static func sorted(_ value: PageJSON) -> PageJSON {
    switch value {
    case .array(let items): return .array(items.map(sorted))
    case .object(let members):
      return .object(members.sorted { $0.key < $1.key }.map { .init($0.key, sorted($0.value)) })
    default: return value
    }
  }

  static func apply(_ ops: [PageJSON], to state: PageJSON) throws -> PageJSON {
    var state = state
    for op in ops {
      guard case .array(let items) = op, items.count >= 2, case .string(let kind) = items[0],
        case .array(let path) = items[1]
      else { throw PageTestError() }
      state = try apply(kind, path[...], items.count > 2 ? items[2] : nil, to: state)
    }
    return state
  }

  private static func apply(
    _ kind: String, _ path: ArraySlice<PageJSON>, _ value: PageJSON?, to node: PageJSON
  ) throws -> PageJSON {
    guard let key = path.first else { return value ?? .null }
    let last = path.count == 1
    switch (node, key) {
    case (.object(var members), .string(let name)):
      let index = members.firstIndex { $0.key == name }
      if last, kind == "d" {
        if let index { members.remove(at: index) }
      } else if last {
        if let index { members[index].value = value! } else { members.append(.init(name, value!)) }
      } else if let index {
        members[index].value = try apply(kind, path.dropFirst(), value, to: members[index].value)
      } else {
        throw PageTestError()
      }
      return .object(members)
    case (.array(var items), .number(let text)):
      let index = Int(text)!
      if last, kind == "d" {
        items.remove(at: index)
      } else if last, kind == "i" {
        items.insert(value!, at: index)
      } else if last {
        items[index] = value!
      } else {
        items[index] = try apply(kind, path.dropFirst(), value, to: items[index])
      }
      return .array(items)
    default: throw PageTestError()
    }
  }
}
