/* unmask.c - a mutant masked by its parent (O10), made again on a simpler
 * parent.  A mutant is its parent with one region changed.  The parent's
 * pieces outside that region (tg_format_pieces(): records, blocks,
 * lines) are taken out, one at a time, while tracegate still finds the
 * parent valid with no finding at all: what is left is the simplest
 * valid parent around the mutation.  If the reader reads it, the region
 * is changed there as in the mutant, and if tracegate finds the same
 * rule broken, that new mutant reaches the reader's code past whatever
 * it could not read.  Which piece that was is found by putting the
 * taken pieces back one at a time, until the reader turns the parent
 * down again.  Judging costs microseconds; reader runs are few. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

/* Reader runs spent finding the piece a reader cannot read. */
#define FEATURE_RUNS 16

typedef struct pieces {
    size_t *at; /* starts, and at[n] the end */
    size_t n;
    unsigned char *keep;
} pieces;

/* The bytes of the kept pieces (and piece `also`, or SIZE_MAX) into out,
 * the region [from, to) of the parent replaced by repl (NULL: kept).
 * @return the size. */
static size_t assemble(const unsigned char *parent, const pieces *ps,
                       size_t also, size_t from, size_t to,
                       const unsigned char *repl, size_t nrepl,
                       unsigned char *out)
{
    size_t o = 0;
    for (size_t i = 0; i < ps->n; i++) {
        if (!ps->keep[i] && i != also)
            continue;
        size_t b = ps->at[i], e = ps->at[i + 1];
        if (repl && b <= from && to <= e) { /* the piece of the region */
            memcpy(out + o, parent + b, from - b);
            o += from - b;
            memcpy(out + o, repl, nrepl);
            o += nrepl;
            memcpy(out + o, parent + to, e - to);
            o += e - to;
        } else {
            memcpy(out + o, parent + b, e - b);
            o += e - b;
        }
    }
    return o;
}

/* Whether tracegate finds the bytes valid with no finding at all. */
static int clean(const or_case *c, const unsigned char *p, size_t n)
{
    or_judgement j;
    or_case plain = *c;
    plain.rule = NULL;
    or_judge(&plain, p, n, &j);
    return j.expect == TG_DUTY_ACCEPT && j.verdict == 0;
}

/* The reader's class on the bytes judged j. */
static or_class reader_class(const or_probe *p, const unsigned char *data,
                             size_t n, const or_judgement *j)
{
    or_run r;
    char why[320];
    if (or_stop || or_write_bytes(p->candidate, data, n) != 0 ||
        or_run_reader(p->command, p->candidate, p->scratch_dir, p->lim, &r) !=
            0 ||
        r.interrupted)
        return OR_UNSCORED;
    return or_classify(p->pat, &r, j, why, sizeof why);
}

/* What piece i of the parent is: its first line, for text; else where. */
static void describe(const unsigned char *parent, const pieces *ps, size_t i,
                     char *out, size_t size)
{
    size_t b = ps->at[i], e = ps->at[i + 1], o = 0;
    int text = 1;
    for (size_t k = b; k < e && text; k++)
        text = parent[k] >= 0x20 || parent[k] == '\n' || parent[k] == '\r' ||
               parent[k] == '\t';
    if (!text) {
        snprintf(out, size, "the piece at bytes %zu to %zu of the parent", b,
                 e);
        return;
    }
    o = (size_t)snprintf(out, size, "the parent's line \"");
    for (size_t k = b; k < e && parent[k] != '\n' && o + 8 < size; k++)
        out[o++] = isprint(parent[k]) ? (char)parent[k] : '.';
    snprintf(out + o, size - o, "%s\"", o + 8 >= size ? "..." : "");
}

/* The piece whose coming back makes the reader turn the simplest parent
 * down again, described into feature[]. */
static void find_feature(const or_probe *p, const unsigned char *parent,
                         pieces *ps, unsigned char *buf, char *feature,
                         size_t size)
{
    snprintf(feature, size, "a feature of the parent not found in %d runs",
             FEATURE_RUNS);
    or_judgement valid;
    unsigned runs = 0;
    for (size_t i = 0; i < ps->n && runs < FEATURE_RUNS; i++) {
        if (ps->keep[i])
            continue;
        size_t n = assemble(parent, ps, i, 0, 0, NULL, 0, buf);
        if (!clean(p->cs, buf, n))
            continue;
        or_judge(p->cs, buf, n, &valid);
        runs++;
        if (reader_class(p, buf, n, &valid) != OR_RIGHT) {
            describe(parent, ps, i, feature, size);
            return;
        }
    }
}

