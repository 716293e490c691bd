/* meta_v45.c - the v4/v5 metadata payload: the fixed header (id, provider,
 * event id, name, keywords, version, level), the V1 field list the spec
 * requires, and V5 tags (OpCode, V2Params, unknown kinds skipped).
 * Everything is bounded by the payload; nesting by the depth limit.  The
 * fields compile into the payload layout of the id (payload.c): the V1
 * list's, or the V2Params tag's when there is one. */
#include <inttypes.h>
#include <stdio.h>

#include "../../core/bytes.h"
#include "check.h"

#define TAG_OPCODE   1
#define TAG_V2PARAMS 2

typedef struct meta_parse {
    nt_check *k;
    int failed;     /* a MET_PARSE finding (or a limit) ended the payload */
    nt_lay lay;     /* the payload layout being compiled                  */
    nt_names names; /* what its events are called (deliver.c)             */
} meta_parse;

static void fail(meta_parse *m, uint64_t at, uint64_t len, const char *field,
                 const char *exp, const char *found)
{
    if (!m->failed)
        nt_report(m->k, NT_MET_PARSE, at, len, field, exp, found);
    m->failed = 1;
}

/* An int32 field that cannot be negative, found negative. */
static void negative(meta_parse *m, uint64_t at, const char *field, int32_t v)
{
    char found[24];
    snprintf(found, sizeof found, "%" PRId32, v);
    fail(m, at, 4, field, ">= 0", found);
}

/* An Object of no fields, its FieldCount at `at` (NT-MET-020). */
static __attribute__((noinline, cold)) void
empty_object(meta_parse *m, uint64_t at, const char *field)
{
    nt_report(m->k, NT_MET_EMPTY_FIELD, at, 4, field, "at least one field",
              "an Object of no fields");
}

/* Whether the int32 next in c is 0: a nested FieldCount, peeked. */
static int next_zero(const nt_cur *c)
{
    return nt_left(c) >= 4 && tgBytes_le32(c->p) == 0;
}

static int i32(meta_parse *m, nt_cur *c, int32_t *out, const char *field)
{
    if (nt_left(c) < 4) {
        fail(m, nt_off(c), 0, field, "an int32", "the end of the payload");
        return -1;
    }
    *out = (int32_t)tgBytes_le32(c->p);
    c->p += 4;
    return 0;
}

/* A NUL-terminated UTF-16LE string, its code units checked; where they
 * are goes to *at and *size (NULL: not wanted). */
static int utf16z(meta_parse *m, nt_cur *c, const char *field,
                  const unsigned char **at, size_t *size)
{
    for (const unsigned char *p = c->p; p + 1 < c->end; p += 2)
        if (p[0] == 0 && p[1] == 0) {
            nt_utf16(m->k, c->p, (size_t)(p - c->p) / 2, nt_off(c), field);
            if (at) {
                *at = c->p;
                *size = (size_t)(p - c->p);
            }
            c->p = p + 2;
            return 0;
        }
    fail(m, nt_off(c), nt_left(c), field, "a UTF-16 string ending in 00 00",
         "none before the end of the payload");
    return -1;
}

/* The type code t (V2Params allows Array) as the table knows it; a code
 * outside the spec is reported and compiles to nothing decodable. */
static const nt_type *check_type(meta_parse *m, int32_t t, uint64_t at, int v2)
{
    const nt_type *type = nt_type_at(NT_V45, t < 0 ? NT_NCODES : (unsigned)t);
    char found[24], codes[48];
    if (t == NT_TYPE_ARRAY && !v2) {
        nt_report(m->k, NT_MET_ARRAY_IN_V1, at, 4, "/fields/TypeCode",
                  "a V1 type code", "19 (Array)");
        m->lay.broken = 1; /* a V1 Array has no element type */
    } else if (type->shape == NT_T_UNKNOWN || type->compat) {
        snprintf(found, sizeof found, "%" PRId32, t);
        nt_report(m->k, NT_MET_TYPE_CODE, at, 4,
                  v2 ? "/V2Params/TypeCode" : "/fields/TypeCode",
                  nt_type_codes(NT_V45, codes, sizeof codes), found);
    }
    return type;
}

