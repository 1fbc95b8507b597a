import ActionLog
import Foundation
import Store

/// The calls a recorded session's effects made to its `LoggableDependency`s, answered as its
/// action log says: what a test emitted by `replay LOG --emit-test` installs in place of those
/// dependencies.
///
/// ```swift
/// let calls = LoggedCalls()
/// let store = TestStore(initialState: Todos.State(), reducer: Todos()) {
///   $0.searchClient = calls.answering(\.searchClient, named: "searchClient")
/// }
/// await store.send(.search(.queryChanged("wat"))) { … }
/// await clock.advance(by: .milliseconds(300))
/// await calls.answer("searchClient.search", input: #""wat""#, output: #"["Water the plants"]"#)
/// await store.receive(.search(.answered(["Water the plants"]))) { … }
/// ```
///
/// A call waits until the test answers it, parked like an ``Answers`` call. `answer` first lets
/// the effects set going run until they wait, then answers the oldest waiting call with that
/// name and input (JSON, as logged); when there is none, the code under test asked something
/// the recording did not, and the test fails at once, listing the calls that are waiting.
public final class LoggedCalls: Sendable {
  /// A call's name and input.
  private struct Key: Hashable, Sendable {
    var name: String
    var input: [UInt8]
  }

  private let answers = Locked<[Key: Answers<[UInt8]>]>([:])
  private let timeout: Duration

  /// Calls whose `answer` waits at most `timeout` for effects to run until they wait.
  ///
  /// ```swift
  /// let calls = LoggedCalls()
  /// ```
  public init(timeout: Duration = .seconds(60)) {
    self.timeout = timeout
    installTestTracking()
  }

  /// The dependency at `keyPath`, its calls answered here and named `name.endpoint`; it never
  /// runs its live calls.
  ///
  /// ```swift
  /// $0.searchClient = calls.answering(\.searchClient, named: "searchClient")
  /// ```
  public func answering<Value: LoggableDependency>(
    _ keyPath: KeyPath<DependencyValues, Value>, named name: String
  ) -> Value {
    // The live value is only a shape to route: the route never calls it.
    DependencyValues()[keyPath: keyPath].routed(through: Route(dependency: name, calls: self))
  }

  /// Answers the waiting call `name` with input `input` (JSON) with `output` (JSON), as logged.
  ///
  /// ```swift
  /// await calls.answer("searchClient.search", input: #""wat""#, output: #"["Water"]"#)
  /// ```
  public func answer(
    _ name: String, input: String, output: String, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    await answer(
      Key(name: name, input: Array(input.utf8)), .success(Array(output.utf8)),
      TestFailure("", fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Answers the waiting call `name` with input `input` (JSON) by throwing a
  /// ``LoggedFailure`` that reads `failure`, as logged.
  ///
  /// ```swift
  /// await calls.answer("searchClient.search", input: #""wat""#, failure: "offline")
  /// ```
  public func answer(
    _ name: String, input: String, failure: String, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    await answer(
      Key(name: name, input: Array(input.utf8)), .failure(LoggedFailure(description: failure)),
      TestFailure("", fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func answer(_ key: Key, _ result: Result<[UInt8], any Error>, _ site: TestFailure)
    async
  {
    await ActivityRegistry.shared.settle(
      scope: ActivityRegistry.shared.scopeOfCurrentTask(), within: timeout)
    let waiting = answers.withLock { $0 }.filter { $0.value.waitingCalls > 0 }
    if let answers = waiting[key] {
      await answers.answer(
        result, fileID: site.fileID, filePath: site.filePath, line: site.line,
        column: site.column)
      return
    }
    let made = waiting.keys.map { "\($0.name)(\(String(decoding: $0.input, as: UTF8.self)))" }
      .sorted()
    reportToTestFramework(
      TestFailure(
        "The log answers \(key.name)(\(String(decoding: key.input, as: UTF8.self))), but no "
          + "such call is waiting: "
          + (made.isEmpty ? "no call is" : "the calls waiting are \(made.joined(separator: ", "))")
          + ". The code under test no longer makes the call the recording made; if that is "
          + "meant, record the session again and emit its test anew.",
        fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column))
  }

  /// The answers of calls `key`, made once.
  private func answers(for key: Key) -> Answers<[UInt8]> {
    answers.withLock { table in
      if let existing = table[key] { return existing }
      let made = Answers<[UInt8]>(timeout: timeout)
      table[key] = made
      return made
    }
  }

  /// Routes one dependency's calls to the answers.
  private struct Route: DependencyCallRoute {
    let dependency: String
    let calls: LoggedCalls

    func call<Input: Encodable & Sendable, Output: Codable & Sendable>(
      _ endpoint: String, input: Input, live: @Sendable () async throws -> Output
    ) async throws -> Output {
      let name = "\(dependency).\(endpoint)"
      let json = try LogStateCoding.encode(input, with: LogStateCoding.encoder())
      let output = try await calls.answers(for: Key(name: name, input: json)).next()
      do {
        return try LogStateCoding.decode(Output.self, from: output, with: LogStateCoding.decoder())
      } catch {
        let failure = TestFailure(
          "The log's answer to \(name) is not a \(Output.self): \(error.message(for: "it", app: "app")). "
            + "Record the session again and emit its test anew.")
        reportToTestFramework(failure)
        throw LoggedFailure(description: failure.message)
      }
    }
  }
}

/// What a logged call threw, as the log describes it: thrown in a test where the recording's
/// call threw, reading as the recording's error did (`"\(error)"`).
///
/// ```swift
/// catch let failure as LoggedFailure { print(failure) }   // "offline"
/// ```
public struct LoggedFailure: Error, CustomStringConvertible, Sendable {
  /// What the recording's error read, e.g. `offline`.
  public let description: String

  /// A failure reading `description`.
  ///
  /// ```swift
  /// throw LoggedFailure(description: "offline")
  /// ```
  public init(description: String) {
    self.description = description
  }
}
