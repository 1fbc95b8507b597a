/// A set of Unicode scalars, as a pattern's `.`, `[…]`, `\w`, `\d` or `\s` names it; ICU's
/// definitions, so that patterns mean what they meant under NSRegularExpression.
struct ScalarSet: Equatable {
  /// A named class, or its complement (`\W` inside a bracket).
  struct Named: Equatable {
    enum Kind: Equatable { case word, digit, space, lineBreak }
    var kind: Kind
    var isNegated = false
    var negated: Named { Named(kind: kind, isNegated: !isNegated) }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
      let properties = scalar.properties
      let inside: Bool
      switch kind {
      case .word:
        switch properties.generalCategory {
        case .decimalNumber, .connectorPunctuation, .nonspacingMark, .spacingMark,
          .enclosingMark:
          inside = true
        default: inside = properties.isAlphabetic || properties.isJoinControl
        }
      case .digit: inside = properties.generalCategory == .decimalNumber
      case .space:
        switch properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: inside = true
        default: inside = "\t\n\u{0C}\r".unicodeScalars.contains(scalar)
        }
      case .lineBreak:
        inside = "\n\u{0B}\u{0C}\r\u{85}\u{2028}\u{2029}".unicodeScalars.contains(scalar)
      }
      return inside != isNegated
    }
  }

  var ranges: [ClosedRange<Unicode.Scalar>] = []
  var classes: [Named] = []
  var negated = false

  init(
    ranges: [ClosedRange<Unicode.Scalar>] = [], classes: [Named.Kind] = [], negated: Bool = false
  ) {
    self.ranges = ranges
    self.classes = classes.map { Named(kind: $0) }
    self.negated = negated
  }

  /// `.`: any scalar but a line break.
  static let dot = ScalarSet(classes: [.lineBreak], negated: true)

  func contains(_ scalar: Unicode.Scalar) -> Bool {
    let inside =
      ranges.contains { $0.contains(scalar) } || classes.contains { $0.contains(scalar) }
    return inside != negated
  }
}
