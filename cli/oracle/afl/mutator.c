/* mutator.c - AFL++'s custom mutator (AFL++'s docs/custom_mutators.md),
 * made of tracegate's mutations: it changes the input AFL++ hands it, so
 * that what reached new code in the reader is what the next inputs grow
 * from (spec/oracle.md O15).  Each call makes one of:
 *
 *   field  one field readers trust (a length, count, offset, index or
 *          enumeration of a binary format, found by probing with the
 *          checker; a number of a text one) set to a boundary value (the
 *          sweep's, fields.c), to a small one, or to the value of another
 *          field of the input (what makes two fields agree);
 *   follow the change that made the input (AFL++ kept it for new code)
 *          made again wherever the value it replaced stood in a field:
 *          the other end of a reference, the other copies of a count;
 *   unit   whole units (records, blocks, objects: tg_format_pieces())
 *          dropped, doubled, swapped, or taken from the other input
 *          AFL++ hands over for splicing, joined as the format frames
 *          them (tg_format_join());
 *   layout a record and the records that depend on it changed together
 *          (tg_format_relayout(); NetTrace: a metadata row's field types
 *          and every event of that row laid out again for them), which
 *          a change of bytes cannot do: a reader's code for a field type
 *          runs only on an event that holds that type where its row says;
 *   fresh  a new trace: a valid one of a random profile and style, or a
 *          random rule's mutant, as the libFuzzer harnesses make them.
 *
 * A field is chosen near the change that made the input, half the time:
 * when AFL++ keeps an input for the new code it reached, the mutator
 * notes where it differs from the input it came from, and when AFL++
 * picks it to fuzz, the fields around that place come first (the fields
 * of one record tend to depend on each other: a count and the types it
 * counts, a type and the payloads it lays out).
 *
 * AFL++'s own havoc runs as well, unless the campaign turns it off.  The
 * format is TG_AFL_FORMAT, the profile readers declare TG_AFL_PROFILE;
 * `tracegate oracle --engine afl` and `./build.sh afl` set them.  With
 * TG_AFL_MUTATIONS=new every call makes a fresh trace, never grown from
 * the input: the black-box oracle's kind of inputs, whose coverage a
 * campaign then measures (`--mutations black-box`). */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../fuzz/structured.h"
#include "../oracle.h"
#include "tracegate_corpus.h"

#define AFL_API __attribute__((visibility("default")))

/* How far past a probed offset the checker reads; the inputs probed at
 * every offset, and the offsets probed of a larger one; the pieces an
 * input is cut into; the fields kept of one input for the calls that
 * follow on it (AFL++ mutates one input many times in a row, so finding
 * them all once costs little a call). */
#define PROBE_WINDOW (64u << 10)
#define PROBE_ALL    8192
#define PROBE_SOME   2048
#define MAX_PIECES   4096
#define KEPT_FIELDS  4096
#define NEAR         64         /* bytes either side of the last change */
#define MAX_ENTRIES  (1u << 20) /* queue entries whose change is noted */

enum op { OP_FIELD, OP_FOLLOW, OP_UNIT, OP_LAYOUT, OP_FRESH };

/* Where a queue entry differs from the entry it came from (at: plus 1,
 * 0 if not known), and, when that is one value, the value it had and the
 * value it has: the text of a number, or the bytes of a binary field. */
struct change {
    size_t at;
    uint8_t was[24], is[24];
    size_t was_n, is_n;
};

/* What the mutator knows of an input it fuzzes: the change that made it,
 * and its fields, found on the first call on it (fields_of: its size
 * plus 1; 0 when it is another input). */
typedef struct known {
    struct change now;
    size_t fields_of;
    or_field *fields;
    size_t nfields;
    /* where the last name of each field's path starts (last_name()),
     * found with the fields, not on every call that copies a value */
    uint8_t name_at[KEPT_FIELDS];
} known;

