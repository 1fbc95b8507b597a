// The one Swift runtime entry point the reflective case paths (Sources/Store/Core/
// CaseReflection.swift) need, reachable in every kind of binary: looked up by name with dlsym it
// is missing where the runtime is linked in statically (`-static-stdlib`), which left matching
// payloads to Mirror (microseconds an action).
#ifndef UNIFLOW_RUNTIME_SHIM_H
#define UNIFLOW_RUNTIME_SHIM_H

#include <stddef.h>

/// The type metadata a mangled name (as the compiler writes it in field records) names, in the
/// context of a type descriptor and its generic arguments; NULL if the runtime cannot resolve it.
const void *_Nullable uniflow_type_by_mangled_name(
    const char *_Nonnull name, size_t length, const void *_Nullable context,
    const void *_Nullable const *_Nullable generic_arguments);

#endif