int or_unmask(const or_probe *p, const unsigned char *parent, size_t pn,
              const unsigned char *mutant, size_t mn, const or_judgement *mj,
              or_bytes *out, char *feature, size_t size)
{
    feature[0] = '\0';
    size_t a = 0, b = 0;
    while (a < pn && a < mn && parent[a] == mutant[a])
        a++;
    while (b < pn - a && b < mn - a &&
           parent[pn - 1 - b] == mutant[mn - 1 - b])
        b++;
    const char *format = p->cs->format ? p->cs->format : mj->format;
    pieces ps = {malloc((pn + 1) * sizeof(size_t)), 0, NULL};
    unsigned char *buf = malloc(pn + mn + 1);
    int r = -1;
    if (ps.at == NULL || buf == NULL)
        goto done;
    ps.n = tg_format_pieces(format, parent, pn, ps.at, pn);
    ps.at[ps.n] = pn;
    if ((ps.keep = malloc(ps.n + 1)) == NULL)
        goto done;
    memset(ps.keep, 1, ps.n + 1);
    /* the region must sit in one piece, so that it can be put back */
    size_t from = a, to = pn - b, home = 0;
    while (home + 1 < ps.n && ps.at[home + 1] <= from)
        home++;
    r = 0;
    if (ps.n < 2 || to > ps.at[home + 1]) {
        snprintf(feature, size, "the mutation spans pieces of its parent");
        goto done;
    }
    for (size_t i = ps.n; i-- > 0;) { /* the last pieces first */
        if (i == home || or_stop)
            continue;
        ps.keep[i] = 0;
        if (!clean(p->cs, buf,
                   assemble(parent, &ps, SIZE_MAX, 0, 0, NULL, 0, buf)))
            ps.keep[i] = 1;
    }
    size_t n = assemble(parent, &ps, SIZE_MAX, 0, 0, NULL, 0, buf);
    or_judgement valid;
    or_judge(p->cs, buf, n, &valid);
    if (reader_class(p, buf, n, &valid) != OR_RIGHT) {
        snprintf(feature, size,
                 "the reader turns down even the simplest valid parent "
                 "(%zu bytes)",
                 n);
        goto done;
    }
    n = assemble(parent, &ps, SIZE_MAX, from, to, mutant + a, mn - b - a, buf);
    or_judgement j;
    or_judge(p->cs, buf, n, &j);
    if (j.expect != mj->expect || strcmp(j.rule, mj->rule) != 0) {
        snprintf(feature, size,
                 "the mutation breaks no longer %s on the simpler parent",
                 mj->rule[0] ? mj->rule : "nothing");
        goto done;
    }
    if ((out->p = malloc(n ? n : 1)) == NULL) {
        r = -1;
        goto done;
    }
    memcpy(out->p, buf, n);
    out->n = n;
    if (size > 0 && feature[0] == '\0') /* "" asks for it */
        find_feature(p, parent, &ps, buf, feature, size);
    r = 1;
done:
    free(ps.at);
    free(ps.keep);
    free(buf);
    return r;
}

/* ---- the masked mutants of a reader's run ---- */

typedef struct unmasked {
    size_t case_at;
    int made;
    or_input in;
    or_judgement j;
    outcome out;
    char feature[160];
} unmasked;

typedef struct masked_list {
    session *s;
    size_t *at, n;
    unsigned char *first; /* [k]: the first masked mutant of its parent */
    char (*feature)[160]; /* [parent case]: what its reader cannot read */
} masked_list;