typedef struct mutator {
    const char *format;
    int text;     /* the format is text: its fields are numbers */
    int only_new; /* TG_AFL_MUTATIONS=new: fresh traces alone */
    tg_checker *k;
    uint64_t rng;
    unsigned char *out, *scratch;
    size_t out_cap, scratch_cap;
    size_t *cuts[2]; /* where the pieces of the input and the other start */
    tg_piece *pieces;
    /* how each queue entry (by its id) differs from the one it came
     * from */
    struct change *changes;
    size_t nentries;
    /* the newest entry AFL++ kept that was made from another (its
     * bytes), and what is known of it and of the entry AFL++ hands
     * over; cur: the one this call fuzzes */
    uint8_t *newest;
    size_t newest_n;
    known in[2], *cur;
    int from_newest;  /* the last call fuzzed the newest, not AFL++'s pick */
    size_t layout_at; /* where the last relayout changed its output */
    char said[80];    /* afl_custom_describe(): what the last call made */
} mutator;

AFL_API void *afl_custom_init(void *afl, unsigned int seed);
AFL_API size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size,
                               uint8_t **out_buf, uint8_t *add_buf,
                               size_t add_buf_size, size_t max_size);
AFL_API const char *afl_custom_describe(void *data, size_t max_description);
AFL_API uint8_t afl_custom_queue_new_entry(void *data, const uint8_t *new_name,
                                           const uint8_t *orig_name);
AFL_API uint8_t afl_custom_queue_get(void *data, const uint8_t *name);
AFL_API void afl_custom_deinit(void *data);

static uint32_t below(mutator *m, size_t n)
{
    return tg_random_below(&m->rng,
                           (uint32_t)(n < UINT32_MAX ? n : UINT32_MAX));
}

static int room(unsigned char **p, size_t *cap, size_t n)
{
    if (*cap >= n)
        return 0;
    unsigned char *g = realloc(*p, n);
    if (g == NULL)
        return -1;
    *p = g;
    *cap = n;
    return 0;
}

void *afl_custom_init(void *afl, unsigned int seed)
{
    (void)afl;
    const char *format = getenv("TG_AFL_FORMAT");
    const char *profile = getenv("TG_AFL_PROFILE");
    const tg_format_info *fi = NULL;
    for (size_t i = 0; format && i < tg_format_count(); i++)
        if (strcmp(tg_format_at(i)->name, format) == 0)
            fi = tg_format_at(i);
    if (fi == NULL) {
        fprintf(stderr, "tracegate AFL++ mutator: TG_AFL_FORMAT names no "
                        "format tracegate knows\n");
        return NULL;
    }
    mutator *m = calloc(1, sizeof *m);
    if (m == NULL)
        return NULL;
    m->format = fi->name;
    m->text = fi->text;
    const char *ops = getenv("TG_AFL_MUTATIONS");
    m->only_new = ops && strcmp(ops, "new") == 0;
    m->rng = 0x9E3779B97F4A7C15ull ^ seed;
    m->cuts[0] = malloc(MAX_PIECES * sizeof(size_t));
    m->cuts[1] = malloc(MAX_PIECES * sizeof(size_t));
    m->pieces = malloc((MAX_PIECES + 1) * sizeof(tg_piece));
    m->in[0].fields = malloc(KEPT_FIELDS * sizeof *m->in[0].fields);
    m->in[1].fields = malloc(KEPT_FIELDS * sizeof *m->in[1].fields);
    m->cur = &m->in[0];
    if (m->cuts[0] == NULL || m->cuts[1] == NULL || m->pieces == NULL ||
        m->in[0].fields == NULL || m->in[1].fields == NULL ||
        tg_checker_open(&m->k) != TG_OK ||
        tg_checker_set_format(m->k, fi->name) != TG_OK ||
        (profile && *profile &&
         tg_checker_set_profile(m->k, profile) != TG_OK)) {
        if (profile && *profile)
            fprintf(stderr,
                    "tracegate AFL++ mutator: %s has no profile "
                    "'%s' (TG_AFL_PROFILE)\n",
                    fi->name, profile);
        afl_custom_deinit(m);
        return NULL;
    }
    return m;
}

/* ---- field: one field set to a boundary value ------------------------- */

static void keep_field(mutator *m, const or_field *f)
{
    if (m->cur->nfields < KEPT_FIELDS)
        m->cur->fields[m->cur->nfields++] = *f;
}

