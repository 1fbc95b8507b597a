import Store

/// How the console turns a recorded session of an app whose recordings log no dependency call
/// into a test (`APP replay LOG --emit-test`): each dependency of the table answers, in a
/// `TestStore`, with what the effect's action that brought its answer carried. The recording
/// stays as it is (a version-1 log, actions alone); the answers are in the actions.
///
/// ```swift
/// var testAnswers: TestAnswers<Feed.State, Feed.Action>? {
///   TestAnswers(imports: ["Feed"], reducer: "Feed()", dependencies: [
///     AnsweredDependency(
///       "api", variable: "posts", answers: [Post].self, failing: APIError.self,
///       client: "APIClient { try await posts.next() }",
///       awaited: { $0.isLoading ? $0.request : nil },
///       carriedBy: { action in
///         guard case .loaded(let request, let result) = action else { return nil }
///         return (request, result)
///       })
///   ])
/// }
/// ```
///
/// The test declares an `Answers` of each dependency's answer (`let posts = Answers<[Post]>()`)
/// and gives the store the clients that take from them. Before each action an effect sent, it
/// answers the dependency that action reports on (`await posts.answer(.success([…]))`) and
/// receives the action — when the request it answers is one the test itself made. A request made
/// before the recording began (`:record` mid-session), one a newer request replaced, or one the
/// app cancelled as it travelled never answers in the test: its action is sent as it came.
/// Travel (the app's ``ConsoleApp/restoring(_:)`` action) cancels the effects in flight, as the
/// console does. Each dependency's answer and failure are written as Swift (`swiftSource`), so
/// their types need initialisers the test can see.
public struct TestAnswers<State, Action> {
  /// The modules the test imports besides Foundation, StoreTesting and Testing.
  ///
  /// ```swift
  /// answers.imports   // ["Feed"]: the test starts with `import Feed`
  /// ```
  public var imports: [String]
  /// Swift that makes the reducer under test.
  ///
  /// ```swift
  /// answers.reducer   // "Feed()": the test runs `TestStore(…, reducer: Feed())`
  /// ```
  public var reducer: String
  /// The dependencies the test answers, in the order the test declares them.
  ///
  /// ```swift
  /// answers.dependencies.map(\.name)   // ["api"]
  /// ```
  public var dependencies: [AnsweredDependency<State, Action>]
  /// How the app's own values, actions and start state are written (uniflow's: memberwise, its
  /// places named once); nil writes them as the console does for any app, and the test throws.
  package var style: EmissionStyle<State, Action>?

  /// The test of a session imports `imports`, tests `reducer`, and answers `dependencies`.
  ///
  /// ```swift
  /// TestAnswers(imports: ["Feed"], reducer: "Feed()", dependencies: [api])
  /// ```
  public init(
    imports: [String], reducer: String, dependencies: [AnsweredDependency<State, Action>]
  ) {
    self.imports = imports
    self.reducer = reducer
    self.dependencies = dependencies
  }
}

/// One row of ``TestAnswers``' table: a dependency, the `Answers` a test gives it, the request of
/// it a state awaits, and the actions that carry its answers.
///
/// ```swift
/// AnsweredDependency(
///   "time", variable: "time", answers: Date.self, failing: FetchFailure.self,
///   client: "TimeClient { try await time.next() }",
///   awaited: { $0.clock.isLoading ? $0.clock.request : nil },
///   carriedBy: { action in
///     guard case .clock(.timeResponse(let request, let result)) = action else { return nil }
///     return (request, result)
///   })
/// ```
public struct AnsweredDependency<State, Action>: Sendable {
  /// The dependency's property on `DependencyValues`, as the test sets it (`$0.NAME = …`).
  ///
  /// ```swift
  /// time.name   // "time": the test writes `$0.time = TimeClient { … }`
  /// ```
  public let name: String
  /// The test's `Answers` of this dependency (`let VARIABLE = Answers<…>()`).
  let variable: String
  /// The Swift of the answer's type, as `Answers<…>` names it.
  let answerType: String
  /// The dependency's value in the test, built on `variable` (`TimeClient { try await time.next() }`).
  let client: String
  /// The request of this dependency that `state` awaits, if any.
  let awaited: @Sendable (State) -> Int?
  /// The request an action answers and its answer (the answer or the failure), if it carries one.
  let carried: @Sendable (Action) -> (request: Int, answer: Result<Any, any Error>)?

  /// The dependency `name`, answered in the test through `let variable = Answers<Answer>()` and
  /// the value `client` (Swift that takes each answer from `variable`), an answer being an
  /// `Answer` or a `Failure`; a state awaits its request `awaited(state)` (nil: none), and an
  /// action carries the answer to request `request` when `carriedBy` returns it.
  ///
  /// ```swift
  /// AnsweredDependency(
  ///   "geocoder", variable: "places", answers: [Place].self, failing: FetchFailure.self,
  ///   client: "GeocodingClient { _ in try await places.next() }",
  ///   awaited: { $0.weather.status == .geocoding ? $0.weather.request : nil },
  ///   carriedBy: { action in
  ///     guard case .weather(.geocodeResponse(let request, let result)) = action else { return nil }
  ///     return (request, result.map { $0.map { [$0] } ?? [] })   // the first place, or none
  ///   })
  /// ```
  public init<Answer, Failure: Error>(
    _ name: String, variable: String, answers _: Answer.Type, failing _: Failure.Type,
    client: String,
    awaited: @escaping @Sendable (State) -> Int?,
    carriedBy: @escaping @Sendable (Action) -> (request: Int, Result<Answer, Failure>)?
  ) {
    self.name = name
    self.variable = variable
    self.answerType = EmittedSwift.typeName(Answer.self)
    self.client = client
    self.awaited = awaited
    self.carried = { action in
      carriedBy(action).map { ($0.request, $0.1.map { $0 as Any }.mapError { $0 as any Error }) }
    }
  }
}

extension ConsoleApp {
  /// None: `--emit-test` writes the test from ``testEmission``, or gives each effect the
  /// actions the log shows it sent.
  ///
  /// ```swift
  /// app.testAnswers   // nil
  /// ```
  public var testAnswers: TestAnswers<State, Action>? { nil }
}
