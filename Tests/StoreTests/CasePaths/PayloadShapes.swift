import Foundation
import Store

/// Enums of every payload layout the reflective case paths must read, for the layout tests:
/// each is laid out differently by the compiler (single-payload, multi-payload with and without
/// spare bits, boxed, generic, resilient), and ``PayloadShapeCheck`` checks one case of each
/// against a hand-written `if case`.

final class Reference: Equatable, Sendable {
  let value: Int
  init(_ value: Int) { self.value = value }
  static func == (left: Reference, right: Reference) -> Bool { left.value == right.value }
}

protocol Named: Sendable {
  var name: String { get }
}

struct Person: Named, Equatable {
  let name: String
}

struct Failure: Error, Equatable {
  let code: Int
}

struct Empty: Equatable, Sendable {}

/// A single payload case and cases without payload: the payload's extra inhabitants (a
/// reference's invalid addresses) hold the other cases.
enum SinglePayload: Equatable, Sendable {
  case value(Reference)
  case first
  case second
}

/// Every payload a reference: the tag lives in the references' spare bits.
enum SpareBits: Equatable, Sendable {
  case left(Reference)
  case middle(Reference)
  case right(Reference)
  case text(String)
  case nothing
}

/// Payloads with no spare bits (integers, doubles): the tag is a byte after them.
enum ExtraTagByte: Equatable, Sendable {
  case count(Int)
  case ratio(Double)
  case pair(Int, Int)
  case nothing
}

/// Payloads of Foundation's resilient types, laid out at run time.
enum Resilient: Equatable, Sendable {
  case date(Date)
  case url(URL)
  case uuid(UUID)
  case decimal(Decimal)
  case data(Data)
  case nothing
}

/// Existential payloads.
enum Existential: Sendable {
  case error(any Error & Sendable)
  case named(any Named)
  case anything(any Sendable)
  case nothing
}

/// Boxed payloads, of several alignments, and a case with an empty payload.
indirect enum Boxed: Equatable, Sendable {
  case leaf(Int)
  case node(Boxed, Boxed)
  case text(String)
  case wide(SIMD4<Float>)
  case byte(UInt8)
  case empty(Empty)
  case nothing
}

/// A mix: some cases boxed, an optional, a nested enum, a labelled value, an empty payload.
enum Mixed: Equatable, Sendable {
  case optional(Int?)
  case optionalReference(Reference?)
  case nested(SinglePayload)
  indirect case boxed(Mixed)
  case labelled(value: String)
  case tuple(id: Int, name: String, flag: Bool)
  case empty(Empty)
  case void(Void)
  case nothing

  static func == (left: Mixed, right: Mixed) -> Bool {
    switch (left, right) {
    case (.optional(let a), .optional(let b)): a == b
    case (.optionalReference(let a), .optionalReference(let b)): a == b
    case (.nested(let a), .nested(let b)): a == b
    case (.boxed(let a), .boxed(let b)): a == b
    case (.labelled(let a), .labelled(let b)): a == b
    case (.tuple(let id, let name, let flag), .tuple(let otherID, let otherName, let otherFlag)):
      (id, name, flag) == (otherID, otherName, otherFlag)
    case (.empty, .empty), (.void, .void), (.nothing, .nothing): true
    default: false
    }
  }
}

/// A generic enum, specialised several ways.
enum Either<Left: Sendable, Right: Sendable>: Sendable {
  case left(Left)
  case right(Right)
  indirect case both(Left, Right)
  case neither
}

/// Two cases with the same payload type: a case learns which is its own from the first value
/// of either.
enum Twins: Equatable, Sendable {
  case first(String)
  case second(String)
  case other(Int)
}