/* The numbers of a text input (the first KEPT_FIELDS). */
static void text_fields(mutator *m, const uint8_t *buf, size_t n)
{
    for (size_t at = 0; at < n; at++) {
        size_t len = or_field_number_at(buf, n, at);
        if (len == 0 || (at > 0 && or_field_in_word(buf[at - 1])))
            continue;
        if (at + len >= n || !or_field_in_word(buf[at + len]))
            keep_field(m, &(or_field){at, len, 1, ""});
        at += len - 1;
    }
}

static int by_offset(const void *a, const void *b)
{
    const or_field *x = a, *y = b;
    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* The last name of a field's path: "TypeCode" of ".../row[3]/fields/
 * TypeCode" ("" for a text field, which has no path). */
static const char *last_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The fields of a binary input, in order: probed at every offset of a
 * small one, at PROBE_SOME random offsets of a larger one. */
static void binary_fields(mutator *m, const uint8_t *buf, size_t n)
{
    if (room(&m->scratch, &m->scratch_cap, n) != 0)
        return;
    memcpy(m->scratch, buf, n);
    or_field f;
    for (size_t i = 0, at = 0; i < (n <= PROBE_ALL ? n : PROBE_SOME); i++) {
        at = n <= PROBE_ALL ? at : below(m, n);
        if (n <= PROBE_ALL && at >= n)
            break;
        if (or_field_probe(m->k, m->scratch, buf, n, at, PROBE_WINDOW, &f)) {
            keep_field(m, &f);
            at += f.width;
        } else {
            at++;
        }
    }
    qsort(m->cur->fields, m->cur->nfields, sizeof *m->cur->fields, by_offset);
}

/* A field of the input, its fields found once for all the calls on it
 * (AFL++ hands the same input until it picks another: queue_get()).
 * @return 1 with *f, or 0 if it has none. */
static int pick_field(mutator *m, const uint8_t *buf, size_t n, or_field *f)
{
    if (m->cur->fields_of != n + 1) {
        m->cur->fields_of = n + 1;
        m->cur->nfields = 0;
        if (m->text)
            text_fields(m, buf, n);
        else
            binary_fields(m, buf, n);
        for (size_t i = 0; i < m->cur->nfields; i++)
            m->cur->name_at[i] = (uint8_t)(last_name(m->cur->fields[i].path) -
                                           m->cur->fields[i].path);
    }
    if (m->cur->nfields == 0)
        return 0;
    if (m->cur->now.at && below(m, 2)) {
        /* the fields near the last change: a run of the sorted list */
        size_t at = m->cur->now.at - 1, lo = 0, hi;
        while (lo < m->cur->nfields && m->cur->fields[lo].offset + NEAR < at)
            lo++;
        for (hi = lo;
             hi < m->cur->nfields && m->cur->fields[hi].offset <= at + NEAR;)
            hi++;
        if (hi > lo) {
            /* half the time the first field past the change: what a
             * count counts, what a type lays out, comes after it */
            size_t next = lo;
            while (next < hi && m->cur->fields[next].offset <= at)
                next++;
            *f = m->cur->fields[next < hi && below(m, 2)
                                    ? next
                                    : lo + below(m, hi - lo)];
            return 1;
        }
    }
    *f = m->cur->fields[below(m, m->cur->nfields)];
    return 1;
}

/* A binary field's value (little-endian). */
static uint64_t value_of(const or_field *f, const uint8_t *buf)
{
    uint64_t v = 0;
    for (size_t i = f->width; i-- > 0;)
        v = v << 8 | buf[f->offset + i];
    return v;
}

/* A small value of a field, as text: an enumeration's value, a count or
 * a length of a few (0 to 32), or its own value moved by 1 to 16. */
static int small_value(mutator *m, const or_field *f, const uint8_t *buf,
                       char text[32])
{
    if (f->text) {
        snprintf(text, 32, "%u", below(m, 33));
        return 0;
    }
    uint64_t own = value_of(f, buf);
    uint64_t step = 1 + below(m, 16), x = below(m, 3);
    x = x == 0 ? below(m, 33) : x == 1 ? own + step : own - step;
    if (f->width < 8)
        x &= (1ull << (8 * f->width)) - 1;
    snprintf(text, 32, "%" PRIu64, x);
    return x == own ? 2 : 0;
}

/* Another field of the same last name, at random (a type code's value
 * is another type code's), or NULL if f has no name or none shares it. */
static const or_field *namesake(mutator *m, const or_field *f)
{
    size_t seen = 0;
    const char *name = last_name(f->path);
    const or_field *pick = NULL;
    if (*name == '\0')
        return NULL;
    for (size_t i = 0; i < m->cur->nfields; i++)
        if (strcmp(name, m->cur->fields[i].path + m->cur->name_at[i]) == 0 &&
            m->cur->fields[i].offset != f->offset && below(m, ++seen) == 0)
            pick = &m->cur->fields[i];
    return pick;
}

/* The value of another field of the input, as text: what makes two
 * fields agree (an id and the id that refers to it, a count and the
 * count of the same list elsewhere, a type code and a type code).
 * @return 0, or 2 if it is the field's own. */
static int copied_value(mutator *m, const or_field *f, const uint8_t *buf,
                        char text[32])
{
    const or_field *g = below(m, 2) ? namesake(m, f) : NULL;
    if (g == NULL)
        g = &m->cur->fields[below(m, m->cur->nfields)];
    if (f->text) {
        if (g->width >= 32)
            return 2;
        snprintf(text, 32, "%.*s", (int)g->width,
                 (const char *)buf + g->offset);
        return f->width == g->width &&
                       memcmp(buf + f->offset, text, g->width) == 0
                   ? 2
                   : 0;
    }
    uint64_t x = value_of(g, buf);
    if (f->width < 8)
        x &= (1ull << (8 * f->width)) - 1;
    snprintf(text, 32, "%" PRIu64, x);
    return x == value_of(f, buf) ? 2 : 0;
}

/* buf with the fields that hold the bytes `was` given the bytes `is`:
 * every such field, or only the one at offset only - 1.  @return the new
 * size (into m->out), or 0 if none fits. */
static size_t replace_fields(mutator *m, const uint8_t *buf, size_t n,
                             size_t max, const uint8_t *was, size_t was_n,
                             const uint8_t *is, size_t is_n, size_t only)
{
    size_t count = 0;
    for (size_t i = 0; i < m->cur->nfields; i++) {
        const or_field *g = &m->cur->fields[i];
        count += g->width == was_n && (!only || g->offset + 1 == only) &&
                 memcmp(buf + g->offset, was, was_n) == 0;
    }
    size_t size = n - count * was_n + count * is_n;
    if (count == 0 || size > max ||
        room(&m->out, &m->out_cap, size ? size : 1) != 0)
        return 0;
    size_t from = 0, out = 0;
    for (size_t i = 0; i < m->cur->nfields; i++) {
        const or_field *g = &m->cur->fields[i];
        if (g->width != was_n || (only && g->offset + 1 != only) ||
            g->offset < from || memcmp(buf + g->offset, was, was_n) != 0)
            continue;
        memcpy(m->out + out, buf + from, g->offset - from);
        out += g->offset - from;
        memcpy(m->out + out, is, is_n);
        out += is_n;
        from = g->offset + g->width;
    }
    memcpy(m->out + out, buf + from, n - from);
    return out + n - from;
}

/* One field set to a new value, and half the time every field that held
 * the same value with it: an id renamed with the ids that refer to it,
 * a count changed with the counts of the same list. */
static size_t field_op(mutator *m, const uint8_t *buf, size_t n, size_t max)
{
    or_field f;
    if (n == 0 || !pick_field(m, buf, n, &f))
        return 0;
    char text[32], was[32];
    /* a boundary value (the sweep's), a small one, or another field's */
    unsigned how = below(m, 3);
    int made = how == 0
                   ? or_field_value(&f, buf, n,
                                    (enum or_boundary)below(m, OR_FV_COUNT),
                                    text, was)
               : how == 1 ? small_value(m, &f, buf, text)
                          : copied_value(m, &f, buf, text);
    if (made != 0)
        return 0;
    uint8_t is[32];
    size_t is_n = f.text ? strlen(text) : f.width;
    if (f.text) {
        memcpy(is, text, is_n);
    } else {
        uint64_t x = strtoull(text, NULL, 10);
        for (size_t i = 0; i < is_n; i++, x >>= 8)
            is[i] = (uint8_t)x;
    }
    int all = (int)below(m, 2);
    size_t size = replace_fields(m, buf, n, max, buf + f.offset, f.width, is,
                                 is_n, all ? 0 : f.offset + 1);
    snprintf(m->said, sizeof m->said, "tg-field-%zu-%s%s", f.offset, text,
             all ? "-all" : "");
    return size;
}

/* ---- follow: the change that made the input, made where it agreed -------- */

/* The input with the fields that held the value the last change took
 * away given the value it put (all of them, or one): the other end of
 * a reference, the other copies of a count, follow the change (it may
 * have been havoc's).  @return the new size, or 0 if no field held it. */
static size_t follow_op(mutator *m, const uint8_t *buf, size_t n, size_t max)
{
    const struct change *c = &m->cur->now;
    or_field f;
    if (c->was_n == 0 || n == 0 || !pick_field(m, buf, n, &f))
        return 0;
    size_t held = 0, only = 0;
    for (size_t i = 0; i < m->cur->nfields; i++)
        if (m->cur->fields[i].width == c->was_n &&
            memcmp(buf + m->cur->fields[i].offset, c->was, c->was_n) == 0 &&
            below(m, ++held) == 0)
            only = m->cur->fields[i].offset + 1; /* one of them, at random */
    int all = (int)below(m, 2);
    snprintf(m->said, sizeof m->said, "tg-follow-%s", all ? "all" : "one");
    return replace_fields(m, buf, n, max, c->was, c->was_n, c->is, c->is_n,
                          all ? 0 : only);
}

/* ---- unit: whole units moved ------------------------------------------ */

/* Piece i of the n bytes at p, cut at at[0..count). */
static tg_piece piece(const uint8_t *p, const size_t *at, size_t count,
                      size_t n, size_t i)
{
    size_t end = i + 1 < count ? at[i + 1] : n;
    return (tg_piece){p + at[i], end - at[i], at[i]};
}

static size_t unit_op(mutator *m, const uint8_t *buf, size_t n,
                      const uint8_t *other, size_t other_n, size_t max)
{
    if (other == NULL || other_n == 0) {
        other = buf;
        other_n = n;
    }
    size_t np = tg_format_pieces(m->format, buf, n, m->cuts[0], MAX_PIECES);
    size_t no =
        tg_format_pieces(m->format, other, other_n, m->cuts[1], MAX_PIECES);
    if (np < 2 || no < 2)
        return 0;
    size_t i = 1 + below(m, np - 1); /* the first piece is the header */
    size_t j = 1 + below(m, no - 1);
    static const char *const names[] = {"drop", "double", "swap", "replace",
                                        "insert"};
    unsigned kind = below(m, 5);
    size_t k = 0, total = 0;
    for (size_t p = 0; p < np; p++) {
        tg_piece own = piece(buf, m->cuts[0], np, n, p);
        tg_piece from = piece(other, m->cuts[1], no, other_n, j);
        if (p == i) {
            if (kind == 1 || kind == 4) /* double, insert: one more */
                m->pieces[k++] = kind == 1 ? own : from;
            if (kind == 0)
                continue;
            if (kind == 3)
                own = from;
            if (kind == 2 && p + 1 < np) { /* swap with the next */
                m->pieces[k++] = piece(buf, m->cuts[0], np, n, p + 1);
                m->pieces[k++] = own;
                p++;
                continue;
            }
        }
        m->pieces[k++] = own;
    }
    for (size_t p = 0; p < k; p++)
        total += m->pieces[p].size + 3; /* tg_format_join()'s padding */
    if (total > max || room(&m->out, &m->out_cap, total ? total : 1) != 0)
        return 0;
    size_t size = tg_format_join(m->format, m->pieces, k, m->out);
    snprintf(m->said, sizeof m->said, "tg-unit-%s", names[kind]);
    return size <= max ? size : 0;
}

/* ---- layout: records changed with those that depend on them ----------- */

static size_t layout_op(mutator *m, const uint8_t *buf, size_t n, size_t max)
{
    if (room(&m->out, &m->out_cap, max ? max : 1) != 0)
        return 0;
    snprintf(m->said, sizeof m->said, "tg-layout");
    /* near the change that made the input, half the time */
    size_t near =
        m->cur->now.at && below(m, 2) ? m->cur->now.at - 1 : SIZE_MAX;
    return tg_format_relayout(m->format, buf, n, tg_random(&m->rng), near,
                              m->out, max, &m->layout_at);
}

/* ---- fresh: a new trace ----------------------------------------------- */

static size_t fresh_op(mutator *m, size_t max)
{
    if (room(&m->out, &m->out_cap, max) != 0)
        return 0;
    uint64_t r = tg_random(&m->rng);
    size_t n = fuzz_structured(m->format, m->out, max, (unsigned)r, r >> 32);
    snprintf(m->said, sizeof m->said, "tg-fresh");
    return n;
}

size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size,
                       uint8_t **out_buf, uint8_t *add_buf,
                       size_t add_buf_size, size_t max_size)
{
    mutator *m = data;
    *out_buf = buf; /* unless a change fits: the input, unchanged */
    size_t given = buf_size;
    snprintf(m->said, sizeof m->said, "tg-none");
    /* a call in four fuzzes the newest input AFL++ kept instead of the
     * one it hands over, so that a chain of finds (a count, then each
     * type it counts) goes on at once, not when AFL++'s pass over its
     * queue comes back to the last of them (spec/oracle.md O15) */
    m->cur = &m->in[0];
    m->from_newest = m->newest && !m->only_new && m->newest_n <= max_size &&
                     below(m, 4) == 0;
    if (m->from_newest) {
        m->cur = &m->in[1];
        buf = m->newest;
        buf_size = m->newest_n;
    }
    /* fields 5 in 10 (1 of them following the last change, when it is
     * one value), units 3, a relayout 1 (a field where the format has
     * none), a fresh trace 1 */
    unsigned pick = below(m, 10);
    enum op op = m->only_new ? OP_FRESH
                 : pick < 4  ? OP_FIELD
                 : pick < 5  ? OP_FOLLOW
                 : pick < 8  ? OP_UNIT
                 : pick < 9  ? OP_LAYOUT
                             : OP_FRESH;
    size_t n = 0;
    if (op == OP_FOLLOW && (n = follow_op(m, buf, buf_size, max_size)) == 0)
        op = OP_FIELD;
    if (op == OP_UNIT)
        n = unit_op(m, buf, buf_size, add_buf, add_buf_size, max_size);
    if (op == OP_LAYOUT)
        n = layout_op(m, buf, buf_size, max_size);
    if (op == OP_FIELD || ((op == OP_UNIT || op == OP_LAYOUT) && n == 0))
        n = field_op(m, buf, buf_size, max_size);
    if (op == OP_FRESH || n == 0)
        n = fresh_op(m, max_size);
    if (n == 0)
        return given;
    *out_buf = m->out;
    return n;
}

