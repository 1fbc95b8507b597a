import Store

extension Effect where Action: Sendable {
  /// Runs `work` and sends its outcome as one action: `answer(.success(value))`, or
  /// `answer(.failure(FetchFailure(error)))` when it throws. Failures become values, so they
  /// travel through the store and the action log like any answer.
  ///
  /// ```swift
  /// return Effect.fetch { try await geocoder.search(name).first } answer: {
  ///   .geocodeResponse(request: request, $0)
  /// }
  /// ```
  public static func fetch<Value: Sendable>(
    _ work: @escaping @Sendable () async throws -> Value,
    answer: @escaping @Sendable (Result<Value, FetchFailure>) -> Action
  ) -> Effect {
    .run { send in
      do {
        let value = try await work()
        await send(answer(.success(value)))
      } catch {
        await send(answer(.failure(FetchFailure(error))))
      }
    }
  }
}
