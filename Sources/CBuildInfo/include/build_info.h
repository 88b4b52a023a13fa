#ifndef POKEDEX_BUILD_INFO_H
#define POKEDEX_BUILD_INFO_H

/// The commit pokedex was built from (`git describe`), or "" when the build did not say
/// (scripts/build-release passes -DPOKEDEX_COMMIT=… to the C compiler).
const char *pokedex_build_commit(void);

/// The day pokedex was built (`2026-11-25`), or "" when the build did not say.
const char *pokedex_build_date(void);

#endif
