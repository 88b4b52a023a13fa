// The build's commit and date, given by scripts/build-release to the C++ compiler alone
// (-Xcxx -DPOKEDEX_COMMIT=…): Swift cannot take a string from the build's command line, the
// preprocessor can; and a flag for C++ compilations reaches this file only, so a new commit
// rebuilds this file and relinks, not every module (as -Xcc, which swiftc gets too, would).
#include "build_info.h"

#ifndef POKEDEX_COMMIT
#define POKEDEX_COMMIT ""
#endif

#ifndef POKEDEX_BUILD_DATE
#define POKEDEX_BUILD_DATE ""
#endif

extern "C" const char *pokedex_build_commit(void) { return POKEDEX_COMMIT; }

extern "C" const char *pokedex_build_date(void) { return POKEDEX_BUILD_DATE; }
