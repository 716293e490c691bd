/* meta_v6.c - the v6 Metadata block: u16 HeaderSize (not counting itself),
 * a header, then rows framed by a u16 Size.  A row is MetaDataId,
 * ProviderName, EventId, EventName, FieldDescriptions, OptionalMetadata
 * and an undefined tail.  A row that does not parse is reported once and
 * the next row is read (rows are framed by their Size). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/bytes.h"
#include "check.h"
#include "../../core/mem.h"

/* v6 code 23: one UTF-8 code unit, or a string in Universal providers
 * (NT-A7) */
#define T_UTF8_UNIT 23

/* What type() learns of a type, as bits. */
enum {
    FIXED = 1, /* fixed size by the letter of the spec (NT-A13)  */
    VARINT = 2 /* holds a VarInt or VarUInt somewhere            */
};

typedef struct row_parse {
    nt_check *k;
    int failed;     /* an M6_ROW or M6_TYPE finding ended the row    */
    int universal;  /* a Universal.* provider: scalar 23 is a string */
    nt_lay lay;     /* the payload layout being compiled             */
    nt_names names; /* what its events are called (deliver.c)        */
} row_parse;

static void fail(row_parse *m, size_t rule, uint64_t at, const char *field,
                 const char *exp, const char *found)
{
    if (!m->failed)
        nt_report(m->k, rule, at, 0, field, exp, found);
    m->failed = 1;
}

static int u16(row_parse *m, nt_cur *c, unsigned *out, const char *field)
{
    if (nt_left(c) < 2) {
        fail(m, NT_M6_ROW, nt_off(c), field, "a u16", "the end of the row");
        return -1;
    }
    *out = (unsigned)(c->p[0] | c->p[1] << 8);
    c->p += 2;
    return 0;
}

static int string(row_parse *m, nt_cur *c, const char *field)
{
    if (nt_string_v6(m->k, c, field) == 0)
        return 0;
    fail(m, NT_M6_ROW, nt_off(c), field, "a string inside the row",
         "one running past it");
    return -1;
}

static int varu(row_parse *m, nt_cur *c, uint64_t *out, const char *field)
{
    if (nt_varuint(c, 32, out) < NT_VAR_CUT)
        return 0;
    fail(m, NT_M6_ROW, nt_off(c), field, "a varuint32 inside the row",
         "one that does not fit");
    return -1;
}

static void tail(row_parse *m, nt_cur *c, const char *field)
{
    if (m->failed || nt_left(c) == 0)
        return;
    char found[48];
    snprintf(found, sizeof found, "%zu undefined bytes", nt_left(c));
    nt_report(m->k, NT_M6_TAIL, nt_off(c), nt_left(c), field, "none", found);
}

/* NT-A7: the Universal providers of microsoft/one-collect write type 23
 * scalars as u16-length-prefixed UTF-8 strings, and TraceEvent reads them
 * so.  [p, end) is the ProviderName field, length prefix included. */
static int universal(const unsigned char *p, const unsigned char *end)
{
    return end - p == 17 && p[0] == 16 &&
           (memcmp(p + 1, "Universal.System", 16) == 0 ||
            memcmp(p + 1, "Universal.Events", 16) == 0);
}

static int fields(row_parse *m, nt_cur *c, unsigned depth);

/* What a TypeCode at `at` has to say, if anything (an unknown code, the
 * compat Decimal, DateTime, 23 as a scalar): 0 if the type cannot be
 * read on.  Out of type()'s way: most codes say nothing. */
static __attribute__((noinline, cold)) int
code_findings(row_parse *m, const nt_type *t, unsigned code, int scalar,
              uint64_t at)
{
    char found[48], codes[48];
    if (t->shape == NT_T_UNKNOWN || t->compat) {
        snprintf(found, sizeof found, "%u", code);
        nt_type_codes(NT_V6, codes, sizeof codes);
    }
    if (t->shape == NT_T_UNKNOWN) {
        fail(m, NT_M6_TYPE, at, "/Type", codes, found);
        return 0;
    }
    if (t->compat)
        nt_report(m->k, NT_M6_DECIMAL, at, 1, "/Type", codes, found);
    if (code == T_UTF8_UNIT && scalar)
        nt_report(m->k, NT_M6_UTF8_SCALAR, at, 1, "/Type",
                  "23 only as an element type", "a scalar field of type 23");
    if (code == NT_TYPE_DATETIME)
        nt_report(m->k, NT_MET_DATETIME_V6, at, 1, "/Type",
                  "a type TraceEvent reads at its v6 size",
                  "16 (DateTime: 16 bytes, TraceEvent reads 8)");
    return 1;
}

