#include "CPNGShim.h"

#include <CLibraryLoading.h>

#include <dlfcn.h>
#include <pthread.h>

static struct {
  __typeof__(png_image_begin_read_from_memory) *begin_read_from_memory;
  __typeof__(png_image_finish_read) *finish_read;
  __typeof__(png_image_free) *free;
} png;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static PDXLibrary library = {.name = "libpng"};

static void load(void) {
  static const char *const files[] = {"libpng16.so.16"};
  pdx_library_open(&library, files, 1, RTLD_NOW | RTLD_LOCAL);
  png.begin_read_from_memory = pdx_library_symbol(&library, "png_image_begin_read_from_memory");
  png.finish_read = pdx_library_symbol(&library, "png_image_finish_read");
  png.free = pdx_library_symbol(&library, "png_image_free");
}

const char *pdx_png_load(void) {
  pthread_once(&once, load);
  return library.failure;
}

int pdx_png_image_begin_read_from_memory(png_imagep image, png_const_voidp memory, size_t size) {
  return png.begin_read_from_memory(image, memory, size);
}

int pdx_png_image_finish_read(png_imagep image, void *buffer, png_int_32 row_stride) {
  return png.finish_read(image, NULL, buffer, row_stride, NULL);
}

void pdx_png_image_free(png_imagep image) { png.free(image); }
