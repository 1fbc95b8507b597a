// The offline gazetteer's files, linked into the binary (GazetteerData.c), so that `uniflow`
// needs no resource folder and runs from wherever it is copied.
//
//   size_t count;
//   const unsigned char *names = uniflow_gazetteer_names(&count);   // names.tsv, count bytes
//
// Data: GeoNames, geonames.org, CC BY 4.0 (see Gazetteer/README.md).

#ifndef UNIFLOW_GAZETTEER_DATA_H
#define UNIFLOW_GAZETTEER_DATA_H

#include <stddef.h>

// The accessors are inline here, compiled into the Swift module that calls them, so that
// GazetteerData.c holds nothing but data (see there why it must not carry debug information).
#define UNIFLOW_GAZETTEER_FILE(name)                                                            \
  extern const unsigned char uniflow_gazetteer_##name##_start[];                                \
  extern const unsigned char uniflow_gazetteer_##name##_end[];                                  \
  static inline const unsigned char *uniflow_gazetteer_##name(size_t *count) {                  \
    *count = (size_t)(uniflow_gazetteer_##name##_end - uniflow_gazetteer_##name##_start);       \
    return uniflow_gazetteer_##name##_start;                                                    \
  }

/// names.tsv: every folded name, sorted by UTF-8 bytes, with the numbers of its places.
UNIFLOW_GAZETTEER_FILE(names)
/// places.tsv: a header line, then one place a line, largest population first.
UNIFLOW_GAZETTEER_FILE(places)
/// countries.tsv: a header line, then iso2, iso3 and name of every country.
UNIFLOW_GAZETTEER_FILE(countries)
/// admin1.tsv: a header line, then every first-level region of every country.
UNIFLOW_GAZETTEER_FILE(admin1)

#undef UNIFLOW_GAZETTEER_FILE

#endif
