/* model.c - TraceLog lines: fields joined by one space, as they are. */
#include "model.h"

void tl_model_init(tgText_model *m) { tgText_model_init(m, ' ', NULL); }
