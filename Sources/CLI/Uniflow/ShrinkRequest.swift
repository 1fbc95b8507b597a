import Console
import Features

extension ShrinkRequest {
  /// `uniflow shrink --help`.
  static let usage = usage(
    program: "uniflow", screens: AppView.screenNames, example: "'dog: .*-1 살'")

  /// Parses the arguments after `uniflow shrink` (``parse(_:program:screens:examples:)``).
  ///
  /// ```swift
  /// try ShrinkRequest.parse(["s.log", "--until", "살", "--output", "small.log"])
  /// ```
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    do {
      let request = try parse(
        arguments, program: "uniflow", screens: AppView.screenNames,
        examples: ("'dog: .*살'", "dog"))
      return Options(mode: .shrink(request))
    } catch {
      throw UsageError(error)
    }
  }
}
