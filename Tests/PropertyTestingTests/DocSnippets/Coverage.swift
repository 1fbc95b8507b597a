// The example of docs/property-testing.md, compiled and run here (DocSnippetTests checks
// that the document shows exactly this region).

// snippet: coverage
import StoreTesting
import Testing

@Test("sorting keeps every element, for short and long lists alike")
func sortingKeepsElements() {
  let result = forAll(Gen.int(in: -50...50).array()) { list in
    classify(list.isEmpty, "empty")
    cover(20, list.count >= 5, "five or more")
    return list.sorted().count == list.count
  }
  print(result.statistics)  // "100 examples: 34% five or more, 16% empty"
}
// snippet: end
