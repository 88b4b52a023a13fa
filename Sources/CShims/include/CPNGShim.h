// libpng, loaded on first use.
//
// pokedex does not link libpng: only decoding a downloaded image needs it, and loading it (with
// zlib) cost every start about 0.3 ms. `pdx_png_load` opens it with dlopen at the first decode;
// the functions below call through the pointers it resolved: the simplified API's reading
// subset (`png_image_*`), which is all pokedex uses.
#pragma once

#include <png.h>

/// Loads libpng (`libpng16.so.16`) once; safe to call from any thread. NULL when it is ready;
/// otherwise why it is not (the same text at every call).
const char *_Nullable pdx_png_load(void);

int pdx_png_image_begin_read_from_memory(
  png_imagep _Nonnull image, png_const_voidp _Nonnull memory, size_t size);
int pdx_png_image_finish_read(
  png_imagep _Nonnull image, void *_Nonnull buffer, png_int_32 row_stride);
void pdx_png_image_free(png_imagep _Nonnull image);
