/* show.c - the parts of an AFPerf file, for tg_checker_set_node_fn(): each record,
 * at the depth of the regions open around it, and each measurement pair
 * of a data record below it, grouped by measurement type id.  The record
 * is split here on its own, before the check reads it, so that its
 * findings follow it; the split never reports (the check does). */
#include <inttypes.h>
#include <stdio.h>

#include "check.h"

/* Fields split at most: the type, AF_MAX_FIELDS, and a few pairs past
 * them are named; the rest of a long record only counted. */
#define SHOW_FIELDS 64

typedef struct show_field {
    const unsigned char *p;
    size_t n; /* inside the quotes of a quoted field */
} show_field;

/* RFC 4180 fields of rec[0..n), at most cap; @return how many. */
static unsigned split(const unsigned char *rec, size_t n, show_field *f,
                      unsigned cap)
{
    unsigned have = 0;
    size_t i = 0;
    for (;;) {
        size_t s = i, e;
        if (i < n && rec[i] == '"') {
            s = ++i;
            while (i < n &&
                   !(rec[i] == '"' && (i + 1 >= n || rec[i + 1] != '"')))
                i += rec[i] == '"' ? 2 : 1;
            e = i < n ? i : n;
            while (i < n && rec[i] != ',')
                i++;
        } else {
            while (i < n && rec[i] != ',')
                i++;
            e = i;
        }
        if (have < cap) {
            f[have].p = rec + s;
            f[have].n = e - s;
        }
        have++;
        if (i >= n)
            return have;
        i++; /* the comma */
    }
}

/* The record type field 0 names, by name or id, or -1. */
static int type_of(const show_field *f)
{
    for (int t = 1; t < AF_NTYPES; t++)
        if (af_records[t].namelen == f->n &&
            memcmp(af_records[t].name, f->p, f->n) == 0)
            return t;
    uint64_t id = 0;
    for (size_t i = 0; i < f->n && i < 3; i++) {
        if (f->p[i] < '0' || f->p[i] > '9')
            return -1;
        id = id * 10 + (f->p[i] - '0');
    }
    return f->n && f->n < 3 && id >= 1 && id < AF_NTYPES ? (int)id : -1;
}

/* A timestamp field's value, when it is plain digits. */
static int number(const show_field *f, int64_t *out)
{
    int64_t v = 0;
    if (f->n == 0 || f->n > 18)
        return 0;
    for (size_t i = 0; i < f->n; i++) {
        if (f->p[i] < '0' || f->p[i] > '9')
            return 0;
        v = v * 10 + (f->p[i] - '0');
    }
    *out = v;
    return 1;
}

/* "name value; ..." of the fields the type names, quoted, in buf. */
static void label_of(const af_record_info *ri, const show_field *f,
                     unsigned have, char *buf, size_t cap)
{
    size_t w = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < ri->nfields && 1 + i < have && w < cap; i++) {
        char q[48];
        const show_field *x = &f[1 + i];
        const af_field_info *fi = &af_fields[ri->field[i]];
        if (x->n == 0)
            continue;
        /* texts quoted, numbers and names as they are */
        if (fi->kind == AF_K_TEXT || fi->kind == AF_K_TAGS)
            tgQuote_bytes(x->p, x->n, q, sizeof q);
        else
            snprintf(q, sizeof q, "%.*s", (int)(x->n < 40 ? x->n : 40),
                     (const char *)x->p);
        w += (size_t)snprintf(buf + w, cap - w, "%s%s %s", w ? "; " : "",
                              fi->name, q);
    }
}

void af_show_record(af_check *k)
{
    show_field f[SHOW_FIELDS];
    unsigned have = split(k->rec, k->rec_n, f, SHOW_FIELDS);
    int type = have ? type_of(&f[0]) : -1;
    char kind[40], path[64], label[192], q[32];
    const af_record_info *ri = type > 0 ? &af_records[type] : NULL;
    snprintf(kind, sizeof kind, "%s",
             ri ? ri->name : tgQuote_bytes(f[0].p, f[0].n, q, sizeof q));
    if (ri) {
        snprintf(path, sizeof path, "/record[%" PRIu64 "]{%s}", k->record,
                 ri->name);
        label_of(ri, f, have, label, sizeof label);
    } else {
        snprintf(path, sizeof path, "/record[%" PRIu64 "]", k->record);
        label[0] = 0;
    }
    /* a RegionStop stands at the depth of the RegionStart it closes */
    unsigned depth = (unsigned)k->depth;
    if (type == AF_T_REGION_STOP && depth > 0)
        depth--;
    tg_node n = {depth, kind, path, k->rec_at, k->rec_n, k->line,
                 label, "",   0,    0,         0};
    for (unsigned i = 0; ri && i < ri->nfields && 1 + i < have; i++) {
        enum af_field fi = (enum af_field)ri->field[i];
        if ((fi == AF_F_TS || fi == AF_F_START_TS || fi == AF_F_INFO_TS) &&
            number(&f[1 + i], &n.time)) {
            n.has = TG_NODE_TIME;
            break;
        }
    }
    tgEngine_node(k->c, &n);
    if (ri == NULL || ri->pairs == AF_NO_PAIRS)
        return;
    /* the measurement pairs, each a part of its own */
    unsigned pair = 0;
    for (unsigned i = 1 + ri->nfields; i + 1 < have && i + 1 < SHOW_FIELDS;
         i += 2, pair++) {
        char ppath[80], plabel[96], group[48];
        const show_field *m = &f[i], *val = &f[i + 1];
        snprintf(ppath, sizeof ppath, "%s/pair[%u]", path, pair);
        snprintf(group, sizeof group, "%.*s", (int)(m->n < 40 ? m->n : 40),
                 (const char *)m->p);
        snprintf(plabel, sizeof plabel, "type %s = %.*s", group,
                 (int)(val->n < 48 ? val->n : 48), (const char *)val->p);
        uint64_t at = k->rec_at + (uint64_t)(m->p - k->rec);
        uint64_t end = k->rec_at + (uint64_t)(val->p + val->n - k->rec);
        tg_node p = {depth + 1, "value", ppath, at,     end - at, k->line,
                     plabel,    group,   n.has, n.time, 0};
        tgEngine_node(k->c, &p);
    }
}

void af_show_line(af_check *k, const char *kind)
{
    char path[48], label[80];
    snprintf(path, sizeof path, "/record[%" PRIu64 "]", k->record);
    tgQuote_bytes(k->rec, k->rec_n, label, sizeof label);
    tg_node n = {(unsigned)k->depth,
                 kind,
                 path,
                 k->rec_at,
                 k->rec_n,
                 k->line,
                 label,
                 "",
                 0,
                 0,
                 0};
    tgEngine_node(k->c, &n);
}
