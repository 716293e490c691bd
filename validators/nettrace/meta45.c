/* meta45.c - the v4/v5 metadata payload: the fixed header (id, provider,
 * event id, name, keywords, version, level), the optional V1 field list,
 * and V5 tags (OpCode, V2Params, unknown kinds skipped).  Everything is
 * bounded by the payload; nesting is bounded by NT_MAX_DEPTH. */
#include <inttypes.h>
#include <stdio.h>

#include "../core/bytes.h"
#include "nettrace.h"

#define TYPE_OBJECT 1
#define TYPE_ARRAY 19

typedef struct meta_parse {
    nt_check *k;
    nt_cur *c;
    int failed; /* a MET_PARSE finding was made: stop */
} meta_parse;

static void fail(meta_parse *m, uint64_t at, const char *field,
                 const char *exp)
{
    if (!m->failed)
        nt_report(m->k, NT_MET_PARSE, at, 0, field, exp,
                  "the end of the payload");
    m->failed = 1;
}

static int i32(meta_parse *m, nt_cur *c, int32_t *out, const char *field)
{
    if (nt_left(c) < 4) {
        fail(m, nt_off(c), field, "an int32");
        return -1;
    }
    *out = (int32_t)tgB_le32(c->p);
    c->p += 4;
    return 0;
}

/* A NUL-terminated UTF-16LE string. */
static int utf16z(meta_parse *m, nt_cur *c, const char *field)
{
    for (const unsigned char *p = c->p; p + 1 < c->end; p += 2)
        if (p[0] == 0 && p[1] == 0) {
            c->p = p + 2;
            return 0;
        }
    fail(m, nt_off(c), field, "a UTF-16 string ending in 00 00");
    return -1;
}

static int known_type(int32_t t, int v2)
{
    return t == 1 || (t >= 3 && t <= 14) || (t >= 16 && t <= 18) ||
           (t == TYPE_ARRAY && v2);
}

static void check_type(meta_parse *m, int32_t t, uint64_t at, int v2)
{
    char found[24];
    if (t == TYPE_ARRAY && !v2) {
        nt_report(m->k, NT_MET_ARRAY_IN_V1, at, 4, "/fields/TypeCode",
                  "a V1 type code", "19 (Array)");
    } else if (!known_type(t, v2)) {
        snprintf(found, sizeof found, "%" PRId32, t);
        nt_report(m->k, NT_MET_TYPE_CODE, at, 4, "/fields/TypeCode",
                  "1, 3-14, 16-19", found);
    }
}

/* V1: count, then (TypeCode, [nested list if Object], FieldName). */
static void v1_fields(meta_parse *m, nt_cur *c, int depth, int32_t *count)
{
    if (i32(m, c, count, "/fields/FieldCount"))
        return;
    if (*count < 0 || depth > NT_MAX_DEPTH) {
        fail(m, nt_off(c) - 4, "/fields/FieldCount",
             depth > NT_MAX_DEPTH ? "at most 32 nested lists" : ">= 0");
        return;
    }
    for (int32_t i = 0; i < *count && !m->failed; i++) {
        int32_t type, nested;
        uint64_t at = nt_off(c);
        if (i32(m, c, &type, "/fields/TypeCode"))
            return;
        check_type(m, type, at, 0);
        if (type == TYPE_OBJECT)
            v1_fields(m, c, depth + 1, &nested);
        if (!m->failed)
            utf16z(m, c, "/fields/FieldName");
    }
}

/* V2: count, then (Size, FieldName, TypeCode, [ElementType], [nested]). */
static void v2_fields(meta_parse *m, nt_cur *c, int depth)
{
    int32_t count;
    if (i32(m, c, &count, "/V2Params/FieldCount"))
        return;
    if (count < 0 || depth > NT_MAX_DEPTH) {
        fail(m, nt_off(c) - 4, "/V2Params/FieldCount",
             depth > NT_MAX_DEPTH ? "at most 32 nested lists" : ">= 0");
        return;
    }
    for (int32_t i = 0; i < count && !m->failed; i++) {
        uint64_t at = nt_off(c);
        int32_t size, type, element = 0;
        if (i32(m, c, &size, "/V2Params/Size"))
            return;
        if (size < 4 || (size_t)size - 4 > nt_left(c)) {
            fail(m, at, "/V2Params/Size", "4 .. the bytes left");
            return;
        }
        nt_cur f = {c->p, c->p + size - 4, c->start, c->base};
        c->p += size - 4;
        if (utf16z(m, &f, "/V2Params/FieldName") ||
            i32(m, &f, &type, "/V2Params/TypeCode"))
            return;
        check_type(m, type, nt_off(&f) - 4, 1);
        if (type == TYPE_ARRAY &&
            i32(m, &f, &element, "/V2Params/ElementType"))
            return;
        if (type == TYPE_OBJECT || element == TYPE_OBJECT)
            v2_fields(m, &f, depth + 1);
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
            fail(m, at, "/tags/Size", "0 .. the bytes left");
            return;
        }
        unsigned kind = *c->p++;
        nt_cur t = {c->p, c->p + len, c->start, c->base};
        c->p += len;
        if (kind == 2) {
            if (v1_count != 0)
                nt_report(k, NT_MET_V2_WITH_V1, at, 5, "/tags/V2Params",
                          "V1 FieldCount 0", "a non-empty V1 list");
            v2_fields(m, &t, 0);
        } else if (kind != 1) {
            char found[16];
            snprintf(found, sizeof found, "%u", kind);
            nt_report(k, NT_MET_TAG_UNKNOWN, at + 4, 1, "/tags/Kind",
                      "1 (OpCode) or 2 (V2Params)", found);
        }
    }
}

void nt_metadata_v45(nt_check *k, nt_cur *c)
{
    meta_parse m = {k, c, 0};
    uint64_t at = nt_off(c);
    int32_t id, ignore;
    if (i32(&m, c, &id, "/payload/MetaDataId"))
        return;
    nt_define_metadata(k, (uint64_t)(uint32_t)id, at);
    if (utf16z(&m, c, "/payload/ProviderName") ||
        i32(&m, c, &ignore, "/payload/EventId") ||
        utf16z(&m, c, "/payload/EventName"))
        return;
    if (nt_left(c) < 16) {
        fail(&m, nt_off(c), "/payload/Keywords",
             "Keywords, Version and Level (16 bytes)");
        return;
    }
    c->p += 16;
    if (nt_left(c) == 0)
        return; /* V1 field list absent */
    int32_t count = 0;
    v1_fields(&m, c, 0, &count);
    if (!m.failed && nt_left(c) > 0)
        tags(&m, c, count);
}
