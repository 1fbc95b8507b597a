// The gazetteer's files as read-only data in the binary: the assembler copies each file's bytes
// between a start and an end symbol (`.incbin` finds them on the target's header search path,
// Gazetteer/). Nothing is read from disk at run time and nothing is copied at start-up: the
// pages are mapped from the executable and touched on the first lookup.
//
// SwiftPM does not see that this file depends on the .tsv files. scripts/build-gazetteer.py
// rewrites the line below whenever it writes them, so a new gazetteer is assembled again:
// data sha256 ddfdd6426b7c07a1757e98c50939484c7b330e5289a9ea35920b77b057912340

#if defined(__APPLE__)
#define SYMBOL(name) _##name
#define DATA_SECTION .section __TEXT,__const
#else
#define SYMBOL(name) name
#define DATA_SECTION .section .rodata
#endif

#define EMBED(name, file)            \
  .globl SYMBOL(name##_start);       \
  .globl SYMBOL(name##_end);         \
  .balign 16;                        \
  SYMBOL(name##_start):              \
  .incbin file;                      \
  SYMBOL(name##_end):                \
  .byte 0

  DATA_SECTION
  EMBED(uniflow_gazetteer_names, "names.tsv")
  EMBED(uniflow_gazetteer_places, "places.tsv")
  EMBED(uniflow_gazetteer_countries, "countries.tsv")
  EMBED(uniflow_gazetteer_admin1, "admin1.tsv")

#if defined(__ELF__)
  // No executable stack.
  .section .note.GNU-stack,"",@progbits
#endif
