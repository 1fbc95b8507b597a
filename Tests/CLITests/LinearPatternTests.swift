import Foundation
import PropertyTesting
import Testing

@testable import Console
@testable import UniflowConsole

@Suite("The linear-time pattern matcher of shrink --until")
struct LinearPatternTests {
  /// A random pattern of the supported syntax over a small alphabet, `depth` levels deep.
  static func pattern(_ random: inout SplitMix64, depth: Int = 0) -> String {
    var items: [String] = []
    for _ in 0...random.below(3) {
      var atom: String
      switch random.below(depth < 2 ? 14 : 11) {
      case 0, 1, 2: atom = ["a", "b", " ", "-", "1"][random.below(5)]
      case 3: atom = "."
      case 4: atom = ["[ab]", "[^a]", "[a-c]", "[\\d-]", "[^\\s]", "[a\\-]"][random.below(6)]
      case 5: atom = ["\\w", "\\W", "\\s", "\\S", "\\d", "\\D"][random.below(6)]
      case 6: atom = ["^", "$", "\\b", "\\B"][random.below(4)]
      case 7: atom = "\\."
      case 8, 9, 10: atom = "a"
      default:
        let inner = (0...random.below(2)).map { _ in pattern(&random, depth: depth + 1) }
        atom = (random.below(2) == 0 ? "(" : "(?:") + inner.joined(separator: "|") + ")"
      }
      if !["^", "$", "\\b", "\\B"].contains(atom) {
        // No lazy quantifiers: ICU answers no match for `(?:a?|b)*?$` on " " (a bug; see
        // `lazyLoops`), and laziness never changes whether there is a match.
        atom += ["", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,}"][random.below(9)]
      }
      items.append(atom)
    }
    return items.joined()
  }

  static func text(_ random: inout SplitMix64) -> String {
    String(
      (0..<random.below(12)).map { _ in ["a", "b", " ", "1", "-", ".", "c"][random.below(7)] })
  }

  @Test("it agrees with NSRegularExpression on match or no match, on 3,000 generated pairs")
  func agreesWithFoundation() throws {
    var random = SplitMix64(seed: 20)
    var matched = 0
    for _ in 0..<300 {
      let source = Self.pattern(&random)
      let pattern = try LinearPattern(source)
      let reference = try NSRegularExpression(pattern: source)
      for _ in 0..<10 {
        let text = Self.text(&random)
        let expected =
          reference.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        #expect(pattern.matches(text) == expected, "'\(source)' on '\(text)'")
        if expected { matched += 1 }
      }
    }
    // Both outcomes are well represented, so the agreement means something.
    #expect(matched > 300 && matched < 2_700)
  }

  @Test("(a+)+x on 10,000 a's takes at most characters × instructions steps, and fails")
  func nestedQuantifiersStayLinear() throws {
    let pattern = try LinearPattern("(a+)+x")
    func steps(_ count: Int) -> Int {
      var steps = 0
      #expect(!pattern.matches(String(repeating: "a", count: count), steps: &steps))
      return steps
    }
    let small = steps(100)
    let large = steps(10_000)
    #expect(large <= 10_001 * pattern.program.count)
    #expect(large <= 101 * small)
    var found = 0
    #expect(pattern.matches(String(repeating: "a", count: 10_000) + "x", steps: &found))
  }

  @Test("a dog named with 100 times more a's costs 100 times the steps, not more")
  func hostileScreenLine() throws {
    let pattern = try LinearPattern("(\\w+ ?)+ · not born")
    func steps(_ count: Int) -> Int {
      var steps = 0
      let line = "dog: " + String(repeating: "a", count: count) + " · 2 살 · 20000원"
      #expect(!pattern.matches(line, steps: &steps))
      return steps
    }
    let ten = steps(20)
    let thousand = steps(2_000)
    #expect(thousand <= 2_030 * pattern.program.count)
    #expect(thousand <= 110 * ten)
  }

  @Test("lazy quantifiers match where greedy ones do, where ICU misses (?:a?|b)*?$ on a space")
  func lazyLoops() throws {
    #expect(try LinearPattern("(?:a?|b)*?$").matches(" "))
    #expect(try LinearPattern("a+?b").matches("aaab"))
    #expect(try !LinearPattern("a+?b").matches("aaa"))
  }

  @Test("Korean text and ranges match by character")
  func unicode() throws {
    #expect(try LinearPattern("dog: .*-1 살").matches("dog: rex · -1 살 · 30000원"))
    #expect(try LinearPattern("^dog: [가-힣]+ ").matches("dog: 초코 · 2 살"))
    #expect(try !LinearPattern("^dog: [가-힣]+ ").matches("dog: rex · 2 살"))
  }

  @Test(
    "backreferences, lookaround and broken syntax are refused with the column and what to do",
    arguments: [
      (
        "(a)\\1",
        "column 4: backreferences (\\1) are not supported: no linear-time matcher can do them"
      ),
      ("x(?=y)", "column 2: lookahead (?=…) is not supported: it cannot run in linear time"),
      ("x(?<!y)", "column 2: lookbehind (?<!…) is not supported: it cannot run in linear time"),
      ("ab(c", "column 3: this '(' is never closed: add ')'"),
      (
        "ab)c",
        "column 3: ')' closes a group that was never opened; write \\) for the character itself"
      ),
      ("[ab", "column 1: this '[' is never closed: add ']'"),
      ("a**", "column 3: two quantifiers in a row; put the first in a group, e.g. (a+)*"),
      ("*a", "column 1: '*' repeats nothing; write \\* for the character"),
      ("a{2,1}", "column 2: the count {2,1} has its larger number first"),
      ("a{1001}", "column 2: counts go up to 1000"),
      (
        "a{x}",
        "column 2: '{' starts a count such as {2}, {2,} or {2,5}; write \\{ for the character"
      ),
      ("[z-a]", "column 2: the range z-a has its larger end first"),
      ("\\q", "column 1: unknown escape \\q"),
      (
        "(?i)a",
        "column 1: (?…) groups other than (?:…) and (?<name>…) are not supported (no flags, no lookaround)"
      ),
    ])
  func refusals(pattern: String, message: String) {
    #expect(throws: PatternError.self) { try LinearPattern(pattern) }
    do {
      _ = try LinearPattern(pattern)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("a pattern whose counts multiply past the program limit is refused")
  func programLimit() {
    #expect(throws: PatternError.self) { try LinearPattern("((a{1000}){1000}){1000}") }
  }
}
