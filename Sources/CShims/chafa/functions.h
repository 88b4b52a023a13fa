// The types of chafa's functions that pokedex calls, as CChafaShim.h spells chafa's types and
// glib's (`GString` left incomplete; `gint` is `int`, `gfloat` `float`, `guint8` `uint8_t`,
// `gchar` `char`, `gboolean` `int`, an enumeration the integer type the compiler gives it).
// shim.c calls through pointers of these types; Tests/ChafaShimCheck checks each against chafa's
// own header.
#pragma once

#include "../include/CChafaShim.h"

typedef struct _GString PDXGString;

typedef ChafaCanvasConfig *pdx_chafa_canvas_config_new_t(void);
typedef void pdx_chafa_canvas_config_unref_t(ChafaCanvasConfig *);
typedef void pdx_chafa_canvas_config_set_geometry_t(ChafaCanvasConfig *, int, int);
typedef void pdx_chafa_canvas_config_set_cell_geometry_t(ChafaCanvasConfig *, int, int);
typedef void pdx_chafa_canvas_config_set_pixel_mode_t(ChafaCanvasConfig *, unsigned);
typedef void pdx_chafa_canvas_config_set_canvas_mode_t(ChafaCanvasConfig *, unsigned);
typedef void pdx_chafa_canvas_config_set_symbol_map_t(ChafaCanvasConfig *, const ChafaSymbolMap *);
typedef void pdx_chafa_canvas_config_set_work_factor_t(ChafaCanvasConfig *, float);
typedef ChafaSymbolMap *pdx_chafa_symbol_map_new_t(void);
typedef void pdx_chafa_symbol_map_unref_t(ChafaSymbolMap *);
typedef void pdx_chafa_symbol_map_add_by_tags_t(ChafaSymbolMap *, int);
typedef ChafaCanvas *pdx_chafa_canvas_new_t(const ChafaCanvasConfig *);
typedef void pdx_chafa_canvas_unref_t(ChafaCanvas *);
typedef void pdx_chafa_canvas_draw_all_pixels_t(
  ChafaCanvas *, unsigned, const uint8_t *, int, int, int);
typedef PDXGString *pdx_chafa_canvas_print_t(ChafaCanvas *, ChafaTermInfo *);
typedef ChafaTermDb *pdx_chafa_term_db_get_default_t(void);
typedef ChafaTermInfo *pdx_chafa_term_db_detect_t(ChafaTermDb *, char **);
typedef ChafaTermInfo *pdx_chafa_term_db_get_fallback_info_t(ChafaTermDb *);
typedef int pdx_chafa_term_info_have_seq_t(const ChafaTermInfo *, unsigned);
typedef void pdx_chafa_term_info_unref_t(ChafaTermInfo *);
/// glib's `g_string_free`, which frees what `chafa_canvas_print` returns.
typedef char *pdx_g_string_free_t(PDXGString *, int);
