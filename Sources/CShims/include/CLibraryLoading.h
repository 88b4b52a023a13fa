// A C library opened on first use (dlopen), for the shims that call a library through pointers
// instead of linking it: libcurl, libedit and libbsd, libpng. Each keeps one `PDXLibrary` and
// opens it once (`pthread_once`); the first failure is kept as the reason the library cannot
// be used, in words for the user.
#pragma once

#include <stddef.h>

/// A library being opened, and the first reason it cannot be used.
typedef struct {
  /// What the messages call it ("libcurl").
  const char *_Nonnull name;
  void *_Nullable handle;
  /// NULL while all is well; else why not (in `text`, or a constant).
  const char *_Nullable failure;
  char text[512];
} PDXLibrary;

/// Opens the first of `files` (`count` of them) that loads, with dlopen's `mode`; when none
/// does, `failure` is "<name> cannot be loaded (<dlerror>)".
void pdx_library_open(
  PDXLibrary *_Nonnull library, const char *_Nonnull const *_Nonnull files, size_t count,
  int mode);

/// The library's `symbol`, or NULL: then, unless something failed before, `failure` is
/// "<name> lacks <symbol>". NULL without a word when the library is not open.
void *_Nullable pdx_library_symbol(PDXLibrary *_Nonnull library, const char *_Nonnull symbol);

/// Keeps `reason` as the failure unless something failed before.
void pdx_library_fail(PDXLibrary *_Nonnull library, const char *_Nonnull reason);
