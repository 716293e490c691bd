/* sweep.c - `oracle --sweep` (and before --fuzz): every length, count,
 * offset, index and enumeration field of the valid files, set to each
 * boundary value in turn with the rest kept as it was (O11).  Readers
 * break on exactly these values, and a sweep finds them whatever the
 * seed.
 *
 * tracegate's checker finds the fields: a binary field is where a
 * changed value draws a finding at that very offset (its length gives
 * the field's width, its path the field's name); a text field is a
 * number in a record.  Each field is swept once per kind of unit (its
 * path with the indexes taken out; in text, its record's kind and its
 * place in the record), so a file of a thousand events costs no more
 * than one of each.  Each input is then judged like any other, and named
 * by its field and value, so a crash is reported with its field. */
#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

/* The bytes of a valid file that are searched for fields, and the fields
 * kept per file: a cap reported in the scorecard when it is hit.  A probe
 * is checked in the file's first SWEEP_BYTES past the probed field (all
 * of a file that small): a probe of each offset of a large file checked
 * whole would cost its size squared. */
#define SWEEP_BYTES  (64u << 10)
#define SWEEP_FIELDS 512

/* The values each field is set to (those equal to an earlier one, or to
 * the field's own, are skipped). */
enum value {
    V_ZERO,
    V_ONE,
    V_MINUS_ONE,    /* all bits set: -1 read as signed, the maximum unsigned */
    V_INT31_MAX,    /* 2^31 - 1 */
    V_INT31_MAX_UP, /* 2^31 */
    V_UINT32_MAX,   /* 2^32 - 1 */
    V_SIGNED_MAX,   /* the largest value of the field's signed type */
    V_OWN_DOWN,     /* its own value - 1: a container's size - 1 */
    V_OWN_UP,       /* its own value + 1: the size + 1, the next enum value */
    V_PAST_END,     /* one past the bytes after the field: past the end */
    NVALUES
};

typedef struct field {
    size_t source;
    size_t offset, width; /* binary: 1, 2, 4 or 8 bytes; text: digits */
    int text;
    char name[96];  /* the finding's path; in text, its line and place */
    char kind[128]; /* what it is swept once for                       */
} field;

typedef struct source {
    const char *path, *format, *profile;
    or_bytes bytes;
    or_behind behind; /* made simpler past a failure: that one */
} source;

typedef struct sweep {
    source *sources;
    size_t nsources, capsources;
    field *fields;
    size_t nfields, cap;
    uint64_t capped; /* files with more fields than SWEEP_FIELDS */
} sweep;

/* ---- finding the fields ---- */

typedef struct probe_seen {
    size_t at;
    int hit;
    size_t width;
    char path[96];
} probe_seen;

static void on_probe(void *ctx, const tg_diag *d)
{
    probe_seen *p = ctx;
    if (p->hit || d->offset != p->at)
        return;
    p->hit = 1;
    p->width =
        d->length == 1 || d->length == 2 || d->length == 8 ? d->length : 4;
    snprintf(p->path, sizeof p->path, "%s", d->path ? d->path : "");
}

/* Whether a checker reading the n bytes at data finds something at
 * offset at (into seen). */
static void probe(tg_checker *k, const unsigned char *data, size_t n,
                  probe_seen *seen)
{
    or_reading r = {data, n};
    seen->hit = 0;
    tg_checker_check(k, or_read_bytes, &r, NULL, NULL, on_probe, seen);
}

/* The path with its indexes taken out: one name per kind of field. */
static void kind_of(const char *path, char *out, size_t size)
{
    size_t o = 0;
    for (const char *p = path; *p && o + 1 < size; p++) {
        if (*p == '[') {
            while (*p && *p != ']')
                p++;
            if (!*p)
                break;
            continue;
        }
        out[o++] = *p;
    }
    out[o] = '\0';
}

/* Whether a field of this kind is known in a file of the format: a
 * kind is swept once a format, not once a file; a scan, over at most
 * SWEEP_FIELDS a file. */
static int seen_kind(const sweep *w, const field *f)
{
    const char *format = w->sources[f->source].format;
    for (size_t i = 0; i < w->nfields; i++)
        if (strcmp(w->fields[i].kind, f->kind) == 0 &&
            strcmp(w->sources[w->fields[i].source].format, format) == 0)
            return 1;
    return 0;
}

/* Add f unless its kind is known.  @return 0, 1 at the cap of the
 * source's fields (those from `first` on), -1. */
