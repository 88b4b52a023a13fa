// The build's commit and date, given to the C compiler by scripts/build-release: Swift has no
// way to take a string from the build command line, C's preprocessor does.
#include "build_info.h"

#ifndef POKEDEX_COMMIT
#define POKEDEX_COMMIT ""
#endif

#ifndef POKEDEX_BUILD_DATE
#define POKEDEX_BUILD_DATE ""
#endif

const char *pokedex_build_commit(void) { return POKEDEX_COMMIT; }

const char *pokedex_build_date(void) { return POKEDEX_BUILD_DATE; }
