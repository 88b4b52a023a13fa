#include "CPNGShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct {
  __typeof__(png_image_begin_read_from_memory) *begin_read_from_memory;
  __typeof__(png_image_finish_read) *finish_read;
  __typeof__(png_image_free) *free;
} png;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure;
static char failure_text[512];

static void load(void) {
  void *library = dlopen("libpng16.so.16", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(failure_text, sizeof failure_text, "libpng cannot be loaded (%s)", dlerror());
    failure = failure_text;
    return;
  }
  png.begin_read_from_memory = dlsym(library, "png_image_begin_read_from_memory");
  png.finish_read = dlsym(library, "png_image_finish_read");
  png.free = dlsym(library, "png_image_free");
  if (png.begin_read_from_memory == NULL || png.finish_read == NULL || png.free == NULL) {
    failure = "libpng lacks its simplified API (png_image_*)";
  }
}

const char *pdx_png_load(void) {
  pthread_once(&once, load);
  return failure;
}

int pdx_png_image_begin_read_from_memory(png_imagep image, png_const_voidp memory, size_t size) {
  return png.begin_read_from_memory(image, memory, size);
}

int pdx_png_image_finish_read(png_imagep image, void *buffer, png_int_32 row_stride) {
  return png.finish_read(image, NULL, buffer, row_stride, NULL);
}

void pdx_png_image_free(png_imagep image) { png.free(image); }