/* A field type of no bytes at `at` (NT-MET-020): an Object of no fields,
 * a FixedLengthArray of 0 elements. */
static __attribute__((noinline, cold)) void
empty_field(row_parse *m, uint64_t at, const char *what)
{
    nt_report(m->k, NT_MET_EMPTY_FIELD, at, 2, what, "at least one byte",
              "a field of no bytes");
}

/* Type: TypeCode, ElementType (19, 22, 24, 25), ElementCount (22),
 * nested fields (1).  @return FIXED and VARINT bits, or -1 on failure. */
static int type(row_parse *m, nt_cur *c, unsigned depth, int scalar)
{
    nt_check *k = m->k;
    uint64_t at = nt_off(c);
    if (nt_left(c) < 1) {
        fail(m, NT_M6_ROW, at, "/Type", "a TypeCode", "the end of the field");
        return -1;
    }
    unsigned code = *c->p++;
    if (nt_too_deep(k, depth, at, "/Type")) {
        m->failed = 1;
        return -1;
    }
    const nt_type *t = nt_type_at(NT_V6, code);
    if ((t->shape == NT_T_UNKNOWN || t->compat ||
         (code == T_UTF8_UNIT && scalar) || code == NT_TYPE_DATETIME) &&
        !code_findings(m, t, code, scalar, at))
        return -1;
    switch (t->shape) {
    case NT_T_OBJECT:
        if (nt_left(c) >= 2 && c->p[0] == 0 && c->p[1] == 0)
            empty_field(m, nt_off(c), "/Type/FieldDescriptions/Count");
        return fields(m, c, depth + 1);
    case NT_T_ARRAY:
    case NT_T_FIXED_ARRAY:
    case NT_T_RELLOC:
    case NT_T_DATALOC: {
        unsigned count = 0;
        nt_lay_mark element = nt_lay_open(&m->lay);
        int e = type(m, c, depth + 1, 0);
        if (e < 0)
            return -1;
        int locator = t->shape == NT_T_RELLOC || t->shape == NT_T_DATALOC;
        if (locator && !(e & FIXED)) {
            nt_report(k, NT_M6_LOC_VARIABLE, at, 1, "/Type",
                      "a fixed-size element type",
                      "an element type that is not");
            m->lay.broken = 1; /* a MUST finding: events not decoded */
        } else if (locator && (e & VARINT)) {
            nt_report(k, NT_M6_LOC_VARINT, at, 1, "/Type",
                      "a fixed-size element type",
                      "an element type holding VarInt or VarUInt");
        }
        if (t->shape == NT_T_FIXED_ARRAY) {
            if (u16(m, c, &count, "/Type/ElementCount"))
                return -1;
            if (count == 0)
                empty_field(m, nt_off(c) - 2, "/Type/ElementCount");
        }
        nt_lay_close(&m->lay, element, t->shape, count);
        /* a locator is a u32, whatever it points at */
        return t->shape == NT_T_FIXED_ARRAY ? e : locator ? FIXED : e & VARINT;
    }
    default:
        nt_lay_scalar(&m->lay, t,
                      code == T_UTF8_UNIT && scalar && m->universal);
        return (nt_type_fixed(t) ? FIXED : 0) |
               (t->shape == NT_T_VARINT ? VARINT : 0);
    }
}

/* FieldDescriptions: u16 Count, then (u16 FieldSize, name, Type, tail).
 * @return FIXED if every field is fixed size, VARINT if one holds a
 * varint, or -1 on failure. */
static int fields(row_parse *m, nt_cur *c, unsigned depth)
{
    unsigned count;
    int all = FIXED;
    if (u16(m, c, &count, "/FieldDescriptions/Count"))
        return -1;
    for (unsigned i = 0; i < count; i++) {
        unsigned size;
        if (u16(m, c, &size, "/FieldDescriptions/FieldSize"))
            return -1;
        if (size > nt_left(c)) {
            fail(m, NT_M6_ROW, nt_off(c) - 2, "/FieldDescriptions/FieldSize",
                 "a field inside the row", "one running past it");
            return -1;
        }
        nt_cur f = {c->p, c->p + size, c->start, c->base};
        c->p += size;
        int one;
        if (string(m, &f, "/FieldDescriptions/FieldName") ||
            (one = type(m, &f, depth, 1)) < 0)
            return -1;
        all = (all & one & FIXED) | ((all | one) & VARINT);
        tail(m, &f, "/FieldDescriptions/field");
    }
    return all;
}

