// CChafaShim's declarations checked against chafa's own header: built with the tests, this file
// fails to compile when a function pokedex calls, or a value it passes, is not what the
// installed chafa declares (pokedex itself is built without that header: see CChafaShim.h).
#include "ChafaShimCheck.h"

#include <chafa.h>

#include "../../../Sources/CShims/chafa/functions.h"

#define DECLARED_AS_CHAFA_DOES(function)                                                    \
  _Static_assert(__builtin_types_compatible_p(__typeof__(function), pdx_##function##_t), \
                 #function " is not declared as chafa declares it")

DECLARED_AS_CHAFA_DOES(chafa_canvas_config_new);
DECLARED_AS_CHAFA_DOES(chafa_canvas_config_unref);
DECLARED_AS_CHAFA_DOES(chafa_canvas_config_set_geometry);
DECLARED_AS_CHAFA_DOES(chafa_canvas_config_set_cell_geometry);
DECLARED_AS_CHAFA_DOES(chafa_canvas_config_set_pixel_mode);
DECLARED_AS_CHAFA_DOES(chafa_canvas_config_set_canvas_mode);
DECLARED_AS_CHAFA_DOES(chafa_canvas_config_set_symbol_map);
DECLARED_AS_CHAFA_DOES(chafa_canvas_config_set_work_factor);
DECLARED_AS_CHAFA_DOES(chafa_symbol_map_new);
DECLARED_AS_CHAFA_DOES(chafa_symbol_map_unref);
DECLARED_AS_CHAFA_DOES(chafa_symbol_map_add_by_tags);
DECLARED_AS_CHAFA_DOES(chafa_canvas_new);
DECLARED_AS_CHAFA_DOES(chafa_canvas_unref);
DECLARED_AS_CHAFA_DOES(chafa_canvas_draw_all_pixels);
DECLARED_AS_CHAFA_DOES(chafa_canvas_print);
DECLARED_AS_CHAFA_DOES(chafa_term_db_get_default);
DECLARED_AS_CHAFA_DOES(chafa_term_db_detect);
DECLARED_AS_CHAFA_DOES(chafa_term_db_get_fallback_info);
DECLARED_AS_CHAFA_DOES(chafa_term_info_have_seq);
DECLARED_AS_CHAFA_DOES(chafa_term_info_unref);
DECLARED_AS_CHAFA_DOES(g_string_free);

#define SAME_VALUE(name) _Static_assert(PDX_##name == name, #name " is not chafa's value")

SAME_VALUE(CHAFA_CANVAS_MODE_TRUECOLOR);
SAME_VALUE(CHAFA_CANVAS_MODE_INDEXED_256);
SAME_VALUE(CHAFA_CANVAS_MODE_INDEXED_16);
SAME_VALUE(CHAFA_PIXEL_MODE_SYMBOLS);
SAME_VALUE(CHAFA_PIXEL_MODE_SIXELS);
SAME_VALUE(CHAFA_PIXEL_RGBA8_UNASSOCIATED);
SAME_VALUE(CHAFA_TERM_SEQ_BEGIN_SIXELS);
SAME_VALUE(CHAFA_SYMBOL_TAG_SPACE);
SAME_VALUE(CHAFA_SYMBOL_TAG_SOLID);
SAME_VALUE(CHAFA_SYMBOL_TAG_QUAD);
SAME_VALUE(CHAFA_SYMBOL_TAG_VHALF);
SAME_VALUE(CHAFA_SYMBOL_TAG_HALF);
SAME_VALUE(CHAFA_SYMBOL_TAG_SEXTANT);
