/* show.c - the parts of a NetTrace file, for tg_checker_set_node_fn().
 *
 * Depth 0 holds the stream header and each object or block.  A block's
 * header is a part of depth 1, and so are the rows that define something
 * (metadata, threads, label lists).  The rows of data, events and
 * stacks, sit at depth 2, under a part of depth 1 that holds them all
 * ("rows"): so the default view says how many a block holds, on which
 * threads and over which time, and --depth 2 lists them.  Events are
 * grouped by their metadata's provider and event name, kept here by id
 * (NT_SHOW_NAMES of them at most; later ids are grouped by number).
 *
 * A row's part comes after the findings its header and payload gave
 * where it is named from what they hold; nothing here reports, and a
 * trial parse (k->silent) shows nothing. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "../../core/bytes.h"
#include "../../core/unicode.h"
#include "check.h"
#include "../../core/mem.h"

/* Metadata names kept for the events' groups, and their longest text. */
#define NT_SHOW_NAMES 4096
#define NT_SHOW_NAME  80

struct nt_show {
    tgIdmap ids; /* metadata id -> index + 1 into names */
    char (*names)[NT_SHOW_NAME];
    uint32_t count;
};

static struct nt_show *show_state(nt_check *k)
{
    if (k->show == NULL &&
        (k->show = tgMem_calloc(1, sizeof *k->show)) != NULL) {
        tgIdmap_init(&k->show->ids, sizeof(uint32_t), NT_SHOW_NAMES);
        if ((k->show->names = tgMem_calloc(NT_SHOW_NAMES, NT_SHOW_NAME)) ==
            NULL) {
            tgMem_free(k->show);
            k->show = NULL;
        }
    }
    return k->show;
}

void nt_show_free(nt_check *k)
{
    if (k->show == NULL)
        return;
    tgIdmap_free(&k->show->ids);
    tgMem_free(k->show->names);
    tgMem_free(k->show);
    k->show = NULL;
}

void nt_show(nt_check *k, unsigned depth, const char *kind, const char *field,
             uint64_t at, uint64_t len, const char *label)
{
    tg_node n = {depth, kind, nt_path(k, field), at, len, 0, label, "", 0,
                 0,     0};
    tgEngine_node(k->c, &n);
}

/* ---- text from the bytes -------------------------------------------- */

/* UTF-16LE code units at p (n bytes, up to a NUL unit) as UTF-8 in out,
 * cut to fit (tgUnicode_utf16_to_utf8()).  @return the bytes of the
 * string and its NUL, or 0 when no NUL ends it. */
static size_t utf16z(const unsigned char *p, size_t n, char *out, size_t cap)
{
    size_t units = 0;
    while (units * 2 + 1 < n && (p[2 * units] | p[2 * units + 1]) != 0)
        units++;
    out[tgUnicode_utf16_to_utf8(p, units, (unsigned char *)out, cap - 1)] = 0;
    return units * 2 + 1 < n ? units * 2 + 2 : 0;
}

/* A v6 string (varuint32 length, UTF-8) at c into out.  @return 0. */
static int utf8v(nt_cur *c, char *out, size_t cap)
{
    uint64_t n;
    if (nt_varuint(c, 32, &n) >= NT_VAR_CUT || n > nt_left(c))
        return -1;
    size_t take = n < cap - 1 ? (size_t)n : cap - 1;
    memcpy(out, c->p, take);
    out[take] = 0;
    c->p += n;
    return 0;
}

/* ---- metadata ------------------------------------------------------- */

