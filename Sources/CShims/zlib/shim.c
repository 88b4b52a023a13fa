#include "CZlibShim.h"

#include <CLibraryLoading.h>

#include <dlfcn.h>
#include <pthread.h>

static struct {
  __typeof__(inflateInit2_) *init;
  __typeof__(inflate) *inflate;
  __typeof__(inflateEnd) *end;
} z;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static PDXLibrary library = {.name = "zlib"};

static void load(void) {
  static const char *const files[] = {"libz.so.1"};
  pdx_library_open(&library, files, 1, RTLD_NOW | RTLD_LOCAL);
  z.init = pdx_library_symbol(&library, "inflateInit2_");
  z.inflate = pdx_library_symbol(&library, "inflate");
  z.end = pdx_library_symbol(&library, "inflateEnd");
}

const char *pdx_zlib_load(void) {
  pthread_once(&once, load);
  return library.failure;
}

int pdx_inflate_init(z_streamp stream, int window_bits) {
  return z.init(stream, window_bits, ZLIB_VERSION, (int)sizeof(z_stream));
}

int pdx_inflate(z_streamp stream, int flush) { return z.inflate(stream, flush); }

int pdx_inflate_end(z_streamp stream) { return z.end(stream); }
