// See CSanitizer.h.
#include "CSanitizer.h"

extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

void pdx_tsan_acquire(const void *address) {
  if (__tsan_acquire) __tsan_acquire((void *)address);
}

void pdx_tsan_release(const void *address) {
  if (__tsan_release) __tsan_release((void *)address);
}