/* V1: count, then (TypeCode, [nested list if Object], FieldName). */
static void v1_fields(meta_parse *m, nt_cur *c, unsigned depth, int32_t *count)
{
    if (i32(m, c, count, "/fields/FieldCount"))
        return;
    if (*count < 0) {
        negative(m, nt_off(c) - 4, "/fields/FieldCount", *count);
        return;
    }
    if (nt_too_deep(m->k, depth, nt_off(c) - 4, "/fields/FieldCount")) {
        m->failed = 1;
        return;
    }
    for (int32_t i = 0; i < *count && !m->failed; i++) {
        int32_t type, nested;
        uint64_t at = nt_off(c);
        if (i32(m, c, &type, "/fields/TypeCode"))
            return;
        const nt_type *t = check_type(m, type, at, 0);
        if (type == NT_TYPE_OBJECT) {
            if (next_zero(c))
                empty_object(m, nt_off(c), "/fields/FieldCount");
            v1_fields(m, c, depth + 1, &nested);
        } else if (type != NT_TYPE_ARRAY)
            nt_lay_scalar(&m->lay, t, 0);
        if (!m->failed)
            utf16z(m, c, "/fields/FieldName", NULL, NULL);
    }
}

static void v2_fields(meta_parse *m, nt_cur *c, unsigned depth);

/* One V2Params type: TypeCode, then ElementType after Array, then a
 * nested field list after Object (or an Array of Object). */
static void v2_type(meta_parse *m, nt_cur *f, unsigned depth)
{
    int32_t type, element;
    uint64_t at = nt_off(f);
    if (i32(m, f, &type, "/V2Params/TypeCode"))
        return;
    const nt_type *t = check_type(m, type, at, 1);
    if (type == NT_TYPE_OBJECT) {
        if (next_zero(f))
            empty_object(m, nt_off(f), "/V2Params/FieldCount");
        v2_fields(m, f, depth + 1);
    } else if (type == NT_TYPE_ARRAY) {
        at = nt_off(f);
        if (i32(m, f, &element, "/V2Params/ElementType"))
            return;
        nt_lay_mark mark = nt_lay_open(&m->lay);
        const nt_type *e = check_type(m, element, at, 1);
        if (element == NT_TYPE_OBJECT) {
            if (next_zero(f))
                empty_object(m, nt_off(f), "/V2Params/FieldCount");
            v2_fields(m, f, depth + 1);
        } else if (element == NT_TYPE_ARRAY)
            m->lay.broken = 1; /* no element type of its own to read */
        else
            nt_lay_scalar(&m->lay, e, 0);
        nt_lay_close(&m->lay, mark, NT_T_ARRAY, 0);
    } else {
        nt_lay_scalar(&m->lay, t, 0);
    }
}

/* V2: count, then (Size, FieldName, TypeCode, [ElementType], [nested]). */
static void v2_fields(meta_parse *m, nt_cur *c, unsigned depth)
{
    int32_t count;
    if (i32(m, c, &count, "/V2Params/FieldCount"))
        return;
    if (count < 0) {
        negative(m, nt_off(c) - 4, "/V2Params/FieldCount", count);
        return;
    }
    if (nt_too_deep(m->k, depth, nt_off(c) - 4, "/V2Params/FieldCount")) {
        m->failed = 1;
        return;
    }
    for (int32_t i = 0; i < count && !m->failed; i++) {
        uint64_t at = nt_off(c);
        int32_t size;
        if (i32(m, c, &size, "/V2Params/Size"))
            return;
        if (size < 4 || (size_t)size - 4 > nt_left(c)) {
            char exp[48], found[24];
            snprintf(exp, sizeof exp, "4 .. %zu", nt_left(c) + 4);
            snprintf(found, sizeof found, "%" PRId32, size);
            fail(m, at, 4, "/V2Params/Size", exp, found);
            return;
        }
        nt_cur f = {c->p, c->p + size - 4, c->start, c->base};
        c->p += size - 4;
        if (utf16z(m, &f, "/V2Params/FieldName", NULL, NULL) == 0)
            v2_type(m, &f, depth);
    }
}

