extension Unicode.Scalar {
  /// Whether this is a control character (general category Cc: U+0000–U+001F and
  /// U+007F–U+009F). The same answer as `properties.generalCategory == .control`, without the
  /// Unicode table lookup, which showed up in replay profiles.
  public var isControlCharacter: Bool {
    value < 0x20 || (0x7F...0x9F).contains(value)
  }
}