/* ---- where the queue's inputs changed ------------------------------------ */

/* The id AFL++ gives a queue entry: "…/id:000123,…" */
static int entry_id(const char *name, size_t *id)
{
    const char *p = name ? strstr(name, "id:") : NULL;
    if (p == NULL)
        return -1;
    *id = (size_t)strtoul(p + 3, NULL, 10);
    return *id < MAX_ENTRIES ? 0 : -1;
}

static int number_byte(uint8_t c)
{
    return (c >= '0' && c <= '9') ||
           ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') || (c | 0x20) == 'x' ||
           c == '-';
}

/* The change from b (o bytes) to a (n bytes) into c: where they first
 * differ and, when that is one number of text or at most 8 bytes of
 * binary, what was there and what is. */
static void note_change(const uint8_t *a, size_t n, const uint8_t *b, size_t o,
                        int text, struct change *c)
{
    size_t at = 0;
    while (at < n && at < o && a[at] == b[at])
        at++;
    memset(c, 0, sizeof *c);
    if (at == n)
        return;
    c->at = at + 1;
    if (text) { /* the whole number, in each */
        size_t s = at, ea = at, eb = at;
        while (s > 0 && number_byte(a[s - 1]))
            s--;
        while (ea < n && number_byte(a[ea]))
            ea++;
        while (eb < o && number_byte(b[eb]))
            eb++;
        if (ea > s && eb > s && ea - s < sizeof c->is &&
            eb - s < sizeof c->was &&
            memcmp(a + ea, b + eb, n - ea < o - eb ? n - ea : o - eb) == 0) {
            memcpy(c->is, a + s, c->is_n = ea - s);
            memcpy(c->was, b + s, c->was_n = eb - s);
        }
        return;
    }
    size_t last = n; /* one field's bytes: the same size, a span of 8 */
    while (n == o && last > at && a[last - 1] == b[last - 1])
        last--;
    size_t w = last - at <= 2 ? 2 : last - at <= 4 ? 4 : 8;
    if (n == o && last - at <= 8 && at + w <= n) {
        memcpy(c->is, a + at, c->is_n = w);
        memcpy(c->was, b + at, c->was_n = w);
    }
}

