// The gazetteer's files as read-only data in the binary: for each file the assembler copies its
// bytes between a start and an end symbol (`.incbin` finds the files on the target's header
// search path, Gazetteer/). Nothing is read from disk at run time and nothing is copied at
// start-up: the pages are mapped from the executable and touched on the first lookup. The
// accessors are in include/GazetteerData.h.
//
// This file holds top-level assembly and nothing else, so that clang writes no debug information
// for it: a DWARF 5 unit from clang among the Swift compiler's DWARF 4 ones makes valgrind 3.19
// give up on the binary ("Possibly corrupted debuginfo file"), and the bench is profiled with
// callgrind. (An assembly file, .S, gets a DWARF 5 line table of its own: the same problem.)
//
// SwiftPM does not see that this file depends on the .tsv files. scripts/build-gazetteer.py
// rewrites the line below whenever it writes them, so a new gazetteer is compiled in:
// data sha256 254c54d289e0954f7f425d9a634133ae93f0a893dcb6277abd459a9ec6b387b3

#if defined(__APPLE__)  // Mach-O: untested; the project is built and tested on Linux.
#define UNIFLOW_DATA_BEGIN ".section __TEXT,__const\n"
#define UNIFLOW_DATA_END ".text\n"
#define UNIFLOW_SYMBOL(name) "_" #name
#else
#define UNIFLOW_DATA_BEGIN ".pushsection .rodata\n"
#define UNIFLOW_DATA_END ".popsection\n"
#define UNIFLOW_SYMBOL(name) #name
#endif

#define UNIFLOW_EMBED(name, file)                                                               \
  __asm__(UNIFLOW_DATA_BEGIN                                                                    \
          ".balign 16\n"                                                                        \
          ".globl " UNIFLOW_SYMBOL(uniflow_gazetteer_##name##_start) "\n"                       \
          ".globl " UNIFLOW_SYMBOL(uniflow_gazetteer_##name##_end) "\n"                         \
          UNIFLOW_SYMBOL(uniflow_gazetteer_##name##_start) ":\n"                                \
          ".incbin \"" file "\"\n"                                                              \
          UNIFLOW_SYMBOL(uniflow_gazetteer_##name##_end) ":\n"                                  \
          ".byte 0\n"                                                                           \
          UNIFLOW_DATA_END);

UNIFLOW_EMBED(names, "names.tsv")
UNIFLOW_EMBED(places, "places.tsv")
UNIFLOW_EMBED(countries, "countries.tsv")
UNIFLOW_EMBED(admin1, "admin1.tsv")
