import Foundation

/// What the executor says when an effect is misused.
extension EffectExecutor {
  static func lateSendMessage(_ action: Action, startedAt site: CallSite?) -> String {
    "An effect sent \(dumpText(action).replacingOccurrences(of: "\n", with: " ")) after it "
      + "finished, so the store did not deliver it"
      + (site.map { " (the effect is \($0.effectDescription))" } ?? "") + ". To fix, "
      + "make the `run` closure await the work that calls `send` instead of handing `send` to an "
      + "unstructured `Task`, so that the effect does not return while it still sends."
  }

  static func unhandledErrorMessage(_ error: any Error) -> String {
    "An effect threw an error it did not handle: \(error). To fix, catch it inside the `run` "
      + "closure, or pass `catch:` to `.run` to turn it into an action."
  }
}

/// Prints a misuse report as one line on stderr.
@MainActor
func printMisuse(_ failure: TestFailure) {
  FileHandle.standardError.write(Data("warning: \(failure.description)\n".utf8))
}
