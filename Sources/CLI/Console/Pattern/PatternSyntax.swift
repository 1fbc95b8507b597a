/// A regular expression that ``LinearPattern`` can match in linear time, parsed: the syntax
/// tree, or the first thing it does not accept with its column.
///
/// Accepted (RE2's core, ICU's spelling): literals; `.`; classes `[a-z]`, `[^…]`; escapes `\w \W
/// \d \D \s \S \b \B \t \n \r \f`, `\xHH`, `\uHHHH` and an escaped punctuation character; anchors
/// `^ $`; groups `(…)`, `(?:…)`, `(?<name>…)`; alternation `|`; quantifiers `* + ? {m} {m,}
/// {m,n}` (counts up to 1,000), lazy or not. Refused, with the column: backreferences and
/// lookaround, which no linear-time matcher can do, and inline flags.
indirect enum PatternNode: Equatable {
  case empty
  case scalar(Unicode.Scalar)
  case set(ScalarSet)
  case assertion(PatternAssertion)
  case concat([PatternNode])
  case alternate([PatternNode])
  case repeated(PatternNode, min: Int, max: Int?)
}

/// A zero-width test between two characters.
enum PatternAssertion: Equatable {
  case start, end, wordBoundary, notWordBoundary
}

/// Why a pattern was refused: the message, and the column (from 1, in characters) where the
/// problem starts.
package struct PatternError: Error, Equatable, CustomStringConvertible {
  package let column: Int
  package let message: String
  package var description: String { "column \(column): \(message)" }
}

/// The largest count `{m,n}` takes, as in RE2.
let patternMaxCount = 1_000

/// A recursive-descent parser over the pattern's Unicode scalars.
struct PatternParser {
  private let scalars: [Unicode.Scalar]
  private var index = 0
  /// How deeply groups nest at the current point.
  private var depth = 0

  init(_ pattern: String) { scalars = Array(pattern.unicodeScalars) }

  /// The whole pattern, parsed.
  static func parse(_ pattern: String) throws(PatternError) -> PatternNode {
    var parser = PatternParser(pattern)
    let node = try parser.alternation()
    if parser.index < parser.scalars.count {
      throw parser.error(
        "')' closes a group that was never opened; write \\) for the character itself")
    }
    return node
  }

  private func error(_ message: String, at index: Int? = nil) -> PatternError {
    PatternError(column: (index ?? self.index) + 1, message: message)
  }

  private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  private mutating func alternation() throws(PatternError) -> PatternNode {
    var branches = [try sequence()]
    while peek == "|" {
      index += 1
      branches.append(try sequence())
    }
    return branches.count == 1 ? branches[0] : .alternate(branches)
  }

  private mutating func sequence() throws(PatternError) -> PatternNode {
    var items: [PatternNode] = []
    while let next = peek, next != "|", next != ")" {
      let start = index
      let atom = try self.atom()
      items.append(try quantified(atom, start: start))
    }
    return items.count == 1 ? items[0] : items.isEmpty ? .empty : .concat(items)
  }

  private mutating func quantified(_ atom: PatternNode, start: Int) throws(PatternError)
    -> PatternNode
  {
    var node = atom
    var quantifiers = 0
    while let next = peek, "*+?{".unicodeScalars.contains(next) {
      let at = index
      let bounds: (min: Int, max: Int?)
      switch next {
      case "*": bounds = (0, nil)
      case "+": bounds = (1, nil)
      case "?": bounds = (0, 1)
      default: bounds = try count()
      }
      if next != "{" { index += 1 }
      quantifiers += 1
      if quantifiers > 1 {
        throw error(
          "two quantifiers in a row; put the first in a group, e.g. (a+)*", at: at)
      }
      if peek == "?" { index += 1 }  // lazy: the same matches, a different choice among them
      if peek == "+" {
        throw error("possessive quantifiers (*+, ++, ?+) are not supported", at: index)
      }
      node = .repeated(node, min: bounds.min, max: bounds.max)
    }
    _ = start
    return node
  }

  /// `{m}`, `{m,}` or `{m,n}` at the current `{`.
  private mutating func count() throws(PatternError) -> (min: Int, max: Int?) {
    let open = index
    index += 1
    func number() -> Int? {
      var value: Int?
      while let digit = peek,
        let figure = digit.properties.numericType == .decimal
          ? Int(String(digit)) : nil, digit.isASCII
      {
        value = min((value ?? 0) * 10 + figure, patternMaxCount + 1)
        index += 1
      }
      return value
    }
    let badCount = "'{' starts a count such as {2}, {2,} or {2,5}; write \\{ for the character"
    guard let low = number() else { throw error(badCount, at: open) }
    var high: Int? = low
    if peek == "," {
      index += 1
      high = number()
    }
    guard peek == "}" else { throw error(badCount, at: open) }
    index += 1
    if low > patternMaxCount || (high ?? 0) > patternMaxCount {
      throw error("counts go up to \(patternMaxCount)", at: open)
    }
    if let high, high < low {
      throw error("the count {\(low),\(high)} has its larger number first", at: open)
    }
    return (low, high)
  }

