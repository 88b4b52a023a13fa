// libpng and zlib, for the tests that write PNG files and compress answers (pokedex itself opens
// both with dlopen, through CShims).
#include <png.h>
#include <zlib.h>
