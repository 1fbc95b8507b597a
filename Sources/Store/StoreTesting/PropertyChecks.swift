import Store

/// Checks that `property` holds for values of `gen`, reporting a failure — the simplest failing
/// input, the seed and a replay token — to XCTest or Swift Testing, whichever is running.
///
/// ```swift
/// @Test("reversing twice gives the list back")
/// func reverseTwice() {
///   forAll(Gen.int.array()) { $0.reversed().reversed() == $0 }
/// }
/// ```
@discardableResult
public func forAll<Value>(
  _ gen: Gen<Value>, _ settings: PropertySettings = PropertySettings(),
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, function: String = #function, _ property: (Value) throws -> Bool
) -> PropertyResult<Value> {
  forAll(
    gen, settings, fileID: fileID, filePath: filePath, line: line, column: column,
    function: function,
    reportFailure: reportToTestFramework, property)
}

extension ReducerProperty {
  /// Runs the check, reporting a failure — the shortest failing action sequence as Swift code,
  /// the seed and a replay token — to XCTest or Swift Testing, whichever is running.
  ///
  /// ```swift
  /// ReducerProperty(ClockReducer(), initialState: clock)
  ///   .action("moveDay") { _ in Gen.int(in: -9...9).map(ClockAction.moveDay) }
  ///   .invariant("never loading") { !$0.isLoading }
  ///   .check()
  /// ```
  @discardableResult
  public func check(
    _ settings: PropertySettings = PropertySettings(), fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    function: String = #function
  ) -> PropertyResult<ReducerRun<State, Action>> {
    check(
      settings, fileID: fileID, filePath: filePath, line: line, column: column,
      function: function,
      reportFailure: reportToTestFramework)
  }
}