static void optional(row_parse *m, nt_cur *c)
{
    unsigned size;
    if (u16(m, c, &size, "/OptionalMetadata/Size"))
        return;
    if (size > nt_left(c)) {
        fail(m, NT_M6_ROW, nt_off(c) - 2, "/OptionalMetadata/Size",
             "inside the row", "past its end");
        return;
    }
    nt_cur o = {c->p, c->p + size, c->start, c->base};
    c->p += size;
    static const unsigned char fixed[10] = {0, 1, 0, 8, 0, 0, 0, 16, 1, 1};
    while (nt_left(&o) > 0 && !m->failed) {
        uint64_t at = nt_off(&o);
        unsigned kind = *o.p++;
        int ok;
        if ((kind == NT_OPT_OPCODE || kind == NT_OPT_VERSION) &&
            nt_left(&o) >= 1) {
            if (kind == NT_OPT_OPCODE)
                m->names.opcode = o.p[0];
            else
                m->names.version = o.p[0];
        }
        if (kind == 4 || kind == 5)
            ok = nt_string_v6(m->k, &o, "/OptionalMetadata") == 0;
        else if (kind == 6)
            ok = nt_string_v6(m->k, &o, "/OptionalMetadata") == 0 &&
                 nt_string_v6(m->k, &o, "/OptionalMetadata") == 0;
        else if (kind >= 1 && kind <= 9 && kind != 2)
            ok = nt_left(&o) >= fixed[kind] && (o.p += fixed[kind], 1);
        else {
            char found[16];
            snprintf(found, sizeof found, "%u", kind);
            fail(m, NT_M6_OPTIONAL, at, "/OptionalMetadata/Kind", "1, 3-9",
                 found);
            return;
        }
        if (!ok)
            fail(m, NT_M6_ROW, at, "/OptionalMetadata",
                 "elements filling exactly Size", "one running past it");
    }
}

/* ---- rows sent again ----------------------------------------------------
 * A writer that flushes the metadata ids (SP Flags bit 1) sends its rows
 * again, most often byte for byte.  ProviderName, EventId, EventName and
 * FieldDescriptions are read from their own bytes alone: the same bytes
 * compile to the same ops, and bytes that gave no finding give none
 * again.  So a row whose compiling reported nothing keeps those bytes and
 * the ops, by its id; when the id comes back with the same bytes, its ops
 * are copied (nt_lay_replay()), not compiled anew.  The id is defined,
 * and OptionalMetadata (which writers vary) read, as for any row.  The
 * rows are kept in one block of KEPT_IDS slots (194 KiB), made when the
 * first row is kept; no memory for it is NT-LIM-001, as for the id maps.
 * Off with the fast paths (tgEngine_fast_paths()). */
#define KEPT_IDS   64   /* ids kept, one per slot: id % KEPT_IDS */
#define KEPT_BYTES 1024 /* a row kept holds no more bytes than this ... */
#define KEPT_OPS   128  /* ... nor ops */

typedef struct nt_kept_row {
    uint32_t id, n, nops; /* n: bytes; 0, an empty slot (a row has some) */
    uint32_t universal, datetime, top, last; /* as nt_lay_replay() takes */
    nt_op ops[KEPT_OPS];
    unsigned char bytes[KEPT_BYTES];
} nt_kept_row;

struct nt_kept_rows {
    nt_kept_row slot[KEPT_IDS];
};

static int kept_on(const nt_check *k)
{
    return tgEngine_fast_paths(k->c) && !k->silent;
}

/* The row of id whose bytes from c->p on start as a kept row's: its ops
 * made (c->p past those bytes), 1; else 0 with nothing done. */
static int replay_row(row_parse *m, nt_cur *c, uint32_t id)
{
    nt_check *k = m->k;
    if (!kept_on(k) || k->kept_rows == NULL)
        return 0;
    const nt_kept_row *r = &k->kept_rows->slot[id % KEPT_IDS];
    if (r->n == 0 || r->id != id || nt_left(c) < r->n ||
        memcmp(c->p, r->bytes, r->n) != 0 ||
        !nt_lay_replay(&m->lay, r->ops, r->nops,
                       r->last == UINT32_MAX ? SIZE_MAX : r->last,
                       (int)r->datetime, r->top))
        return 0;
    m->universal = (int)r->universal;
    c->p += r->n;
    return 1;
}

/* Keep the row of id (at offset off) whose bytes [p, end) compiled with
 * no finding (k made `reports` calls of nt_report() before them) to the
 * ops from m->lay.start on. */
