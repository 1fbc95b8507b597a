import Store

extension EffectProperty {
  /// Runs the check and reports a failure to XCTest or Swift Testing at the caller's line: the
  /// simplest failing schedule as a `TestStore` test, the seed and a replay token.
  ///
  /// ```swift
  /// @Test("the weather screen ends on the last city asked for") @MainActor
  /// func lastRequestWins() async {
  ///   await weatherProperty.check()
  /// }
  /// ```
  @MainActor
  @discardableResult
  public func check(
    _ settings: PropertySettings = PropertySettings(), fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    function: String = #function
  ) async -> PropertyResult<Run> {
    installTestTracking()
    return await check(
      settings, fileID: fileID, filePath: filePath, line: line, column: column,
      function: function, reportFailure: reportToTestFramework)
  }
}
