// The example of docs/property-testing.md, compiled and run here (DocSnippetTests checks
// that the document shows exactly this region).

// snippet: settings
import StoreTesting
import Testing

@Test("a list's sum does not depend on its order")
func sumIgnoresOrder() {
  let gen = Gen.int(in: -1_000...1_000).array(count: 0...20)
  forAll(gen, .seed(42).examples(500).shrinkLimit(runs: 10_000)) { list in
    list.reduce(0, +) == list.reversed().reduce(0, +)
  }
}
// snippet: end
