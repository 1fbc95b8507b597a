// The offline gazetteer's files, linked into the binary (GazetteerData.S), so that `uniflow`
// needs no resource folder and runs from wherever it is copied.
//
//   size_t count;
//   const unsigned char *names = uniflow_gazetteer_names(&count);   // names.tsv, count bytes
//
// Data: GeoNames, geonames.org, CC BY 4.0 (see Gazetteer/README.md).

#ifndef UNIFLOW_GAZETTEER_DATA_H
#define UNIFLOW_GAZETTEER_DATA_H

#include <stddef.h>

/// names.tsv: every folded name, sorted by UTF-8 bytes, with the numbers of its places.
const unsigned char *uniflow_gazetteer_names(size_t *count);
/// places.tsv: a header line, then one place a line, largest population first.
const unsigned char *uniflow_gazetteer_places(size_t *count);
/// countries.tsv: a header line, then iso2, iso3 and name of every country.
const unsigned char *uniflow_gazetteer_countries(size_t *count);
/// admin1.tsv: a header line, then every first-level region of every country.
const unsigned char *uniflow_gazetteer_admin1(size_t *count);

#endif
