/* blocks_draft.c - the two blocks whose layout only the seed's draft has
 * (the v6 draft): a Thread block of Count (Index, ThreadId,
 * ProcessId) entries, and a Metadata block of Count rows with no sizes,
 * so one row that does not parse ends the block. */
#include <inttypes.h>
#include <stdio.h>

#include "check.h"

static int u16(nt_cur *c, unsigned *out)
{
    if (nt_left(c) < 2)
        return -1;
    *out = (unsigned)(c->p[0] | c->p[1] << 8);
    c->p += 2;
    return 0;
}

static int skip(nt_cur *c, uint64_t n)
{
    if (n > nt_left(c))
        return -1;
    c->p += n;
    return 0;
}

static int var(nt_cur *c, unsigned bits, uint64_t *out)
{
    return nt_varuint(c, bits, out) < NT_VAR_CUT ? 0 : -1;
}

void nt_thread_block_draft(nt_check *k, nt_cur *b)
{
    unsigned count;
    uint64_t at = nt_off(b);
    if (u16(b, &count) != 0) {
        nt_report(k, NT_DRF_THREAD_PARSE, at, nt_left(b), "/Count", "a u16",
                  "the end of the block");
        return;
    }
    for (k->row = 0; k->row < count && !nt_abandon_rows(k, b); k->row++) {
        uint64_t eat = nt_off(b), index, tid, pid;
        if (var(b, 64, &index) || var(b, 64, &tid) || var(b, 64, &pid)) {
            /* the Count claims more than the block holds */
            char exp[32], found[32];
            snprintf(exp, sizeof exp, "%u entries", count);
            snprintf(found, sizeof found, "%" PRIu64 " that fit", k->row);
            k->row = UINT64_MAX;
            nt_report(k, NT_DRF_THREAD_PARSE, at, 2, "/Count", exp, found);
            return;
        }
        if (nt_showing(k)) {
            char what[96];
            snprintf(what, sizeof what,
                     "index %" PRIu64 ", thread id %" PRIu64
                     ", process id %" PRIu64,
                     index, tid, pid);
            nt_show(k, 1, "thread", "", eat, nt_off(b) - eat, what);
        }
        nt_declare_thread(k, index, eat);
        nt_thread_os_id(k, index, tid);
    }
    k->row = UINT64_MAX;
    if (nt_left(b) > 0)
        nt_report(k, NT_DRF_THREAD_PARSE, nt_off(b), nt_left(b), "",
                  "nothing after the Count entries", "more bytes");
}

typedef struct draft_row {
    nt_check *k;
    int failed;
    nt_lay lay;     /* the payload layout being compiled      */
    nt_names names; /* what its events are called (deliver.c) */
} draft_row;

static int fail(draft_row *m, uint64_t at, const char *field, const char *exp,
                const char *found)
{
    if (!m->failed)
        nt_report(m->k, NT_DRF_META_ROW, at, 0, field, exp, found);
    m->failed = 1;
    return -1;
}

static int string(draft_row *m, nt_cur *c, const char *field)
{
    return nt_string_v6(m->k, c, field) == 0
               ? 0
               : fail(m, nt_off(c), field, "a string in the block",
                      "one running past it");
}

static int fields(draft_row *m, nt_cur *c, unsigned depth);

/* Type: a TypeCode of the draft; ElementType after 19; fields after 1 */
static int type(draft_row *m, nt_cur *c, unsigned depth)
{
    uint64_t at = nt_off(c);
    if (nt_left(c) < 1)
        return fail(m, at, "/Type", "a TypeCode", "the end of the block");
    if (nt_too_deep(m->k, depth, at, "/Type")) {
        m->failed = 1;
        return -1;
    }
    unsigned code = *c->p++;
    const nt_type *t = nt_type_at(NT_V6D, code);
    if (t->shape == NT_T_UNKNOWN) {
        char found[16], codes[48];
        snprintf(found, sizeof found, "%u", code);
        return fail(m, at, "/Type", nt_type_codes(NT_V6D, codes, sizeof codes),
                    found);
    }
    if (t->shape == NT_T_OBJECT)
        return fields(m, c, depth + 1);
    if (t->shape != NT_T_ARRAY) {
        nt_lay_scalar(&m->lay, t, 0);
        return 0;
    }
    nt_lay_mark element = nt_lay_open(&m->lay);
    if (type(m, c, depth + 1) != 0)
        return -1;
    nt_lay_close(&m->lay, element, NT_T_ARRAY, 0);
    return 0;
}

/* FieldDescriptions: varuint Count, then (Type, string FieldName). */
static int fields(draft_row *m, nt_cur *c, unsigned depth)
{
    uint64_t count;
    if (var(c, 32, &count))
        return fail(m, nt_off(c), "/FieldDescriptions/Count", "a varuint",
                    "none");
    for (uint64_t i = 0; i < count; i++)
        if (type(m, c, depth) || string(m, c, "/FieldDescriptions/FieldName"))
            return -1;
    return 0;
}

