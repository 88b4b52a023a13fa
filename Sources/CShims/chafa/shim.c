#include "functions.h"

#include <CLibraryLoading.h>

#include <dlfcn.h>
#include <pthread.h>

static struct {
  pdx_chafa_canvas_config_new_t *canvas_config_new;
  pdx_chafa_canvas_config_unref_t *canvas_config_unref;
  pdx_chafa_canvas_config_set_geometry_t *canvas_config_set_geometry;
  pdx_chafa_canvas_config_set_cell_geometry_t *canvas_config_set_cell_geometry;
  pdx_chafa_canvas_config_set_pixel_mode_t *canvas_config_set_pixel_mode;
  pdx_chafa_canvas_config_set_canvas_mode_t *canvas_config_set_canvas_mode;
  pdx_chafa_canvas_config_set_symbol_map_t *canvas_config_set_symbol_map;
  pdx_chafa_canvas_config_set_work_factor_t *canvas_config_set_work_factor;
  pdx_chafa_symbol_map_new_t *symbol_map_new;
  pdx_chafa_symbol_map_unref_t *symbol_map_unref;
  pdx_chafa_symbol_map_add_by_tags_t *symbol_map_add_by_tags;
  pdx_chafa_canvas_new_t *canvas_new;
  pdx_chafa_canvas_unref_t *canvas_unref;
  pdx_chafa_canvas_draw_all_pixels_t *canvas_draw_all_pixels;
  pdx_chafa_canvas_print_t *canvas_print;
  pdx_chafa_term_db_get_default_t *term_db_get_default;
  pdx_chafa_term_db_detect_t *term_db_detect;
  pdx_chafa_term_db_get_fallback_info_t *term_db_get_fallback_info;
  pdx_chafa_term_info_have_seq_t *term_info_have_seq;
  pdx_chafa_term_info_unref_t *term_info_unref;
  pdx_g_string_free_t *string_free;
} chafa;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static PDXLibrary library = {.name = "libchafa"};

#define RESOLVE(field, symbol) chafa.field = pdx_library_symbol(&library, #symbol)

static void load(void) {
  static const char *const files[] = {"libchafa.so.0"};
  pdx_library_open(&library, files, 1, RTLD_NOW | RTLD_LOCAL);
  RESOLVE(canvas_config_new, chafa_canvas_config_new);
  RESOLVE(canvas_config_unref, chafa_canvas_config_unref);
  RESOLVE(canvas_config_set_geometry, chafa_canvas_config_set_geometry);
  RESOLVE(canvas_config_set_cell_geometry, chafa_canvas_config_set_cell_geometry);
  RESOLVE(canvas_config_set_pixel_mode, chafa_canvas_config_set_pixel_mode);
  RESOLVE(canvas_config_set_canvas_mode, chafa_canvas_config_set_canvas_mode);
  RESOLVE(canvas_config_set_symbol_map, chafa_canvas_config_set_symbol_map);
  RESOLVE(canvas_config_set_work_factor, chafa_canvas_config_set_work_factor);
  RESOLVE(symbol_map_new, chafa_symbol_map_new);
  RESOLVE(symbol_map_unref, chafa_symbol_map_unref);
  RESOLVE(symbol_map_add_by_tags, chafa_symbol_map_add_by_tags);
  RESOLVE(canvas_new, chafa_canvas_new);
  RESOLVE(canvas_unref, chafa_canvas_unref);
  RESOLVE(canvas_draw_all_pixels, chafa_canvas_draw_all_pixels);
  RESOLVE(canvas_print, chafa_canvas_print);
  RESOLVE(term_db_get_default, chafa_term_db_get_default);
  RESOLVE(term_db_detect, chafa_term_db_detect);
  RESOLVE(term_db_get_fallback_info, chafa_term_db_get_fallback_info);
  RESOLVE(term_info_have_seq, chafa_term_info_have_seq);
  RESOLVE(term_info_unref, chafa_term_info_unref);
  // glib's, found through libchafa's own dependencies.
  RESOLVE(string_free, g_string_free);
}

const char *pdx_chafa_load(void) {
  pthread_once(&once, load);
  return library.failure;
}

ChafaCanvasConfig *pdx_chafa_canvas_config_new(void) { return chafa.canvas_config_new(); }
void pdx_chafa_canvas_config_unref(ChafaCanvasConfig *config) { chafa.canvas_config_unref(config); }
void pdx_chafa_canvas_config_set_geometry(ChafaCanvasConfig *config, int width, int height) {
  chafa.canvas_config_set_geometry(config, width, height);
}
void pdx_chafa_canvas_config_set_cell_geometry(ChafaCanvasConfig *config, int width, int height) {
  chafa.canvas_config_set_cell_geometry(config, width, height);
}
void pdx_chafa_canvas_config_set_pixel_mode(ChafaCanvasConfig *config, unsigned mode) {
  chafa.canvas_config_set_pixel_mode(config, mode);
}
void pdx_chafa_canvas_config_set_canvas_mode(ChafaCanvasConfig *config, unsigned mode) {
  chafa.canvas_config_set_canvas_mode(config, mode);
}
void pdx_chafa_canvas_config_set_symbol_map(
  ChafaCanvasConfig *config, const ChafaSymbolMap *symbols) {
  chafa.canvas_config_set_symbol_map(config, symbols);
}
void pdx_chafa_canvas_config_set_work_factor(ChafaCanvasConfig *config, float factor) {
  chafa.canvas_config_set_work_factor(config, factor);
}

ChafaSymbolMap *pdx_chafa_symbol_map_new(void) { return chafa.symbol_map_new(); }
void pdx_chafa_symbol_map_unref(ChafaSymbolMap *symbols) { chafa.symbol_map_unref(symbols); }
void pdx_chafa_symbol_map_add_by_tags(ChafaSymbolMap *symbols, int tags) {
  chafa.symbol_map_add_by_tags(symbols, tags);
}

ChafaCanvas *pdx_chafa_canvas_new(const ChafaCanvasConfig *config) {
  return chafa.canvas_new(config);
}
void pdx_chafa_canvas_unref(ChafaCanvas *canvas) { chafa.canvas_unref(canvas); }
void pdx_chafa_canvas_draw_all_pixels(
  ChafaCanvas *canvas, unsigned type, const uint8_t *pixels, int width, int height,
  int rowstride) {
  chafa.canvas_draw_all_pixels(canvas, type, pixels, width, height, rowstride);
}

char *pdx_chafa_canvas_print(ChafaCanvas *canvas, ChafaTermInfo *info) {
  PDXGString *printed = chafa.canvas_print(canvas, info);
  // The string goes, its text stays: allocated with the system's `malloc` (glib's allocator is
  // since 2.46), the caller's to `free`.
  return printed == NULL ? NULL : chafa.string_free(printed, 0);
}

ChafaTermDb *pdx_chafa_term_db_get_default(void) { return chafa.term_db_get_default(); }
ChafaTermInfo *pdx_chafa_term_db_detect(ChafaTermDb *database, char **environment) {
  return chafa.term_db_detect(database, environment);
}
ChafaTermInfo *pdx_chafa_term_db_get_fallback_info(ChafaTermDb *database) {
  return chafa.term_db_get_fallback_info(database);
}
int pdx_chafa_term_info_have_seq(const ChafaTermInfo *info, unsigned sequence) {
  return chafa.term_info_have_seq(info, sequence);
}
void pdx_chafa_term_info_unref(ChafaTermInfo *info) { chafa.term_info_unref(info); }