static void *unmask_one(size_t k, unsigned worker, void *ctx)
{
    masked_list *l = ctx;
    session *s = l->s;
    size_t i = l->at[k];
    const or_case *c = &s->cases->at[i];
    unmasked *u = calloc(1, sizeof *u);
    if (u == NULL)
        return NULL;
    u->case_at = i;
    /* the piece the reader cannot read is looked for once a parent; the
     * others say what the first found (unmask_done(), in order) */
    if (!l->first[k])
        snprintf(u->feature, sizeof u->feature, "-");
    size_t pn = 0, mn = 0;
    unsigned char *parent = or_slurp(s->cases->at[c->parent_at].path, &pn);
    unsigned char *mutant = or_slurp(c->path, &mn);
    char dir[TG_CLI_PATH], candidate[TG_CLI_PATH], path[TG_CLI_PATH];
    int r = -1;
    if (parent && mutant && tgCli_path(dir, "%s/%u", s->base, worker) == 0 &&
        tgCli_path(candidate, "%s/unmask%s", dir, or_ending(c->path)) == 0 &&
        tgCli_path(path, "%s/unmasked%s", dir, or_ending(c->path)) == 0) {
        or_probe p = {s->reader, dir, &s->o->lim, s->pat, c, candidate, 0};
        r = or_unmask(&p, parent, pn, mutant, mn, &s->judged[i], &u->in.bytes,
                      u->feature, sizeof u->feature);
    }
    if (r == 1) {
        snprintf(u->in.format, sizeof u->in.format, "%s",
                 c->format ? c->format : s->judged[i].format);
        snprintf(u->in.profile, sizeof u->in.profile, "%s",
                 c->profile ? c->profile : "");
        or_case again = *c;
        again.path = path;
        or_judge(&again, u->in.bytes.p, u->in.bytes.n, &u->j);
        snprintf(u->in.rule, sizeof u->in.rule, "%s", u->j.rule);
        r = or_write_bytes(path, u->in.bytes.p, u->in.bytes.n) != 0 ||
                    or_outcome(s, s->reader, path, &u->j, worker, &u->out) != 0
                ? -1
                : 1;
    }
    free(parent);
    free(mutant);
    if (r < 0) {
        or_input_free(&u->in);
        free(u);
        return NULL;
    }
    u->made = r == 1;
    return u;
}

static void unmask_done(size_t k, void *result, void *ctx)
{
    masked_list *l = ctx;
    session *s = l->s;
    unmasked *u = result;
    if (u == NULL) {
        if (!s->failed)
            fputs("tracegate: oracle: a masked mutant could not be made "
                  "again\n",
                  stderr);
        s->failed = 1;
        return;
    }
    const or_case *c = &s->cases->at[u->case_at];
    char *feature = l->feature[c->parent_at];
    if (l->first[k] && u->made)
        snprintf(feature, sizeof l->feature[0], "%s", u->feature);
    if (u->made && !u->out.skipped && u->out.cls != OR_NCLASSES) {
        snprintf(u->in.what, sizeof u->in.what,
                 "%s made again on a simpler parent; the reader turned down "
                 "the first for %s",
                 c->path, feature[0] ? feature : "a feature not found");
        char label[64];
        snprintf(label, sizeof label, "%zu-%zu", s->reader_number, u->case_at);
        or_defect *d = or_score_add(
            s->score, u->out.cls, &u->j, u->out.sig, u->out.why, u->in.what,
            s->cases->at[u->case_at].path, u->in.bytes.n);
        s->runs++;
        if (d && or_keep(s, "unmasked", label, &u->in, &u->in.bytes, u->j.rule,
                         &d, 1) != 0)
            s->failed = 1;
    }
    or_input_free(&u->in);
    free(u);
}

int or_unmask_run(session *s)
{
    size_t n = s->ncases + 1;
    masked_list l = {s, malloc(n * sizeof(size_t)), 0, calloc(n, 1),
                     calloc(n, sizeof *l.feature)};
    unsigned char *seen = calloc(n, 1); /* parents met so far */
    int r = TG_INTERNAL;
    if (l.at && l.first && l.feature && seen) {
        for (size_t i = 0; i < s->ncases; i++)
            if (s->ran[(s->reader_number - 1) * s->ncases + i] ==
                1 + OR_MASKED) {
                size_t parent = s->cases->at[i].parent_at;
                l.first[l.n] = !seen[parent];
                seen[parent] = 1;
                l.at[l.n++] = i;
            }
        r = tgCli_parallel(l.n, s->o->jobs, unmask_one, unmask_done, &l) != 0
                ? TG_INTERNAL
            : s->failed ? TG_IO_ERROR
                        : 0;
    }
    free(seen);
    free(l.at);
    free(l.first);
    free(l.feature);
    return r;
}
