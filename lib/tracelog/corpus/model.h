/* model.h - a TraceLog file as lines of fields (core/corpus/
 * textmodel.h): the tag's two words and each field after it joined by
 * single spaces, written as they are. */
#ifndef TG_TL_MODEL_H
#define TG_TL_MODEL_H

#include "../../core/corpus/textmodel.h"
#include "../tracelog.h"

/*! tl_model_init() : an empty model of TraceLog lines. */
void tl_model_init(tgText_model *m);

/*! tl_generate() : a valid file of profile and tg_style from seed into
 *  m, or (out not NULL) streamed to out until it holds min_size bytes
 *  (generate.c). */
int tl_generate(tgText_model *m, tgOut *out, int profile, int style,
                uint64_t seed, uint64_t min_size);

#endif
