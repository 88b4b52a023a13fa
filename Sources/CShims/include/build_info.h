#ifndef POKEDEX_BUILD_INFO_H
#define POKEDEX_BUILD_INFO_H

#ifdef __cplusplus
extern "C" {
#endif

/// The commit pokedex was built from (`git describe`), or "" when the build did not say
/// (scripts/build-release passes -DPOKEDEX_COMMIT=… to the C++ compiler).
const char *pokedex_build_commit(void);

/// The day pokedex was built (`2026-11-25`), or "" when the build did not say.
const char *pokedex_build_date(void);

#ifdef __cplusplus
}
#endif

#endif
