#include "RuntimeShim.h"

// Declared by the Swift runtime (include/swift/Runtime/Metadata.h) with the Swift calling
// convention. Its four arguments are plain pointers and a size, which that convention passes in
// the same registers as C on x86_64 and arm64 (it takes no self, error or async context), so a C
// call reaches it unchanged. The linker finds it in libswiftCore, shared or static.
extern const void *swift_getTypeByMangledNameInContext(
    const char *name, size_t length, const void *context, const void *const *generic_arguments);

const void *uniflow_type_by_mangled_name(
    const char *name, size_t length, const void *context, const void *const *generic_arguments) {
  return swift_getTypeByMangledNameInContext(name, length, context, generic_arguments);
}

int uniflow_effect_tracking_flag = 0;

static _Thread_local void *uniflow_built_bodies_slot = NULL;

void *uniflow_built_bodies(void) { return uniflow_built_bodies_slot; }

void uniflow_set_built_bodies(void *bodies) { uniflow_built_bodies_slot = bodies; }
