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
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "session.h"

/* The bytes of a valid file that are searched for fields, and the fields
 * kept per file: a cap reported in the scorecard when it is hit.  A probe
 * is checked in the file's first SWEEP_BYTES past the probed field (all
 * of a file that small): a probe of each offset of a large file checked
 * whole would cost its size squared. */
#define SWEEP_BYTES  (64u << 10)
#define SWEEP_FIELDS 512

typedef struct field {
    size_t source;
    or_field at;    /* where it is, how wide, binary or text          */
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

/* The binary fields of a source (or_field_probe()). */
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
    for (size_t at = 0; at < end;) {
        field f = {.source = si};
        if (!or_field_probe(k, copy, src->bytes.p, n, at, SWEEP_BYTES,
                            &f.at)) {
            at++;
            continue;
        }
        snprintf(f.name, sizeof f.name, "%s", f.at.path);
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
        at += f.at.width;
    }
    free(copy);
    return 0;
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
        size_t len = or_field_number_at(t, n, at);
        if (len == 0 || (at > 0 && or_field_in_word(t[at - 1])))
            continue;
        if (at + len < n && or_field_in_word(t[at + len])) {
            at += len - 1;
            continue;
        }
        int word = (int)strcspn((const char *)t + line_at, ", \t\r\n");
        word = word < 24 ? word : 24;
        field f = {.source = si, .at = {at, len, 1, ""}};
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

/* The text of value v of field f, and of its own value.  @return 0, or
 * 2 if v makes no new input (or_field_value()). */
static int value_text(const sweep *w, const field *f, enum or_boundary v,
                      char text[32], char was[32])
{
    const source *src = &w->sources[f->source];
    return or_field_value(&f->at, src->bytes.p, src->bytes.n, v, text, was);
}

/* The bytes of field f set to value v into in, with what was done.
 * @return 0, 2 if v makes no input (value_text()), -1. */
static int set_field(const sweep *w, const field *f, enum or_boundary v,
                     or_input *in)
{
    const source *src = &w->sources[f->source];
    const unsigned char *p = src->bytes.p;
    size_t n = src->bytes.n;
    char text[32], was[32];
    int r = value_text(w, f, v, text, was);
    if (r != 0)
        return r;
    size_t size = or_field_set_size(&f->at, n, text);
    in->bytes.p = malloc(size ? size : 1);
    if (in->bytes.p == NULL)
        return -1;
    in->bytes.n = size;
    or_field_set(&f->at, p, n, text, in->bytes.p);
    snprintf(in->what, sizeof in->what,
             "sweep: %s at byte %zu (%zu byte%s, was %s) set to %s, in %s",
             f->name, f->at.offset, f->at.width, f->at.width == 1 ? "" : "s",
             was, text, src->path);
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
    if (n / OR_FV_COUNT >= w->nfields)
        return 1;
    return set_field(w, &w->fields[n / OR_FV_COUNT],
                     (enum or_boundary)(n % OR_FV_COUNT), in);
}

/* The fields of source si. */
static int find_fields(sweep *w, size_t si)
{
    source *src = &w->sources[si];
    if (or_field_looks_like_text(src->bytes.p, src->bytes.n))
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
    for (uint64_t n = 0; r == 0 && n < (uint64_t)w.nfields * OR_FV_COUNT; n++)
        s->info->swept_inputs +=
            value_text(&w, &w.fields[n / OR_FV_COUNT],
                       (enum or_boundary)(n % OR_FV_COUNT), text, was) == 0;
    or_maker m = {"sweep", sweep_input, &w, 0};
    if (r == 0)
        r = or_inputs_run(s, &m);
    for (size_t i = 0; i < w.nsources; i++)
        free(w.sources[i].bytes.p);
    free(w.sources);
    free(w.fields);
    return r;
}
