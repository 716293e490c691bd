/* model.h - an AFPerf file as lines of fields (core/corpus/textmodel.h),
 * for the generator (which streams one line at a time) and the mutators
 * (which edit a whole small parent and then write it): fields joined by
 * commas, quoted as RFC 4180 needs (or as asked). */
#ifndef TG_AF_MODEL_H
#define TG_AF_MODEL_H

#include "../../core/corpus/textmodel.h"
#include "../afperf.h"

/*! af_model_init() : an empty model of AFPerf lines. */
void af_model_init(tgText_model *m);

/*! af_generate() : a valid file of a profile in a tg_style from seed
 *  into m, or (out not NULL) streamed to out until it holds min_size
 *  bytes (generate.c). */
int af_generate(tgText_model *m, tgOut *out, int profile, int style,
                uint64_t seed, uint64_t min_size);

#endif
