/* model.h - a NetTrace trace as a list of items, for the generators and
 * the mutators.  A generator writes through a sink: straight to the output
 * (streaming, for --size) or into a model that a mutator edits before it
 * is serialised.  An item is raw bytes (stream header, the v4/v5 Trace
 * object, the end tag) or a block: a v4/v5 object (name, versions,
 * BlockSize, padding, content, 06) or a v6 block (size|kind, content).
 * Overrides let a mutator break the framing itself. */
#ifndef TG_NT_MODEL_H
#define TG_NT_MODEL_H

#include "../../core/membuf.h"
#include "../../core/out.h"
#include "../wire.h"

#define NT_NO_SIZE INT64_MIN /* write the content's real size */

typedef struct nt_item {
    int raw;          /* 1: content written as is                   */
    unsigned kind;    /* v6 block kind                               */
    const char *name; /* v4/v5 object name                           */
    int32_t version, min_version; /* v4/v5 object versions (2, 2)         */
    tgMembuf content;
    /* overrides, for breaking the framing */
    int64_t size;           /* BlockSize to write, or NT_NO_SIZE          */
    int pad_extra;          /* v4/v5: padding beyond the right count (+/-) */
    unsigned char pad_byte; /* v4/v5: value of the padding bytes (0)       */
    int end_tag;            /* v4/v5: the closing tag to write, or -1 (06) */
    /* filled in by nt_serialise() */
    uint64_t at;         /* offset of the item                          */
    uint64_t content_at; /* offset of its content                       */
} nt_item;

typedef struct nt_model {
    enum nt_layout layout; /* NT_V45, or the block framing of v6 */
    nt_item *items;
    size_t n, cap;
    int failed;
} nt_model;

/* Where generators write. */
typedef struct nt_sink {
    tgOut *out;      /* streaming, or NULL */
    nt_model *model; /* collecting, or NULL */
    enum nt_layout layout;
    uint64_t total; /* bytes so far (as serialised) */
} nt_sink;

void nt_sink_raw(nt_sink *s, const void *p, size_t n);
/* Block b of the sink's layout: a v4/v5 object by name (versions 2, 2),
 * a v6 block by kind. */
void nt_sink_block(nt_sink *s, enum nt_block b, const tgMembuf *content);
int nt_sink_failed(const nt_sink *s);

/* Model editing. */
nt_item *nt_model_insert(nt_model *m, size_t at); /* a zeroed item */
void nt_model_remove(nt_model *m, size_t at);
void nt_model_free(nt_model *m);
/*! nt_serialise() : write the model, filling each item's offsets. */
void nt_serialise(nt_model *m, tgOut *out);

#endif