static void tags(meta_parse *m, nt_cur *c, int32_t v1_count)
{
    nt_check *k = m->k;
    k->v5_tags = 1;
    while (nt_left(c) > 0 && !m->failed) {
        uint64_t at = nt_off(c);
        int32_t len;
        if (i32(m, c, &len, "/tags/Size"))
            return;
        if (len < 0 || nt_left(c) < 1 || (size_t)len > nt_left(c) - 1) {
            char exp[48], found[24];
            snprintf(exp, sizeof exp, "0 .. %zu",
                     nt_left(c) ? nt_left(c) - 1 : 0);
            snprintf(found, sizeof found, "%" PRId32, len);
            fail(m, at, 4, "/tags/Size", exp, found);
            return;
        }
        unsigned kind = *c->p++;
        nt_cur t = {c->p, c->p + len, c->start, c->base};
        c->p += len;
        if (kind == TAG_V2PARAMS) {
            if (v1_count != 0)
                nt_report(k, NT_MET_V2_WITH_V1, at, 5, "/tags/V2Params",
                          "V1 FieldCount 0", "a non-empty V1 list");
            nt_lay_reset(&m->lay); /* the V2 list describes the payload */
            v2_fields(m, &t, 0);
        } else if (kind == TAG_OPCODE && len < 1) {
            fail(m, at, 5, "/tags/OpCode", "an OpCode tag carrying its byte",
                 "a tag of 0 bytes");
        } else if (kind == TAG_OPCODE) {
            m->names.opcode = t.p[0]; /* a later tag's wins, as it reads */
        } else {
            char found[16];
            snprintf(found, sizeof found, "%u", kind);
            nt_report(k, NT_MET_TAG_UNKNOWN, at + 4, 1, "/tags/Kind",
                      "1 (OpCode) or 2 (V2Params)", found);
        }
    }
}

/* An int32 field at `at` that TraceEvent keeps the low bits of: outside
 * 0..max it is reported as `rule`. */
static void te_width(meta_parse *m, uint64_t at, size_t rule,
                     const char *field, int64_t v, uint32_t max)
{
    if (v >= 0 && v <= max)
        return;
    char exp[24], found[24];
    snprintf(exp, sizeof exp, "0 .. %" PRIu32, max);
    snprintf(found, sizeof found, "%" PRId64, v);
    nt_report(m->k, rule, at, 4, field, exp, found);
}

/* Everything after the MetaDataId; @return 0, or -1 if it did not parse
 * (the layout is then unknown). */
static int body(meta_parse *m, nt_cur *c)
{
    int32_t event_id, count = 0;
    nt_names *n = &m->names;
    if (utf16z(m, c, "/payload/ProviderName", &n->provider,
               &n->provider_size) ||
        i32(m, c, &event_id, "/payload/EventId"))
        return -1;
    n->event_id = event_id;
    te_width(m, nt_off(c) - 4, NT_MET_EVENT_ID, "/payload/EventId", event_id,
             NT_TE_EVENT_ID_MAX);
    if (utf16z(m, c, "/payload/EventName", &n->name, &n->name_size))
        return -1;
    if (nt_left(c) < 16) {
        char found[32];
        snprintf(found, sizeof found, "%zu bytes", nt_left(c));
        fail(m, nt_off(c), nt_left(c), "/payload/Keywords",
             "Keywords, Version and Level (16 bytes)", found);
        return -1;
    }
    n->version = (int32_t)tgBytes_le32(c->p + 8); /* after Keywords */
    te_width(m, nt_off(c) + 8, NT_MET_VERSION, "/payload/Version", n->version,
             NT_TE_VERSION_MAX);
    c->p += 16;
    if (nt_left(c) == 0) {
        nt_report(m->k, NT_MET_NO_FIELDS, nt_off(c), 0, "/fields/FieldCount",
                  "an int32 FieldCount", "the end of the payload");
        return -1;
    }
    v1_fields(m, c, 0, &count);
    if (!m->failed && nt_left(c) > 0)
        tags(m, c, count);
    return m->failed ? -1 : 0;
}

void nt_metadata_v45(nt_check *k, nt_cur *c)
{
    meta_parse m = {k, 0, {0}, NT_NAMES_NONE};
    m.names.utf16 = 1;
    uint64_t at = nt_off(c);
    int32_t id;
    if (i32(&m, c, &id, "/payload/MetaDataId"))
        return;
    nt_meta *meta =
        nt_define_metadata(k, (int64_t)id, at, 4, "/payload/MetaDataId");
    nt_lay_begin(&m.lay, k);
    int ok = body(&m, c) == 0;
    nt_lay_finish(&m.lay, ok ? meta : NULL, at);
    if (meta && nt_delivering(k))
        nt_deliver_metadata(k, (uint32_t)id, &m.names, at);
}