/* OptionalMetadata: varuint Count, then (Kind, value). */
static int optional(draft_row *m, nt_cur *c)
{
    uint64_t count, v;
    if (var(c, 32, &count))
        return fail(m, nt_off(c), "/OptionalMetadata/Count", "a varuint",
                    "none");
    for (uint64_t i = 0; i < count; i++) {
        uint64_t at = nt_off(c);
        if (nt_left(c) < 1)
            return fail(m, at, "/OptionalMetadata", "an element",
                        "the end of the block");
        unsigned kind = *c->p++;
        int bad = 0;
        switch (kind) {
        case NT_OPT_OPCODE:
            if (!(bad = nt_left(c) < 1))
                m->names.opcode = c->p[0];
            bad = bad || skip(c, 1);
            break;
        case NT_OPT_DRAFT_KEYWORD_LEVEL_VERSION:
            if (!(bad = nt_left(c) < 10))
                m->names.version = c->p[9];
            bad = bad || skip(c, 10);
            break;
        case 4:
        case 5: bad = nt_string_v6(m->k, c, "/OptionalMetadata") != 0; break;
        case 6:
            bad = nt_string_v6(m->k, c, "/OptionalMetadata") ||
                  nt_string_v6(m->k, c, "/OptionalMetadata");
            break;
        default: {
            /* NT-A25: every other kind is read as length-prefixed */
            char found[16];
            snprintf(found, sizeof found, "%u", kind);
            nt_report(m->k, NT_DRF_OPTIONAL_SKIP, at, 1,
                      "/OptionalMetadata/Kind", "1, 3-6", found);
            bad = var(c, 32, &v) || skip(c, v);
        }
        }
        if (bad)
            return fail(m, at, "/OptionalMetadata", "an element in the block",
                        "one running past it");
    }
    return 0;
}

void nt_metadata_block_draft(nt_check *k, nt_cur *b)
{
    unsigned count;
    uint64_t count_at = nt_off(b);
    if (u16(b, &count) != 0) {
        nt_report(k, NT_DRF_META_COUNT, nt_off(b), nt_left(b), "/Count",
                  "a u16", "the end of the block");
        return;
    }
    for (k->row = 0; k->row < count; k->row++) {
        if (nt_abandon_rows(k, b)) {
            k->row = UINT64_MAX;
            return;
        }
        draft_row m = {k, 0, {0}, NT_NAMES_NONE};
        uint64_t at = nt_off(b), id, event_id;
        if (nt_left(b) == 0) {
            /* the Count claims more rows than the block holds */
            char exp[32], found[32];
            snprintf(exp, sizeof exp, "%u rows", count);
            snprintf(found, sizeof found, "%" PRIu64, k->row);
            k->row = UINT64_MAX;
            nt_report(k, NT_DRF_META_COUNT, count_at, 2, "/Count", exp, found);
            return;
        }
        if (var(b, 32, &id)) {
            fail(&m, at, "/MetaDataId", "a varuint", "none");
            break;
        }
        nt_meta *meta = nt_define_metadata(k, (int64_t)id, at, nt_off(b) - at,
                                           "/MetaDataId");
        nt_lay_begin(&m.lay, k);
        const unsigned char *text = b->p;
        nt_names *n = &m.names;
        int bad = string(&m, b, "/ProviderName");
        if (!bad) {
            nt_string_bytes(text, b->p, &n->provider, &n->provider_size);
            bad = var(b, 32, &event_id);
        }
        if (!bad) {
            n->event_id = (int64_t)event_id;
            text = b->p;
            bad = string(&m, b, "/EventName");
        }
        if (!bad)
            nt_string_bytes(text, b->p, &n->name, &n->name_size);
        bad = bad || fields(&m, b, 0) || optional(&m, b);
        nt_lay_finish(&m.lay, bad ? NULL : meta, at);
        if (meta && nt_delivering(k))
            nt_deliver_metadata(k, (uint32_t)id, n, at);
        if (nt_showing(k)) {
            nt_cur row = {b->start + (at - b->base), b->p, b->start, b->base};
            nt_show_metadata_v6(k, at, nt_off(b) - at, row);
        }
        if (bad) {
            if (!m.failed)
                fail(&m, nt_off(b), "/EventId", "a varuint", "none");
            break; /* rows have no size: nothing after can be found */
        }
    }
    if (k->row == count && nt_left(b) > 0)
        nt_report(k, NT_DRF_META_COUNT, nt_off(b), nt_left(b), "",
                  "nothing after the Count rows", "more bytes");
    k->row = UINT64_MAX;
}
