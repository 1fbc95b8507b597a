import Foundation
import Synchronization

/// Ctrl-C (SIGINT) as a request to stop a long search and keep what it found, rather than as
/// the end of the process: what `uniflow shrink` installs while it searches.
///
/// ```swift
/// Interruption.catching {
///   while !Interruption.requested { … }   // stops at Ctrl-C
/// }
/// ```
package enum Interruption {
  /// Set by the signal handler; an atomic store is safe in a signal handler.
  private static let flag = Atomic<Bool>(false)

  /// Whether Ctrl-C has been pressed since ``catching(_:)`` began.
  package static var requested: Bool { flag.load(ordering: .relaxed) }

  /// What the handler does at Ctrl-C (for tests, which cannot rely on where a signal lands).
  package static func request() { flag.store(true, ordering: .relaxed) }

  /// Runs `body` with SIGINT caught (it sets ``requested``), then restores the previous
  /// handling, so a second Ctrl-C after `body` ends the process as usual.
  package static func catching<Result>(_ body: () throws -> Result) rethrows -> Result {
    flag.store(false, ordering: .relaxed)
    let previous = signal(SIGINT) { _ in Interruption.request() }
    defer {
      signal(SIGINT, previous)
      flag.store(false, ordering: .relaxed)
    }
    return try body()
  }
}
