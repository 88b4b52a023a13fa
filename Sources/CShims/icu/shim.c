#include "CICUShim.h"

#include <CLibraryLoading.h>

#include <dlfcn.h>
#include <pthread.h>
#include <unicode/ubrk.h>
#include <unicode/uvernum.h>

// `ubrk_open` is `ubrk_open_72` in ICU 72's library, as its headers rename it: the name to look
// up is the macro's expansion, spelled out.
#define PDX_STRING(x) #x
#define PDX_NAME(x) PDX_STRING(x)
#define PDX_ICU(name) PDX_NAME(name)

static struct {
  __typeof__(ubrk_open) *open;
  __typeof__(ubrk_next) *next;
  __typeof__(ubrk_getRuleStatus) *status;
  __typeof__(ubrk_close) *close;
} icu;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static PDXLibrary library = {.name = "ICU"};

static void load(void) {
  static const char *const files[] = {"libicuuc.so." PDX_NAME(U_ICU_VERSION_MAJOR_NUM)};
  pdx_library_open(&library, files, 1, RTLD_NOW | RTLD_LOCAL);
  icu.open = pdx_library_symbol(&library, PDX_ICU(ubrk_open));
  icu.next = pdx_library_symbol(&library, PDX_ICU(ubrk_next));
  icu.status = pdx_library_symbol(&library, PDX_ICU(ubrk_getRuleStatus));
  icu.close = pdx_library_symbol(&library, PDX_ICU(ubrk_close));
}

const char *pdx_icu_load(void) {
  pthread_once(&once, load);
  return library.failure;
}

int32_t pdx_line_breaks(
  const uint16_t *text, int32_t length, int32_t *breaks, uint8_t *hard, int32_t capacity) {
  if (pdx_icu_load() != NULL) return -1;
  UErrorCode status = U_ZERO_ERROR;
  // `lb=strict`: Japanese's strict rules, as in UAX #14's default (small kana as NS).
  UBreakIterator *iterator = icu.open(UBRK_LINE, "@lb=strict", (const UChar *)text, length, &status);
  if (U_FAILURE(status) || iterator == NULL) return -1;
  int32_t count = 0;
  for (int32_t offset = icu.next(iterator); offset != UBRK_DONE; offset = icu.next(iterator)) {
    if (count < capacity) {
      breaks[count] = offset;
      int32_t rule = icu.status(iterator);
      hard[count] = rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT;
    }
    count++;
  }
  icu.close(iterator);
  return count;
}