/* Keep "provider/event" as the name of metadata id. */
static void keep_name(nt_check *k, uint64_t id, const char *name)
{
    struct nt_show *s = show_state(k);
    if (s == NULL || id > UINT32_MAX)
        return;
    uint32_t *slot = tgIdmap_find(&s->ids, id);
    if (slot == NULL) { /* a new id, while there is room for its name */
        int status;
        if (s->count == NT_SHOW_NAMES ||
            (slot = tgIdmap_insert(&s->ids, id, &status)) == NULL)
            return;
        *slot = ++s->count;
    }
    /* cut to the slot, never inside a character */
    size_t n = strlen(name);
    if (n >= NT_SHOW_NAME) {
        n = NT_SHOW_NAME - 1;
        while (n > 0 && ((unsigned char)name[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(s->names[*slot - 1], name, n);
    s->names[*slot - 1][n] = 0;
}

/* The metadata row of id, its provider and event named, as a part. */
static void metadata(nt_check *k, uint64_t id, const char *provider,
                     uint64_t event_id, const char *event, uint64_t at,
                     uint64_t len)
{
    char name[NT_SHOW_NAME * 2 + 32], label[NT_SHOW_NAME * 2 + 96];
    /* runtime events name none: their id names them in the manifest */
    if (*event)
        snprintf(name, sizeof name, "%s/%s", provider, event);
    else
        snprintf(name, sizeof name, "%s/event %" PRIu64, provider, event_id);
    keep_name(k, id, name);
    snprintf(label, sizeof label, "id %" PRIu64 ": %s, event id %" PRIu64, id,
             name, event_id);
    nt_show(k, 1, "metadata", "", at, len, label);
}

void nt_show_metadata_v45(nt_check *k, uint64_t at, uint64_t len,
                          const unsigned char *p, size_t n)
{
    char provider[NT_SHOW_NAME], event[NT_SHOW_NAME];
    provider[0] = event[0] = 0;
    size_t i = 0, used;
    uint64_t id = n >= 4 ? tgBytes_le32(p) : 0, event_id = 0;
    i = n >= 4 ? 4 : n;
    if ((used = utf16z(p + i, n - i, provider, sizeof provider)) != 0) {
        i += used;
        if (n - i >= 4) {
            event_id = tgBytes_le32(p + i);
            utf16z(p + i + 4, n - i - 4, event, sizeof event);
        }
    }
    metadata(k, id, provider, event_id, event, at, len);
}

void nt_show_metadata_v6(nt_check *k, uint64_t at, uint64_t len, nt_cur r)
{
    char provider[NT_SHOW_NAME] = "", event[NT_SHOW_NAME] = "";
    uint64_t id = 0, event_id = 0;
    if (nt_varuint(&r, 32, &id) < NT_VAR_CUT &&
        utf8v(&r, provider, sizeof provider) == 0 &&
        nt_varuint(&r, 32, &event_id) < NT_VAR_CUT)
        utf8v(&r, event, sizeof event);
    metadata(k, id, provider, event_id, event, at, len);
}

/* ---- events, stacks, blocks ----------------------------------------- */

void nt_show_event(nt_check *k, uint64_t at, uint64_t len, uint32_t meta_id,
                   uint64_t thread, uint64_t ts, uint32_t seq,
                   uint32_t stack_id, uint32_t payload)
{
    char label[96], group[NT_SHOW_NAME + 16];
    struct nt_show *s = k->show;
    uint32_t *slot = s ? tgIdmap_find(&s->ids, meta_id) : NULL;
    if (slot)
        snprintf(group, sizeof group, "%s", s->names[*slot - 1]);
    else
        snprintf(group, sizeof group, "metadata id %" PRIu32, meta_id);
    snprintf(label, sizeof label,
             "metadata id %" PRIu32 ", sequence %" PRIu32 ", stack %" PRIu32
             ", %" PRIu32 " payload bytes",
             meta_id, seq, stack_id, payload);
    tg_node n = {2,           "event", nt_path(k, ""),
                 at,          len,     0,
                 label,       group,   TG_NODE_TIME | TG_NODE_THREAD,
                 (int64_t)ts, thread};
    tgEngine_node(k->c, &n);
}

void nt_show_stack(nt_check *k, uint64_t at, uint32_t size, uint32_t id)
{
    char label[64];
    uint32_t ptr = k->pointer_size;
    if (ptr)
        snprintf(label, sizeof label, "id %" PRIu32 ", %" PRIu32 " frames", id,
                 size / ptr);
    else
        snprintf(label, sizeof label, "id %" PRIu32 ", %" PRIu32 " bytes", id,
                 size);
    nt_show(k, 2, "stack", "", at, 4 + (uint64_t)size, label);
}

void nt_show_thread(nt_check *k, uint64_t at, uint64_t len, nt_cur r)
{
    char label[NT_SHOW_NAME + 64] = "", name[NT_SHOW_NAME] = "";
    uint64_t index = 0, v, os = 0;
    int has_os = 0;
    if (nt_varuint(&r, 64, &index) < NT_VAR_CUT) {
        /* OptionalThreadInfo: 1 name, 3 OS thread id; stop at any other */
        while (nt_left(&r) > 0 && (*r.p == 1 || *r.p == 2 || *r.p == 3)) {
            unsigned kind = *r.p++;
            if (kind == 1 ? utf8v(&r, name, sizeof name) != 0
                          : nt_varuint(&r, 64, &v) >= NT_VAR_CUT)
                break;
            if (kind == 3) {
                os = v;
                has_os = 1;
            }
        }
    }
    int w = snprintf(label, sizeof label, "index %" PRIu64, index);
    if (has_os)
        w += snprintf(label + w, sizeof label - (size_t)w,
                      ", OS thread %" PRIu64, os);
    if (*name)
        snprintf(label + w, sizeof label - (size_t)w, ", name \"%s\"", name);
    nt_show(k, 1, "thread", "", at, len, label);
}

void nt_show_block(nt_check *k, uint64_t at, uint64_t len, enum nt_block b,
                   const unsigned char *p, size_t n)
{
    char label[96] = "";
    if (b == NT_B_TRACE && n >= NT_TF_POINTER + 4)
        snprintf(label, sizeof label,
                 "%" PRId64 " ticks per second, pointer size %" PRIu32,
                 (int64_t)tgBytes_le64(p + NT_TF_FREQUENCY),
                 tgBytes_le32(p + NT_TF_POINTER));
    nt_show(k, 0, k->object_name ? k->object_name : "object", "", at, len,
            label);
}

void nt_show_header(nt_check *k, uint64_t at, uint64_t len, const char *what)
{
    nt_show(k, 1, "header", "/header", at, len, what);
}

void nt_show_rows(nt_check *k, uint64_t at, uint64_t len, const char *what)
{
    nt_show(k, 1, "rows", "/rows", at, len, what);
}