static void keep_row(row_parse *m, uint32_t id, uint64_t off,
                     const unsigned char *p, const unsigned char *end,
                     uint64_t reports)
{
    nt_check *k = m->k;
    const nt_lay *l = &m->lay;
    size_t n = (size_t)(end - p), nops = k->nops - l->start;
    if (!kept_on(k) || k->tables_full || k->reports != reports || m->failed ||
        l->broken || n == 0 || n > KEPT_BYTES || nops > KEPT_OPS ||
        l->top > UINT32_MAX)
        return;
    if (k->kept_rows == NULL &&
        (k->kept_rows = tgMem_calloc(1, sizeof *k->kept_rows)) == NULL) {
        nt_table_full(k, off); /* memory is a limit, said as such */
        return;
    }
    nt_kept_row *r = &k->kept_rows->slot[id % KEPT_IDS];
    if (nops > 0)
        memcpy(r->ops, k->ops + l->start, nops * sizeof *r->ops);
    memcpy(r->bytes, p, n);
    r->id = id;
    r->n = (uint32_t)n;
    r->nops = (uint32_t)nops;
    r->universal = (uint32_t)m->universal;
    r->datetime = (uint32_t)l->datetime;
    r->top = (uint32_t)l->top;
    r->last =
        l->last == SIZE_MAX ? UINT32_MAX : (uint32_t)(l->last - l->start);
}

void nt_kept_rows_free(nt_check *k)
{
    tgMem_free(k->kept_rows);
    k->kept_rows = NULL;
}

/* ProviderName, EventId, EventName and FieldDescriptions of the row of
 * id (at offset id_at), read and compiled from their bytes, and kept when
 * that reported nothing.  @return 1 when all four were read. */
static int compile_row(row_parse *m, nt_cur *r, uint32_t id, uint64_t id_at)
{
    const unsigned char *provider = r->p, *name;
    uint64_t reports = m->k->reports, event_id;
    nt_names *n = &m->names;
    if (string(m, r, "/ProviderName") != 0)
        return 0;
    m->universal = universal(provider, r->p);
    nt_string_bytes(provider, r->p, &n->provider, &n->provider_size);
    uint64_t event_at = nt_off(r);
    if (varu(m, r, &event_id, "/EventId") != 0)
        return 0;
    n->event_id = (int64_t)event_id;
    if (event_id > NT_TE_EVENT_ID_MAX) {
        char found[24];
        snprintf(found, sizeof found, "%" PRIu64, event_id);
        nt_report(m->k, NT_MET_EVENT_ID, event_at, nt_off(r) - event_at,
                  "/EventId", "0 .. 65535", found);
    }
    name = r->p;
    if (string(m, r, "/EventName") != 0)
        return 0;
    nt_string_bytes(name, r->p, &n->name, &n->name_size);
    if (fields(m, r, 0) < 0)
        return 0;
    keep_row(m, id, id_at, provider, r->p, reports);
    return 1;
}

void nt_metadata_block_v6(nt_check *k, nt_cur *b)
{
    unsigned hs = nt_left(b) >= 2 ? (unsigned)(b->p[0] | b->p[1] << 8) : 0;
    if (nt_left(b) < 2 || hs > nt_left(b) - 2) {
        nt_report(k, NT_M6_FRAME, nt_off(b), nt_left(b), "/HeaderSize",
                  "a header inside the block", "one running past it");
        return;
    }
    b->p += 2 + hs;
    if (nt_left(b) == 0)
        nt_report(k, NT_BLK_EMPTY_OTHER, nt_off(b), 0, "", "1 or more rows",
                  "none");
    for (k->row = 0; nt_left(b) > 0 && !nt_abandon_rows(k, b); k->row++) {
        uint64_t at = nt_off(b);
        nt_cur r;
        if (nt_sized_row(b, &r) != 0) {
            nt_report(k, NT_M6_FRAME, at, nt_left(b), "/Size",
                      "a row inside the block", "one running past it");
            break;
        }
        if (nt_showing(k))
            nt_show_metadata_v6(k, at, nt_off(&r) + nt_left(&r) - at, r);
        row_parse m = {k, 0, 0, {0}, NT_NAMES_NONE};
        uint64_t id, id_at = nt_off(&r);
        if (varu(&m, &r, &id, "/MetaDataId"))
            continue;
        nt_meta *meta = nt_define_metadata(k, (int64_t)id, id_at,
                                           nt_off(&r) - id_at, "/MetaDataId");
        nt_lay_begin(&m.lay, k);
        /* no row is replayed when events are wanted (kept_on()): the
         * names are taken as the row is compiled */
        if (replay_row(&m, &r, (uint32_t)id) ||
            compile_row(&m, &r, (uint32_t)id, id_at)) {
            optional(&m, &r);
            tail(&m, &r, "");
        }
        nt_lay_finish(&m.lay, m.failed ? NULL : meta, id_at);
        if (meta && nt_delivering(k))
            nt_deliver_metadata(k, (uint32_t)id, &m.names, id_at);
    }
    k->row = UINT64_MAX;
}