uint8_t afl_custom_queue_new_entry(void *data, const uint8_t *new_name,
                                   const uint8_t *orig_name)
{
    mutator *m = data;
    size_t id, n = 0, o = 0;
    if (orig_name == NULL || entry_id((const char *)new_name, &id) != 0)
        return 0;
    if (id >= m->nentries) {
        size_t grown = id < 1024 ? 2048 : 2 * id;
        struct change *g = realloc(m->changes, grown * sizeof *g);
        if (g == NULL)
            return 0;
        memset(g + m->nentries, 0, (grown - m->nentries) * sizeof *g);
        m->changes = g;
        m->nentries = grown;
    }
    uint8_t *a = or_slurp((const char *)new_name, &n), *b = NULL;
    /* made by the last call (AFL++ names the mutation), from the newest
     * find: that is what it differs from, not AFL++'s pick */
    const uint8_t *from = m->newest;
    if (m->from_newest && strstr((const char *)new_name, ",tg-"))
        o = m->newest_n;
    else
        from = b = or_slurp((const char *)orig_name, &o);
    if (a && from) {
        note_change(a, n, from, o, m->text, &m->changes[id]);
        /* a relayout changed a row where it says: its size, when it
         * changed, first differs (a BlockSize) before it */
        if (strstr((const char *)new_name, ",tg-layout") && m->layout_at < n) {
            memset(&m->changes[id], 0, sizeof m->changes[id]);
            m->changes[id].at = m->layout_at + 1;
        }
        free(m->newest); /* the newest find, fuzzed besides AFL++'s pick */
        m->newest = a;
        m->newest_n = n;
        m->in[1].now = m->changes[id];
        m->in[1].fields_of = 0;
        a = NULL;
    }
    free(a);
    free(b);
    return 0; /* the entry is as AFL++ wrote it */
}

uint8_t afl_custom_queue_get(void *data, const uint8_t *name)
{
    mutator *m = data;
    size_t id;
    known *in = &m->in[0];
    if (entry_id((const char *)name, &id) == 0 && id < m->nentries)
        in->now = m->changes[id];
    else
        memset(&in->now, 0, sizeof in->now);
    in->fields_of = 0; /* another input: its fields are found anew */
    return 1;          /* fuzz it */
}

const char *afl_custom_describe(void *data, size_t max_description)
{
    mutator *m = data;
    if (strlen(m->said) >= max_description)
        m->said[max_description ? max_description - 1 : 0] = '\0';
    return m->said;
}

void afl_custom_deinit(void *data)
{
    mutator *m = data;
    if (m == NULL)
        return;
    tg_checker_free(m->k);
    free(m->out);
    free(m->scratch);
    free(m->cuts[0]);
    free(m->cuts[1]);
    free(m->pieces);
    free(m->in[0].fields);
    free(m->in[1].fields);
    free(m->newest);
    free(m->changes);
    free(m);
}
