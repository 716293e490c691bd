/* model.c - TraceLog lines: fields joined by one space, as they are. */
#include "model.h"

void tl_model_init(tgT_model *m) { tgT_model_init(m, ' ', NULL); }
