// What the Store core needs from C:
// - the one Swift runtime entry point the reflective case paths (Sources/Store/Core/CasePaths/
//   CaseReflection.swift) need, reachable in every kind of binary: looked up by name with dlsym
//   it is missing where the runtime is linked in statically (`-static-stdlib`), which left
//   matching payloads to Mirror (microseconds an action);
// - one atomic flag, whether test machinery follows effects in this process (Sources/Store/Core/
//   Testing/EffectTracking.swift): read on every effect a store starts, so it must cost neither a
//   lock nor an availability check, and the standard library's `Atomic` needs macOS 15 where
//   the core builds;
// - one thread-local pointer, the reducer bodies a store or a replay built once for the actions
//   it runs on this thread (Sources/Store/Core/Reducers/BuiltBodies.swift): read on every action
//   a reducer written with `body` reduces, so it must cost neither a lock nor a task-local
//   look-up.
#ifndef UNIFLOW_RUNTIME_SHIM_H
#define UNIFLOW_RUNTIME_SHIM_H

#include <stddef.h>

/// The type metadata a mangled name (as the compiler writes it in field records) names, in the
/// context of a type descriptor and its generic arguments; NULL if the runtime cannot resolve it.
const void *_Nullable uniflow_type_by_mangled_name(
    const char *_Nonnull name, size_t length, const void *_Nullable context,
    const void *_Nullable const *_Nullable generic_arguments);

/// Set once test machinery (a TestStore, a TestClock, an effect property) is in the process;
/// never cleared. Only the two functions below touch it.
extern int uniflow_effect_tracking_flag;

/// Whether test machinery follows effects in this process: one atomic load.
static inline int uniflow_effect_tracking_installed(void) {
  return __atomic_load_n(&uniflow_effect_tracking_flag, __ATOMIC_ACQUIRE);
}

/// Has every effect started from now on followed for tests.
static inline void uniflow_install_effect_tracking(void) {
  __atomic_store_n(&uniflow_effect_tracking_flag, 1, __ATOMIC_RELEASE);
}

/// The bodies installed on this thread (a `BuiltBodies`, unretained), or NULL.
void *_Nullable uniflow_built_bodies(void);

/// Installs `bodies` on this thread (NULL: none); the caller keeps them alive meanwhile.
void uniflow_set_built_bodies(void *_Nullable bodies);

#endif
