import Foundation
import StoreTesting
import Testing

@testable import Effects

/// Fake keys, made by the generator at run time — never a real key in a file: 32 hexadecimal
/// digits, as Weatherbit's keys are, or shorter.
enum FakeKey {
  static let digits = Array("0123456789abcdef")
  static let gen = Gen.int(in: 5...32).flatMap { count in
    Gen.element(of: digits).array(count: count...count).map { String($0) }
  }
}

/// How a server might spell a key back: as it is, in capitals, percent-encoded once or twice,
/// as JSON or HTML escapes.
enum Spelling: String, CaseIterable, Sendable {
  case plain, upper, mixedCase, percent, percentLower, percentEveryOther, percentTwice
  case jsonEscapes, htmlDecimal, htmlHex

  func spell(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    func each(_ transform: (Int, Unicode.Scalar) -> String) -> String {
      scalars.enumerated().map { transform($0, $1) }.joined()
    }
    func hex(_ scalar: Unicode.Scalar, width: Int) -> String {
      let digits = String(scalar.value, radix: 16, uppercase: true)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    switch self {
    case .plain: return text
    case .upper: return text.uppercased()
    case .mixedCase: return each { $0 % 2 == 0 ? String($1).uppercased() : String($1) }
    case .percent: return each { "%" + hex($1, width: 2) }
    case .percentLower: return each { "%" + hex($1, width: 2).lowercased() }
    case .percentEveryOther: return each { $0 % 2 == 0 ? "%" + hex($1, width: 2) : String($1) }
    case .percentTwice: return each { "%25" + hex($1, width: 2) }
    case .jsonEscapes: return each { "\\u" + hex($1, width: 4) }
    case .htmlDecimal: return each { "&#\($1.value);" }
    case .htmlHex: return each { "&#x" + hex($1, width: 1) + ";" }
    }
  }
}

/// The part of `key` that `text` still gives away, found independently of the redaction: with
/// every escape undone (percent, to any depth; JSON; HTML) and capitals lowered, a run of eight
/// or more of its characters (all of a shorter key), or its first four or more right after
/// `key=` or `key:`. Nil when nothing leaks.
func leak(of key: String, in text: String) -> String? {
  var decoded = text
  for _ in 0..<4 {
    var next = decoded.removingPercentEncoding ?? decoded
    for pattern in [#"\\u([0-9A-Fa-f]{4})"#, #"&#x([0-9A-Fa-f]+);"#, #"&#([0-9]+);"#] {
      let radix = pattern.hasPrefix("&#(") ? 10 : 16
      guard let regex = try? Regex(pattern) else { continue }
      next = next.replacing(regex) { match in
        let digits = String(next[match.range].filter { $0.isHexDigit && $0 != "x" && $0 != "X" })
        let value = UInt32(radix == 10 ? String(digits) : digits, radix: radix) ?? 0x3F
        return Unicode.Scalar(value).map { String($0) } ?? "?"
      }
    }
    if next == decoded { break }
    decoded = next
  }
  let haystack = decoded.lowercased()
  let needle = Array(key.lowercased())
  let run = min(8, needle.count)
  for start in 0...(needle.count - run) {
    let piece = String(needle[start..<(start + run)])
    if haystack.contains(piece) { return piece }
  }
  for length in stride(from: needle.count, through: 4, by: -1) {
    let prefix = String(needle.prefix(length))
    for marker in ["key=", "key:", "key\":\"", "key\": \""] where haystack.contains(marker + prefix)
    {
      return marker + prefix
    }
  }
  return nil
}

@Suite("Keys never echo")
struct KeyRedactionTests {
  @Test("a key echoed in any case or encoding, whole or cut, leaves nothing behind")
  func anySpelling() {
    let context = Gen.element(of: [
      "", "bad request: ", "GET /v2.0/current?lat=37.5&lon=126.9&", "Invalid API key: ",
      String(repeating: "x", count: 195), "서울 ☁️ ",
    ])
    let cut = Gen.int(in: 0...3)
    forAll(
      Gen.zip(FakeKey.gen, Gen.element(of: Spelling.allCases), context, cut), .examples(600)
    ) { key, spelling, before, cutKind in
      let secret = Array(key)
      // The whole key; a run of 8 or more from anywhere in it; its start after key=.
      let pieces: [String] = [
        key, "key=" + key,
        String(secret.prefix(4)).isEmpty ? key : "key=" + String(secret.prefix(4)),
        "key=" + String(secret.prefix(max(4, secret.count / 2))),
        String(secret.suffix(min(8, secret.count))),
        String(secret.dropFirst(min(3, secret.count - min(8, secret.count))).prefix(8)),
      ]
      let piece = pieces[cutKind % pieces.count]
      let text = before + spelling.spell(piece) + "&units=I"
      let redacted = SecretRedaction(secret: key).redact(text)
      if let leaked = leak(of: key, in: redacted) {
        Issue.record(
          "\(spelling): \(text.debugDescription) leaves \(leaked) in \(redacted.debugDescription)")
        return false
      }
      return true
    }
  }

  @Test("text without the key, or with less of it than counts, is left as it is")
  func noOverRedaction() {
    let key = "0123456789abcdef0123456789abcdef"
    let redaction = SecretRedaction(secret: key)
    for text in [
      "Minutely API request limit exceeded. Please try again in one minute.",
      "key=012 is too short to count", "01234567 is eight, but not after key=: 0123456",
      "서울 ☁️ \u{1B}[2J", "",
    ] where leak(of: key, in: text) == nil {
      #expect(redaction.redact(text) == text)
    }
    #expect(redaction.redact("key=0123&x") == "key=[key]&x")
    #expect(redaction.redact("KEY%3D0123456789ABCDEF0123456789ABCDEF.") == "KEY%3D[key].")
  }

  @Test("an error body is redacted before it is cut to 200 characters")
  func redactedBeforeTheCut() throws {
    let key = APIKey("0123456789abcdef0123456789abcdef")!
    // `key=` ends at character 194: a cut first would leave `key=012345` behind.
    let body = #"{"error":"\#(String(repeating: "x", count: 190))key=\#(key.secret)"}"#
    let reason = try #require(HTTPFailure.reason(in: Data(body.utf8), redacting: [key.redaction]))
    #expect(reason == String(repeating: "x", count: 190) + "key=[key]")
    let long = #"{"error":"\#(String(repeating: "x", count: 198))\#(key.secret)"}"#
    let cut = try #require(HTTPFailure.reason(in: Data(long.utf8), redacting: [key.redaction]))
    #expect(cut == String(repeating: "x", count: 198) + "[k")
    #expect(leak(of: key.secret, in: cut) == nil)
  }
}
