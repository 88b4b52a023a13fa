// libchafa (and glib, which it brings), loaded on first use.
//
// pokedex does not link libchafa: only drawing a picture with symbols or sixels, or asking its
// terminal database about sixels, needs it, and loading it with glib and pcre2 cost every start
// 0.8 ms, before the launch's first packet too. `pdx_chafa_load` opens it with dlopen at the
// first use; the functions below call through the pointers it resolved.
//
// What pokedex uses of chafa's API is declared here rather than taken from chafa's header: that
// header needs glib's, which come with pkg-config's flags, and those link both libraries into
// the binary. The declarations are checked against chafa's own header when the tests are built
// (Tests/ChafaShimCheck): a function or a value that differs fails the build.
#pragma once

#include <stdint.h>

// chafa's objects, by the names its header gives them.
typedef struct ChafaCanvasConfig ChafaCanvasConfig;
typedef struct ChafaCanvas ChafaCanvas;
typedef struct ChafaSymbolMap ChafaSymbolMap;
typedef struct ChafaTermDb ChafaTermDb;
typedef struct ChafaTermInfo ChafaTermInfo;

/// The values of chafa's enumerations that pokedex uses (chafa 1.12's ABI, `libchafa.so.0`).
enum {
  PDX_CHAFA_CANVAS_MODE_TRUECOLOR = 0,
  PDX_CHAFA_CANVAS_MODE_INDEXED_256 = 1,
  PDX_CHAFA_CANVAS_MODE_INDEXED_16 = 3,
  PDX_CHAFA_PIXEL_MODE_SYMBOLS = 0,
  PDX_CHAFA_PIXEL_MODE_SIXELS = 1,
  PDX_CHAFA_PIXEL_RGBA8_UNASSOCIATED = 4,
  PDX_CHAFA_TERM_SEQ_BEGIN_SIXELS = 40,
};

/// chafa's symbol tags that pokedex draws with (bits).
enum {
  PDX_CHAFA_SYMBOL_TAG_SPACE = 1 << 0,
  PDX_CHAFA_SYMBOL_TAG_SOLID = 1 << 1,
  PDX_CHAFA_SYMBOL_TAG_QUAD = 1 << 7,
  PDX_CHAFA_SYMBOL_TAG_VHALF = 1 << 9,
  PDX_CHAFA_SYMBOL_TAG_HALF = (1 << 8) | (1 << 9),
  PDX_CHAFA_SYMBOL_TAG_SEXTANT = 1 << 22,
};

/// Loads libchafa (`libchafa.so.0`) once; safe to call from any thread. NULL when it is ready;
/// otherwise why it is not (the same text at every call). The functions below may be called only
/// once it is ready.
const char *_Nullable pdx_chafa_load(void);

ChafaCanvasConfig *_Nullable pdx_chafa_canvas_config_new(void);
void pdx_chafa_canvas_config_unref(ChafaCanvasConfig *_Nonnull config);
void pdx_chafa_canvas_config_set_geometry(
  ChafaCanvasConfig *_Nonnull config, int width, int height);
void pdx_chafa_canvas_config_set_cell_geometry(
  ChafaCanvasConfig *_Nonnull config, int width, int height);
void pdx_chafa_canvas_config_set_pixel_mode(ChafaCanvasConfig *_Nonnull config, unsigned mode);
void pdx_chafa_canvas_config_set_canvas_mode(ChafaCanvasConfig *_Nonnull config, unsigned mode);
void pdx_chafa_canvas_config_set_symbol_map(
  ChafaCanvasConfig *_Nonnull config, const ChafaSymbolMap *_Nonnull symbols);
void pdx_chafa_canvas_config_set_work_factor(ChafaCanvasConfig *_Nonnull config, float factor);

ChafaSymbolMap *_Nullable pdx_chafa_symbol_map_new(void);
void pdx_chafa_symbol_map_unref(ChafaSymbolMap *_Nonnull symbols);
void pdx_chafa_symbol_map_add_by_tags(ChafaSymbolMap *_Nonnull symbols, int tags);

ChafaCanvas *_Nullable pdx_chafa_canvas_new(const ChafaCanvasConfig *_Nonnull config);
void pdx_chafa_canvas_unref(ChafaCanvas *_Nonnull canvas);
void pdx_chafa_canvas_draw_all_pixels(
  ChafaCanvas *_Nonnull canvas, unsigned type, const uint8_t *_Nonnull pixels, int width,
  int height, int rowstride);
/// What `canvas` prints with `info`, as text the caller frees with `free` (NULL on failure).
char *_Nullable pdx_chafa_canvas_print(ChafaCanvas *_Nonnull canvas, ChafaTermInfo *_Nonnull info);

ChafaTermDb *_Nullable pdx_chafa_term_db_get_default(void);
ChafaTermInfo *_Nullable pdx_chafa_term_db_detect(
  ChafaTermDb *_Nonnull database, char *_Nullable *_Nonnull environment);
ChafaTermInfo *_Nullable pdx_chafa_term_db_get_fallback_info(ChafaTermDb *_Nonnull database);
int pdx_chafa_term_info_have_seq(const ChafaTermInfo *_Nonnull info, unsigned sequence);
void pdx_chafa_term_info_unref(ChafaTermInfo *_Nonnull info);