  private mutating func atom() throws(PatternError) -> PatternNode {
    guard let next = peek else { return .empty }
    let start = index
    index += 1
    switch next {
    case ".": return .set(.dot)
    case "^": return .assertion(.start)
    case "$": return .assertion(.end)
    case "[": return .set(try bracket(start: start))
    case "\\": return try escape(inClass: false)
    case "*", "+", "?":
      throw error("'\(next)' repeats nothing; write \\\(next) for the character", at: start)
    case "{":
      throw error("'{' repeats nothing; write \\{ for the character", at: start)
    case "(": return try group(start: start)
    default: return .scalar(next)
    }
  }

  private mutating func group(start: Int) throws(PatternError) -> PatternNode {
    if peek == "?" {
      let kind = index + 1 < scalars.count ? scalars[index + 1] : nil
      switch kind {
      case ":": index += 2
      case "=", "!":
        throw error(
          "lookahead (?\(kind!)…) is not supported: it cannot run in linear time", at: start)
      case "<" where index + 2 < scalars.count && "=!".unicodeScalars.contains(scalars[index + 2]):
        throw error(
          "lookbehind (?<\(scalars[index + 2])…) is not supported: it cannot run in linear time",
          at: start)
      case "<":
        index += 2
        while let letter = peek, letter != ">" {
          guard
            letter.properties.isAlphabetic
              || letter.isASCII && letter.value >= 48 && letter.value <= 57
          else {
            throw error("a group's name takes letters and digits only", at: index)
          }
          index += 1
        }
        guard peek == ">" else { throw error("the group's name never ends: add '>'", at: start) }
        index += 1
      default:
        throw error(
          "(?…) groups other than (?:…) and (?<name>…) are not supported (no flags, no lookaround)",
          at: start)
      }
    }
    depth += 1
    defer { depth -= 1 }
    guard depth <= 100 else { throw error("groups nest more than 100 deep", at: start) }
    let inner = try alternation()
    guard peek == ")" else { throw error("this '(' is never closed: add ')'", at: start) }
    index += 1
    return inner
  }

  /// The escape after a `\`: a class, an assertion or a scalar.
  private mutating func escape(inClass: Bool) throws(PatternError) -> PatternNode {
    let backslash = index - 1
    guard let letter = peek else {
      throw error("the pattern ends with a lone '\\'; write \\\\ for the character", at: backslash)
    }
    index += 1
    switch letter {
    case "w": return .set(ScalarSet(classes: [.word]))
    case "W": return .set(ScalarSet(classes: [.word], negated: true))
    case "d": return .set(ScalarSet(classes: [.digit]))
    case "D": return .set(ScalarSet(classes: [.digit], negated: true))
    case "s": return .set(ScalarSet(classes: [.space]))
    case "S": return .set(ScalarSet(classes: [.space], negated: true))
    case "b" where !inClass: return .assertion(.wordBoundary)
    case "B" where !inClass: return .assertion(.notWordBoundary)
    case "t": return .scalar("\t")
    case "n": return .scalar("\n")
    case "r": return .scalar("\r")
    case "f": return .scalar("\u{0C}")
    case "x": return .scalar(try hex(digits: 2, backslash: backslash))
    case "u": return .scalar(try hex(digits: 4, backslash: backslash))
    case "1"..."9", "k":
      throw error(
        "backreferences (\\\(letter)) are not supported: no linear-time matcher can do them",
        at: backslash)
    default:
      guard !letter.properties.isAlphabetic, !("0"..."9").contains(letter) else {
        throw error("unknown escape \\\(letter)", at: backslash)
      }
      return .scalar(letter)
    }
  }

  private mutating func hex(digits: Int, backslash: Int) throws(PatternError) -> Unicode.Scalar {
    guard index + digits <= scalars.count,
      let value = UInt32(
        String(String.UnicodeScalarView(scalars[index..<index + digits])), radix: 16),
      let scalar = Unicode.Scalar(value)
    else {
      throw error("\\\(scalars[backslash + 1]) takes \(digits) hex digits", at: backslash)
    }
    index += digits
    return scalar
  }

  /// A class `[…]` whose `[` is at `start`.
  private mutating func bracket(start: Int) throws(PatternError) -> ScalarSet {
    var set = ScalarSet()
    if peek == "^" {
      set.negated = true
      index += 1
    }
    var first = true
    while true {
      guard let next = peek else {
        throw error("this '[' is never closed: add ']'", at: start)
      }
      if next == "]", !first { index += 1; break }
      first = false
      if next == "[" {
        throw error("nested classes and [:name:] are not supported; write \\[ for the character")
      }
      let low: Unicode.Scalar
      index += 1
      if next == "\\" {
        switch try escape(inClass: true) {
        case .set(let inner):
          set.classes.append(
            contentsOf: inner.negated ? inner.classes.map { $0.negated } : inner.classes)
          continue
        case .scalar(let scalar): low = scalar
        default: throw error("unexpected escape in a class", at: index - 2)
        }
      } else {
        low = next
      }
      if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
        let dash = index
        index += 2
        var high = scalars[index - 1]
        if high == "\\" {
          guard case .scalar(let scalar) = try escape(inClass: true) else {
            throw error("a range ends on a class such as \\w", at: dash)
          }
          high = scalar
        } else if high == "[" {
          throw error(
            "nested classes are not supported; write \\[ for the character", at: index - 1)
        }
        guard low.value <= high.value else {
          throw error("the range \(low)-\(high) has its larger end first", at: dash - 1)
        }
        set.ranges.append(low...high)
      } else {
        set.ranges.append(low...low)
      }
    }
    return set
  }
}
