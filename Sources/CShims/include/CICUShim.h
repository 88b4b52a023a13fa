// ICU's line breaking (UAX #14), loaded on first use.
//
// pokedex does not link ICU: `pdx_icu_load` opens libicuuc with dlopen the first time a text is
// wrapped, by the file and the entry points of the version whose headers it was built against
// (`libicuuc.so.72`, `ubrk_open_72`), and the function below calls through what it resolved.
#pragma once

#include <stdint.h>

/// Loads ICU's common library once; safe to call from any thread. NULL when it is ready;
/// otherwise why it is not (the same text at every call).
const char *_Nullable pdx_icu_load(void);

/// The line break opportunities of `text` (`length` UTF-16 code units) by Unicode's rules
/// (UAX #14, with Japanese's strict rules: no break before small kana, the long vowel mark and
/// closing punctuation): the offsets after which a line may end, ascending, the text's end
/// included, at most `capacity` of them in `breaks`; `hard[i]` is 1 where a line must end
/// there (after a line feed). Returns how many there are (more than `capacity` when some were
/// left out), or -1 when ICU failed.
int32_t pdx_line_breaks(
  const uint16_t *_Nonnull text, int32_t length, int32_t *_Nonnull breaks,
  uint8_t *_Nonnull hard, int32_t capacity);
