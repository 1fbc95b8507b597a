// The start and size of each file GazetteerData.S includes.

#include "GazetteerData.h"

#define UNIFLOW_GAZETTEER_FILE(name)                                                            \
  extern const unsigned char uniflow_gazetteer_##name##_start[];                                \
  extern const unsigned char uniflow_gazetteer_##name##_end[];                                  \
  const unsigned char *uniflow_gazetteer_##name(size_t *count) {                                \
    *count = (size_t)(uniflow_gazetteer_##name##_end - uniflow_gazetteer_##name##_start);       \
    return uniflow_gazetteer_##name##_start;                                                    \
  }

UNIFLOW_GAZETTEER_FILE(names)
UNIFLOW_GAZETTEER_FILE(places)
UNIFLOW_GAZETTEER_FILE(countries)
UNIFLOW_GAZETTEER_FILE(admin1)
