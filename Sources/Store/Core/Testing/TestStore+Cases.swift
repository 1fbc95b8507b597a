extension TestStore {
  /// Checks that the next action an effect sent is of `actionCase`, whatever its payload, and
  /// the state it produced.
  ///
  /// ```swift
  /// await store.send(.reload) { $0.isLoading = true }
  /// await store.receive(ActionCase(ClockAction.loaded)) { $0.isLoading = false }
  /// ```
  ///
  /// With ``Exhaustivity/off``, actions of other cases before it are skipped.
  public func receive<Value>(
    _ actionCase: ActionCase<Action, Value>,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert updateExpected: ((inout State) throws -> Void)? = nil
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await receive(
      matching: { actionCase.extract(from: $0) != nil },
      describe: { CaseMessages.otherCase($0) }, expecting: "", updateExpected, site)
  }

  /// Checks that the next action an effect sent is `actionCase` with `value` as its payload, and
  /// the state it produced.
  ///
  /// ```swift
  /// await store.receive(ActionCase(ClockAction.loaded), date) { $0.isLoading = false }
  /// ```
  public func receive<Value: Equatable>(
    _ actionCase: ActionCase<Action, Value>,
    _ value: Value,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert updateExpected: ((inout State) throws -> Void)? = nil
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let expected = actionCase.embed(value)
    await receive(
      matching: { actionCase.extract(from: $0) == value },
      describe: { received in
        actionCase.extract(from: received) == nil
          ? CaseMessages.otherCase(received) : CaseMessages.otherValue(expected, received)
      }, expecting: "\n\n  " + dumpText(expected), updateExpected, site)
  }
}

extension TestStore where Action: CasePathable {
  /// Checks that the next action an effect sent is of the case `actionCase` names, whatever its
  /// payload, and the state it produced — TCA's `receive(\.child.loaded)`.
  ///
  /// ```swift
  /// await store.send(.child(.reload))
  /// await store.receive(\.child.loaded) { $0.child.isLoading = false }
  /// ```
  public func receive<Value>(
    _ actionCase: KeyPath<Action.AllCasePaths, ActionCase<Action, Value>>,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert updateExpected: ((inout State) throws -> Void)? = nil
  ) async {
    await receive(
      Action.allCasePaths[keyPath: actionCase], fileID: fileID, filePath: filePath, line: line,
      column: column, assert: updateExpected)
  }

  /// Checks that the next action an effect sent is of the case `actionCase` names, with `value`
  /// as its payload, and the state it produced.
  ///
  /// ```swift
  /// await store.receive(\.child.loaded, 42) { $0.child.count = 42 }
  /// ```
  public func receive<Value: Equatable>(
    _ actionCase: KeyPath<Action.AllCasePaths, ActionCase<Action, Value>>,
    _ value: Value,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert updateExpected: ((inout State) throws -> Void)? = nil
  ) async {
    await receive(
      Action.allCasePaths[keyPath: actionCase], value, fileID: fileID, filePath: filePath,
      line: line, column: column, assert: updateExpected)
  }
}

extension TestStore where Action: CasePathable {
  /// Sends the action of the case `actionCase` names, built from `value`, and checks the state
  /// it produced like ``send(_:fileID:filePath:line:column:assert:)``.
  ///
  /// ```swift
  /// await store.send(\.view.delete, [0]) { $0.items = [] }
  /// await store.send(\.view.tap, ())   // a case without payload
  /// ```
  @discardableResult
  public func send<Value>(
    _ actionCase: KeyPath<Action.AllCasePaths, ActionCase<Action, Value>>,
    _ value: Value,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert updateExpected: ((inout State) throws -> Void)? = nil
  ) async -> StoreTask {
    await send(
      Action.allCasePaths[keyPath: actionCase].embed(value), fileID: fileID, filePath: filePath,
      line: line, column: column, assert: updateExpected)
  }
}

/// The wording of failures of `receive` by case, TCA's headline. Tests lock it.
enum CaseMessages {
  static func otherCase<Action>(_ received: Action) -> String {
    "Received unexpected action:\n\n  " + dumpText(received)
      + "\n\nIt is of another case than expected. To fix, receive this action first, or check "
      + "which action the effect sends."
  }

  /// The expected case with another value: a diff of the action expected and the one received,
  /// as TCA shows it (its legend too: "Actual").
  static func otherValue<Action>(_ expected: Action, _ received: Action) -> String {
    "Received unexpected action:\n\n" + TestStoreMessages.actionDiff(expected, received)
      + "\n\n(Expected: \u{2212}, Actual: +)"
  }
}
