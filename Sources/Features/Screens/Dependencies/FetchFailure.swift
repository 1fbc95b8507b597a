/// Why a dependency could not answer, in one short line a screen can show.
///
/// Effects turn every error into a `FetchFailure`, so that failures travel through actions, the
/// action log and replay as plain values:
///
/// ```swift
/// catch { await send(.timeResponse(request: id, .failure(FetchFailure(error)))) }
/// // clock: 2026년 11월 29일 12시 45분 · unavailable: timed out after 5 s
/// ```
public struct FetchFailure: Error, Equatable, Sendable, Codable, CustomStringConvertible {
  /// What went wrong, e.g. `timed out after 5 s`.
  public var message: String

  /// A failure with `message`.
  public init(message: String) {
    self.message = message
  }

  /// The failure an error stands for: its own message when it is already a `FetchFailure`,
  /// otherwise its description.
  public init(_ error: any Error) {
    if let failure = error as? FetchFailure {
      self = failure
    } else {
      self.message = String(describing: error)
    }
  }

  public var description: String { message }
}
