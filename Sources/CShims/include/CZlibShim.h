// zlib's inflating, loaded on first use.
//
// pokedex does not link zlib: libcurl, which links it, is itself opened on the first request, and
// an answer is inflated only after that. `pdx_zlib_load` opens it with dlopen (already mapped by
// then: libcurl's copy); the functions below call through the pointers it resolved.
#pragma once

#include <zlib.h>

/// Loads zlib (`libz.so.1`) once; safe to call from any thread. NULL when it is ready; otherwise
/// why it is not (the same text at every call).
const char *_Nullable pdx_zlib_load(void);

/// `inflateInit2` with `window_bits` (8–15 for a zlib stream, negative for raw deflate, +32 to
/// take a zlib or a gzip header alike).
int pdx_inflate_init(z_streamp _Nonnull stream, int window_bits);
int pdx_inflate(z_streamp _Nonnull stream, int flush);
int pdx_inflate_end(z_streamp _Nonnull stream);
