// The example of docs/property-testing.md, compiled and run here (DocSnippetTests checks
// that the document shows exactly this region).

// snippet: quick-start
import StoreTesting
import Testing

@Test("reversing twice gives the list back")
func reverseTwice() {
  forAll(Gen.int.array()) { $0.reversed().reversed() == $0 }
}
// snippet: end