static int add_field(sweep *w, size_t first, const field *f)
{
    if (seen_kind(w, f))
        return 0;
    if (w->nfields - first == SWEEP_FIELDS) {
        w->capped++;
        return 1;
    }
    if (or_grow((void **)&w->fields, w->nfields, &w->cap, sizeof *f) != 0)
        return -1;
    w->fields[w->nfields++] = *f;
    return 0;
}

/* The binary fields of a source: where an all-ones, a 2^31 - 1 or a zero
 * value draws a finding at its own offset (a count is often read until
 * its unit ends, and only an empty one is reported at the count). */
static int binary_fields(sweep *w, size_t si, tg_checker *k)
{
    const source *src = &w->sources[si];
    size_t n = src->bytes.n, end = n < SWEEP_BYTES ? n : SWEEP_BYTES;
    size_t first = w->nfields;
    char before[96] = "";
    unsigned char *copy = malloc(n ? n : 1);
    if (copy == NULL)
        return -1;
    memcpy(copy, src->bytes.p, n);
    static const unsigned char probes[][4] = {
        {0xff, 0xff, 0xff, 0xff}, {0xff, 0xff, 0xff, 0x7f}, {0, 0, 0, 0}};
    for (size_t at = 0; at < end;) {
        size_t width = n - at < 4 ? n - at : 4;
        probe_seen seen = {.at = at};
        for (size_t p = 0; p < sizeof probes / sizeof *probes && !seen.hit;
             p++) {
            memcpy(copy + at, probes[p], width);
            probe(k, copy, n - at > SWEEP_BYTES ? at + SWEEP_BYTES : n, &seen);
            memcpy(copy + at, src->bytes.p + at, width);
        }
        if (!seen.hit) {
            at++;
            continue;
        }
        field f = {si, at, seen.width < n - at ? seen.width : n - at,
                   0,  "", ""};
        snprintf(f.name, sizeof f.name, "%s", seen.path);
        /* a field is of the kind of its path after the field before it:
         * a count nested in a list (after a type code) is not the list's
         * own count */
        char kind[96];
        kind_of(f.name, kind, sizeof kind);
        snprintf(f.kind, sizeof f.kind, "%.40s > %.50s", before, kind);
        snprintf(before, sizeof before, "%s", kind);
        int r = add_field(w, first, &f);
        if (r != 0) {
            free(copy);
            return r < 0 ? -1 : 0;
        }
        at += f.width;
    }
    free(copy);
    return 0;
}

/* Whether the byte at p may border a number in text: a number inside a
 * name ("v1", "x86_64") or a decimal fraction is not a field. */
static int part_of_word(unsigned char c)
{
    return isalnum(c) || c == '_' || c == '.';
}

/* The length of the number at t[at], n bytes in all: decimal, or 0x
 * and hexadecimal digits, with a leading '-'; 0 if there is none. */
static size_t number_at(const unsigned char *t, size_t n, size_t at)
{
    size_t len = at < n && t[at] == '-' ? 1 : 0;
    if (at + len + 2 < n && t[at + len] == '0' &&
        (t[at + len + 1] | 0x20) == 'x' && isxdigit(t[at + len + 2])) {
        len += 2;
        while (at + len < n && isxdigit(t[at + len]))
            len++;
        return len;
    }
    size_t digits = 0;
    while (at + len + digits < n && isdigit(t[at + len + digits]))
        digits++;
    return digits ? len + digits : 0;
}

/* The numbers of a text source, each of the kind "its record's first
 * word, and its place among the record's numbers". */
static int text_fields(sweep *w, size_t si)
{
    const source *src = &w->sources[si];
    const unsigned char *t = src->bytes.p;
    size_t n = src->bytes.n, end = n < SWEEP_BYTES ? n : SWEEP_BYTES;
    size_t first = w->nfields, line = 1, line_at = 0, place = 0;
    for (size_t at = 0; at < end; at++) {
        if (t[at] == '\n') {
            line++;
            line_at = at + 1;
            place = 0;
            continue;
        }
        size_t len = number_at(t, n, at);
        if (len == 0 || (at > 0 && part_of_word(t[at - 1])))
            continue;
        if (at + len < n && part_of_word(t[at + len])) {
            at += len - 1;
            continue;
        }
        int word = (int)strcspn((const char *)t + line_at, ", \t\r\n");
        word = word < 24 ? word : 24;
        field f = {si, at, len, 1, "", ""};
        place++;
        snprintf(f.name, sizeof f.name,
                 "line %zu, number %zu of its '%.*s' "
                 "record",
                 line, place, word, (const char *)t + line_at);
        snprintf(f.kind, sizeof f.kind, "%.*s#%zu", word,
                 (const char *)t + line_at, place);
        int r = add_field(w, first, &f);
        if (r != 0)
            return r < 0 ? -1 : 0;
        at += len - 1;
    }
    return 0;
}

