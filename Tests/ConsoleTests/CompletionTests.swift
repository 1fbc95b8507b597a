import Testing

@testable import Console
@testable import TestSupport

/// Tab: the command words, and in an action typed as Swift the cases and labels of the type
/// expected where the cursor is.
@Suite("Tab completion")
struct CompletionTests {
  private func complete(_ text: String) -> Completion? {
    Completion.of(
      text, action: Podcast.Action.self, words: ["add", "adopt", ":help", ":history"])
  }

  @Test("a command word completes among the commands, ignoring case")
  func commandWords() {
    #expect(complete("ad") == Completion(start: 0, candidates: ["add", "adopt"]))
    #expect(complete("  :HI") == Completion(start: 2, candidates: [":history"]))
    #expect(complete("add 1") == nil)
    #expect(complete("zzz") == nil)
  }

  @Test("a case completes among the cases of the type expected at its level")
  func cases() {
    #expect(complete(".mo") == Completion(start: 0, candidates: [".moved("]))
    #expect(complete(".c") == Completion(start: 0, candidates: [".cleared"]))
    #expect(
      complete(".episodes(.element(id: 1, action: .d")
        == Completion(start: 34, candidates: [".downloadTapped"]))
    #expect(
      complete(#".search(.queryChanged("a, (b"), .x"#) == nil)
    #expect(
      complete(".played(1, speed: .f") == Completion(start: 18, candidates: [".fast"]))
    #expect(
      complete(".destination(.")
        == Completion(start: 13, candidates: [".search(", ".player("]))
  }

  @Test("a payload's or a struct's labels complete where an argument starts")
  func labels() {
    #expect(complete(".moved(") == Completion(start: 7, candidates: ["from: ", "to: "]))
    #expect(complete(".moved(from: 1, ") == Completion(start: 16, candidates: ["to: "]))
    #expect(complete(".moved(from: 1, t") == Completion(start: 16, candidates: ["to: "]))
    #expect(
      complete(".episodes(.element(") == Completion(start: 19, candidates: ["id: ", "action: "]))
    let episode = Completion.of("(id: 1, ti", action: Podcast.Episode.self, words: [])
    #expect(episode == nil)  // a struct typed alone is not an action line: it starts with "("
  }

  @Test("Tab types the common start, and shows the choices when it adds nothing")
  func editor() {
    var editor = LineEditor(prompt: "> ")
    editor.completer = complete
    for character in ".episodes(.element(id: 1, action: .do" {
      _ = editor.handle(.character(character))
    }
    #expect(editor.handle(.tab) == nil)
    #expect(String(editor.text) == ".episodes(.element(id: 1, action: .downloadTapped")
    var choosing = LineEditor(prompt: "> ")
    choosing.completer = complete
    _ = choosing.handle(.character("a"))
    #expect(choosing.handle(.tab) == nil)  // "ad": the common start of add and adopt
    #expect(choosing.handle(.tab) == .candidates(["add", "adopt"]))
  }
}
