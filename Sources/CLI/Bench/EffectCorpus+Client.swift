import PropertyTesting
import Store

/// The server the corpus reducers talk to: every call waits for the property's schedule.
struct CorpusClient: Sendable {
  var fetch: @Sendable (String) async throws -> Int
  var save: @Sendable () async throws -> Int
  var reload: @Sendable () async throws -> Int
  /// Saves a name; answers with the name the server keeps.
  var saveName: @Sendable (String) async throws -> String = { $0 }
}

enum CorpusClientKey: DependencyKey {
  static let liveValue = CorpusClient(
    fetch: { _ in 0 }, save: { 0 }, reload: { 0 })
  static let testValue = liveValue
}

extension DependencyValues {
  var corpus: CorpusClient {
    get { self[CorpusClientKey.self] }
    set { self[CorpusClientKey.self] = newValue }
  }
}

/// What a corpus server answers with when it fails.
struct CorpusFailure: Error, Equatable, Sendable {}

/// The values and failures the corpus properties answer with.
enum CorpusAnswers {
  static let values = Gen.int(in: 0...9)
  static let failures: Gen<any Error> = .just(CorpusFailure())
}

extension EffectProperty {
  /// Lets the schedule answer `corpus.fetch`, with failures.
  func answeringFetch() -> Self {
    answering(
      "fetch", values: CorpusAnswers.values, failures: CorpusAnswers.failures,
      code: "$0.corpus.fetch = { _ in try await fetch.next() }"
    ) { dependencies, call in
      dependencies.corpus.fetch = { _ in try await call() }
    }
  }

  /// Lets the schedule answer `corpus.save` and `corpus.reload`, without failures.
  func answeringSaveAndReload() -> Self {
    answering(
      "save", values: CorpusAnswers.values, code: "$0.corpus.save = { try await save.next() }"
    ) {
      $0.corpus.save = $1
    }
    .answering(
      "reload", values: CorpusAnswers.values, code: "$0.corpus.reload = { try await reload.next() }"
    ) { $0.corpus.reload = $1 }
  }
}