/* ---- the inputs ---- */

static uint64_t read_le(const unsigned char *p, size_t width)
{
    uint64_t v = 0;
    for (size_t i = width; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

/* The value v of a binary field whose own value is own, masked to its
 * width. */
static uint64_t binary_value(enum value v, const field *f, size_t size,
                             uint64_t own)
{
    uint64_t mask = f->width >= 8 ? UINT64_MAX : (1ull << (8 * f->width)) - 1;
    uint64_t x = 0;
    switch (v) {
    case V_ZERO: x = 0; break;
    case V_ONE: x = 1; break;
    case V_MINUS_ONE: x = UINT64_MAX; break;
    case V_INT31_MAX: x = INT32_MAX; break;
    case V_INT31_MAX_UP: x = 1ull << 31; break;
    case V_UINT32_MAX: x = UINT32_MAX; break;
    case V_SIGNED_MAX: x = mask >> 1; break;
    case V_OWN_DOWN: x = own - 1; break;
    case V_OWN_UP: x = own + 1; break;
    case V_PAST_END: x = size - f->offset - f->width + 1; break;
    case NVALUES: break;
    }
    return x & mask;
}

/* The text of value v for a number field whose own text is own[len]. */
static void text_value(enum value v, const field *f, size_t size,
                       const unsigned char *own, char *out, size_t cap)
{
    char digits[32];
    snprintf(digits, sizeof digits, "%.*s", (int)f->width, (const char *)own);
    int hex = strchr(digits, 'x') || strchr(digits, 'X');
    long long x = strtoll(digits, NULL, 0);
    switch (v) {
    case V_ZERO: snprintf(out, cap, "0"); return;
    case V_ONE: snprintf(out, cap, "1"); return;
    case V_MINUS_ONE: snprintf(out, cap, "-1"); return;
    case V_INT31_MAX: snprintf(out, cap, "2147483647"); return;
    case V_INT31_MAX_UP: snprintf(out, cap, "2147483648"); return;
    case V_UINT32_MAX: snprintf(out, cap, "4294967295"); return;
    case V_SIGNED_MAX: snprintf(out, cap, "9223372036854775807"); return;
    case V_OWN_DOWN: x = x == LLONG_MIN ? x : x - 1; break;
    case V_OWN_UP: x = x == LLONG_MAX ? x : x + 1; break;
    case V_PAST_END: x = (long long)(size + 1); break;
    case NVALUES: break;
    }
    if (hex && x >= 0)
        snprintf(out, cap, "0x%llX", x);
    else
        snprintf(out, cap, "%lld", x);
}

/* The text of value v of field f, and of its own value.  @return 0, or
 * 2 if v is the field's own value or one an earlier value gave. */
static int value_text(const sweep *w, const field *f, enum value v,
                      char text[32], char was[32])
{
    const source *src = &w->sources[f->source];
    const unsigned char *p = src->bytes.p;
    size_t n = src->bytes.n;
    char earlier[32];
    if (f->text) {
        text_value(v, f, n, p + f->offset, text, 32);
        snprintf(was, 32, "%.*s", (int)f->width, (const char *)p + f->offset);
        for (int e = 0; e < (int)v; e++) {
            text_value((enum value)e, f, n, p + f->offset, earlier,
                       sizeof earlier);
            if (strcmp(earlier, text) == 0)
                return 2;
        }
    } else {
        uint64_t own = read_le(p + f->offset, f->width);
        uint64_t x = binary_value(v, f, n, own);
        for (int e = 0; e < (int)v; e++)
            if (binary_value((enum value)e, f, n, own) == x)
                return 2;
        snprintf(text, 32, "%" PRIu64, x);
        snprintf(was, 32, "%" PRIu64, own);
    }
    return strcmp(text, was) == 0 ? 2 : 0;
}

/* The bytes of field f set to value v into in, with what was done.
 * @return 0, 2 if v makes no input (value_text()), -1. */
static int set_field(const sweep *w, const field *f, enum value v,
                     or_input *in)
{
    const source *src = &w->sources[f->source];
    const unsigned char *p = src->bytes.p;
    size_t n = src->bytes.n;
    char text[32], was[32];
    int r = value_text(w, f, v, text, was);
    if (r != 0)
        return r;
    size_t put = f->text ? strlen(text) : f->width;
    size_t size = n - f->width + put;
    in->bytes.p = malloc(size ? size : 1);
    if (in->bytes.p == NULL)
        return -1;
    in->bytes.n = size;
    memcpy(in->bytes.p, p, f->offset);
    if (f->text) {
        memcpy(in->bytes.p + f->offset, text, put);
    } else {
        uint64_t x = strtoull(text, NULL, 10);
        for (size_t i = 0; i < put; i++, x >>= 8)
            in->bytes.p[f->offset + i] = (unsigned char)x;
    }
    memcpy(in->bytes.p + f->offset + put, p + f->offset + f->width,
           n - f->offset - f->width);
    snprintf(in->what, sizeof in->what,
             "sweep: %s at byte %zu (%zu byte%s, was %s) set to %s, in %s",
             f->name, f->offset, f->width, f->width == 1 ? "" : "s", was, text,
             src->path);
    snprintf(in->format, sizeof in->format, "%s", src->format);
    snprintf(in->profile, sizeof in->profile, "%s",
             src->profile ? src->profile : "");
    in->behind = src->behind;
    return 0;
}

static int sweep_input(const session *s, void *ctx, uint64_t n, or_input *in)
{
    (void)s;
    const sweep *w = ctx;
    memset(in, 0, sizeof *in);
    if (n / NVALUES >= w->nfields)
        return 1;
    return set_field(w, &w->fields[n / NVALUES], (enum value)(n % NVALUES),
                     in);
}

/* Whether the bytes look like text: no control bytes but tabs and line
 * ends.  The text formats' fields are numbers; the binary ones' are
 * found by probing. */
static int looks_like_text(const or_bytes *b)
{
    for (size_t i = 0; i < b->n; i++)
        if (b->p[i] < 0x20 && b->p[i] != '\t' && b->p[i] != '\n' &&
            b->p[i] != '\r')
            return 0;
    return 1;
}

/* The fields of source si. */
static int find_fields(sweep *w, size_t si)
{
    source *src = &w->sources[si];
    if (looks_like_text(&src->bytes))
        return text_fields(w, si);
    tg_checker *k;
    if (tg_checker_open(&k) != TG_OK)
        return -1;
    int r = tg_checker_set_format(k, src->format) == TG_OK &&
                    (src->profile == NULL ||
                     tg_checker_set_profile(k, src->profile) == TG_OK)
                ? binary_fields(w, si, k)
                : -1;
    tg_checker_free(k);
    return r;
}

static int add_source(sweep *w, const char *path, const char *format,
                      const char *profile, or_bytes bytes,
                      const or_behind *behind)
{
    if (or_grow((void **)&w->sources, w->nsources, &w->capsources,
                sizeof *w->sources) != 0) {
        free(bytes.p);
        return -1;
    }
    w->sources[w->nsources++] =
        (source){path, format, profile, bytes, *behind};
    return 0;
}

/* A generated trace b of a format and profile, made simpler if the one
 * reader crashes, hangs or runs out of memory on it (O14), as the corpus
 * files are (unmask.c).  @return 0, or -1. */
static int simpler_source(const session *s, const char *format,
                          const char *profile, or_bytes *b, or_behind *behind)
{
    const tg_format_info *fi = tgCli_format(format);
    char path[TG_CLI_PATH];
    if (s->o->nreaders != 1)
        return 0;
    if (tgCli_path(path, "%s/0/source%s", s->base, fi->extension) != 0 ||
        or_write_bytes(path, b->p, b->n) != 0)
        return -1;
    char fmt[16], prof[32];
    snprintf(fmt, sizeof fmt, "%s", format);
    snprintf(prof, sizeof prof, "%s", profile);
    or_case c = {.path = path, .format = fmt, .profile = prof};
    or_judgement j;
    outcome out;
    or_judge(&c, b->p, b->n, &j);
    if (or_outcome(s, s->o->readers[0], path, &j, 0, &out) != 0)
        return -1;
    if (out.skipped || out.cls == OR_NCLASSES || !or_blocks(out.cls))
        return 0;
    or_simpler *sp =
        or_simpler_new(s, s->o->readers[0], 0, &c, format, b, &out);
    const or_bytes *f = sp ? or_simpler_file(sp) : NULL;
    if (f) {
        unsigned char *copy = malloc(f->n + 1);
        if (copy) {
            memcpy(copy, f->p, f->n);
            free(b->p);
            b->p = copy;
            b->n = f->n;
            char where[64];
            snprintf(where, sizeof where,
                     "the valid %s trace it was made from", profile);
            or_behind_set(behind, &out, out.why, where);
        }
    }
    or_simpler_free(sp);
    return sp ? 0 : -1;
}

/* The files to sweep: the valid corpus files (no finding at all; a
 * manifest's mutants aside, near copies of their parents), each in its
 * simpler form when a reader crashed, hung or ran out of memory on it
 * (O14: the sweep would meet that failure on every value); or else, for
 * --format, a generated valid trace of each profile, made simpler so
 * too. */
static int gather(sweep *w, const session *s, char (*names)[80])
{
    for (size_t i = 0; i < s->ncases; i++) {
        const or_judgement *j = &s->judged[i];
        const or_case *c = &s->cases->at[i];
        if (j->expect != TG_DUTY_ACCEPT || j->verdict != 0 || !j->format[0] ||
            c->rule || c->parent)
            continue;
        or_bytes b = {NULL, 0};
        if (s->simpler[i].p) {
            if ((b.p = malloc(s->simpler[i].n + 1)) != NULL) {
                memcpy(b.p, s->simpler[i].p, s->simpler[i].n);
                b.n = s->simpler[i].n;
            }
        } else {
            b.p = or_slurp(c->path, &b.n);
        }
        if (b.p == NULL || add_source(w, c->path, j->format, c->profile, b,
                                      &s->simpler_behind[i]))
            return -1;
    }
    const tg_format_info *fi = s->o->format ? tgCli_format(s->o->format) : 0;
    int generated = w->nsources == 0; /* no corpus file to sweep */
    /* the profile the readers declare, or each of the format's */
    const char *only = or_declared_profile(s->o);
    for (size_t p = 0; generated && fi && fi->profiles[p]; p++) {
        if (p == TG_CLI_PROFILES)
            break;
        if (only && strcmp(only, fi->profiles[p]) != 0)
            continue;
        uint64_t seed = s->o->seed ? s->o->seed : 1;
        or_behind behind = {.text = ""};
        or_bytes b = {NULL, 0};
        FILE *m = open_memstream((char **)&b.p, &b.n);
        tg_error e = m ? tg_generate(fi->name, fi->profiles[p], seed, 0,
                                     tgCli_write_file, m)
                       : TG_ENOMEM;
        if ((m && fclose(m) != 0) || e != TG_OK ||
            simpler_source(s, fi->name, fi->profiles[p], &b, &behind) != 0) {
            free(b.p);
            return -1;
        }
        snprintf(names[p], sizeof names[p],
                 "the valid %s trace of seed "
                 "%" PRIu64,
                 fi->profiles[p], seed);
        if (add_source(w, names[p], fi->name, fi->profiles[p], b, &behind) !=
            0)
            return -1;
    }
    return 0;
}

int or_sweep_run(session *s)
{
    sweep w = {0};
    char names[TG_CLI_PROFILES][80];
    int r = gather(&w, s, names);
    for (size_t i = 0; r == 0 && i < w.nsources; i++)
        r = find_fields(&w, i);
    if (r != 0) {
        fputs("tracegate: oracle: --sweep: out of memory\n", stderr);
        r = TG_INTERNAL;
    }
    s->info->swept_files = w.nsources;
    s->info->swept_fields = w.nfields;
    s->info->swept_capped = w.capped;
    char text[32], was[32];
    for (uint64_t n = 0; r == 0 && n < (uint64_t)w.nfields * NVALUES; n++)
        s->info->swept_inputs +=
            value_text(&w, &w.fields[n / NVALUES], (enum value)(n % NVALUES),
                       text, was) == 0;
    or_maker m = {"sweep", sweep_input, &w, 0};
    if (r == 0)
        r = or_inputs_run(s, &m);
    for (size_t i = 0; i < w.nsources; i++)
        free(w.sources[i].bytes.p);
    free(w.sources);
    free(w.fields);
    return r;
}
