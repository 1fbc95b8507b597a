import RuntimeShim

/// Whether the effects stores start are followed for tests, process-wide: off in an app, on once
/// test machinery is in the process.
///
/// A test clock must not move time on while an effect may still be on its way to sleep on it,
/// and a `TestStore` asks which effects are ready to run; both need every effect task followed
/// (an ``EffectActivity`` each, kept in the ``ActivityRegistry``, which takes a lock). An app
/// needs none of it, so the executor creates an activity only once the machinery that reads
/// them has installed this hook: a `TestStore` when it is made, a `TestClock` or an `Answers`,
/// an effect property's run. Until then a `.run` effect costs one atomic load for it, and no
/// lock, no task name and no task-local value. Installing is for good: a test process has no
/// reason to stop.
///
/// ```swift
/// EffectTracking.install()            // what a TestClock's init does
/// if EffectTracking.isInstalled { … }  // what the executor asks for each `.run`
/// ```
package enum EffectTracking {
  /// Whether test machinery follows effects in this process. One atomic load (a C inline
  /// function: Swift's `Atomic` needs macOS 15 where the core builds).
  @inline(__always)
  package static var isInstalled: Bool { uniflow_effect_tracking_installed() != 0 }

  /// Has every effect started from now on followed, for a test clock and a `TestStore`.
  /// Effects already running stay unfollowed: install before starting the store's effects.
  package static func install() {
    uniflow_install_effect_tracking()
  }
}
