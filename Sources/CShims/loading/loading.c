#include "CLibraryLoading.h"

#include <dlfcn.h>
#include <stdio.h>

void pdx_library_open(PDXLibrary *library, const char *const *files, size_t count, int mode) {
  for (size_t i = 0; i < count && library->handle == NULL; i++) {
    library->handle = dlopen(files[i], mode);
  }
  if (library->handle == NULL && library->failure == NULL) {
    snprintf(library->text, sizeof library->text, "%s cannot be loaded (%s)", library->name,
             dlerror());
    library->failure = library->text;
  }
}

void *pdx_library_symbol(PDXLibrary *library, const char *symbol) {
  if (library->handle == NULL) return NULL;
  void *found = dlsym(library->handle, symbol);
  if (found == NULL && library->failure == NULL) {
    snprintf(library->text, sizeof library->text, "%s lacks %s", library->name, symbol);
    library->failure = library->text;
  }
  return found;
}

void pdx_library_fail(PDXLibrary *library, const char *reason) {
  if (library->failure == NULL) library->failure = reason;
}
