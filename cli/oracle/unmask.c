/* unmask.c - the defects behind a defect (O10, O14).  A reader that fails
 * on a valid file (turns it down, crashes, hangs, runs out of memory)
 * fails that way on every mutant of it before the mutation is read, and
 * hides whatever it would do past that point.  Each such file is made
 * simpler, away from its failure, once a reader:
 *
 *   1. its pieces (tg_format_pieces(): records, blocks, lines) are taken
 *      out, the last first, while tracegate finds what is left valid, a
 *      SHOULD or a note at most (judging costs microseconds, reader runs
 *      do not);
 *   2. if the reader still fails that way on what is left, nothing is
 *      made; else the pieces are put back in file order, each kept when
 *      the file stays clean and the reader does not fail that way on it
 *      (GROW_RUNS runs at most): the first whose coming back brings the
 *      failure back is named as what carries it.
 *
 * The reader's run on the simpler file is scored as an input of its own
 * (a crash, hang or running out of memory only: a turned-down parent has
 * nothing behind it but its mutants), behind the first file's defect.
 * Then each masked mutant is made again: the fewest pieces of its parent
 * that keep its mutated piece clean, and the simpler parent's, the piece
 * changed as in the mutant.  If tracegate finds the same rule broken
 * there, it is run and scored, behind its parent's defect. */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

/* Reader runs spent putting pieces back, a file; and the runs in a row
 * that bring the failure back after which the rest are taken to carry it
 * too (a failure spread through the file costs a few runs, not one a
 * piece). */
#define GROW_RUNS   16
#define GROW_MISSES 4

typedef struct pieces {
    const char *format;
    const unsigned char *parent;
    size_t *at; /* starts, and at[n] the end */
    size_t n;
    unsigned char *keep;
    tg_piece *list;         /* the kept ones, for tg_format_join() */
    unsigned char *changed; /* the piece of a mutation, changed    */
} pieces;

/* Room for the joined pieces of n bytes, and of a change of m bytes:
 * tg_format_join() may pad each piece by 3. */
#define JOINED(n, m, pieces) ((n) + (m) + 3 * (pieces) + 1)

/* A change to one piece of the parent: the region [from, to) of piece
 * `home` replaced by n bytes at p.  Named by its piece, not found by its
 * offsets: an insertion between two pieces is in one of them, not both. */
typedef struct change {
    size_t home, from, to;
    const unsigned char *p;
    size_t n;
} change;
#define NO_CHANGE ((const change *)NULL)

/* The kept pieces of the parent joined into out (tg_format_join()), with
 * change ch made (NO_CHANGE: none).  @return the size. */
static size_t assemble(const pieces *ps, const change *ch, unsigned char *out)
{
    size_t k = 0;
    for (size_t i = 0; i < ps->n; i++) {
        if (!ps->keep[i])
            continue;
        size_t b = ps->at[i], e = ps->at[i + 1];
        tg_piece *pc = &ps->list[k++];
        *pc = (tg_piece){ps->parent + b, e - b, b};
        if (ch && i == ch->home) {
            unsigned char *c = ps->changed;
            memcpy(c, ps->parent + b, ch->from - b);
            memcpy(c + (ch->from - b), ch->p, ch->n);
            memcpy(c + (ch->from - b) + ch->n, ps->parent + ch->to,
                   e - ch->to);
            pc->data = c;
            pc->size = (ch->from - b) + ch->n + (e - ch->to);
        }
    }
    return tg_format_join(ps->format, ps->list, k, out);
}

/* Whether tracegate finds the bytes valid: a reader must read them, a
 * SHOULD or a note at most (taking a block out of a NetTrace file may
 * leave a gap in a thread's sequence numbers, a note). */
static int clean(const or_case *c, const unsigned char *p, size_t n)
{
    or_judgement j;
    or_case plain = *c;
    plain.rule = NULL;
    or_judge(&plain, p, n, &j);
    return (j.expect == TG_DUTY_ACCEPT || j.expect == TG_DUTY_MAY_WARN) &&
           j.verdict == 0;
}

/* The reader's run on the n bytes at data, judged j, into out (out->cls
 * OR_UNSCORED if it could not be run). */
static void reader_run(const or_probe *p, const unsigned char *data, size_t n,
                       const or_judgement *j, outcome *out)
{
    or_run r;
    memset(out, 0, sizeof *out);
    out->cls = OR_UNSCORED;
    if (or_stop || or_write_bytes(p->candidate, data, n) != 0 ||
        or_run_reader(p->command, p->candidate, p->scratch_dir, p->lim, &r) !=
            0 ||
        r.interrupted || r.broken)
        return;
    out->cls = or_classify(p->pat, &r, j, out->why, sizeof out->why);
    or_signature(out->why, out->sig, sizeof out->sig);
}

/* Whether a run ended as failure f did: any rejection for a turned-down
 * file, else the same class and cause.  A run that could not be made
 * counts as one: nothing is concluded from it. */
static int fails_alike(const outcome *f, const outcome *o)
{
    if (o->cls == OR_UNSCORED)
        return 1;
    if (f->cls == OR_REJECTS_VALID)
        return o->cls != OR_RIGHT;
    return o->cls == f->cls && strcmp(o->sig, f->sig) == 0;
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

/* Take out every piece but `home` (SIZE_MAX: none), the last first,
 * while the parent stays clean. */
static void fewest(const or_case *c, pieces *ps, size_t home,
                   unsigned char *buf)
{
    for (size_t i = ps->n; i-- > 0;) {
        if (i == home || or_stop)
            continue;
        ps->keep[i] = 0;
        if (!clean(c, buf, assemble(ps, NO_CHANGE, buf)))
            ps->keep[i] = 1;
    }
}

/* The pieces of the n bytes at p, all kept, with room to change one by
 * m bytes more.  @return 0, or -1. */
static int pieces_of(const char *format, const unsigned char *p, size_t n,
                     size_t m, pieces *ps)
{
    ps->format = format;
    ps->parent = p;
    ps->at = malloc((n + 2) * sizeof(size_t));
    ps->keep = malloc(n + 2);
    ps->list = malloc((n + 2) * sizeof(tg_piece));
    ps->changed = malloc(n + m + 1);
    if (ps->at == NULL || ps->keep == NULL || ps->list == NULL ||
        ps->changed == NULL)
        return -1;
    ps->n = tg_format_pieces(format, p, n, ps->at, n + 1);
    ps->at[ps->n] = n;
    memset(ps->keep, 1, ps->n + 1);
    return 0;
}

static void pieces_free(pieces *ps)
{
    free(ps->at);
    free(ps->keep);
    free(ps->list);
    free(ps->changed);
}

/* ---- one file made simpler, away from its failure -------------------- */

struct or_simpler {
    int made;            /* 1: the pieces in keep; 0: feature says why */
    unsigned char *keep; /* [piece]: kept in the simpler file        */
    or_bytes bytes;      /* the simpler file                          */
    or_judgement j;      /* as tracegate judges it                    */
    outcome out;         /* the reader's run on it                    */
    outcome failure;     /* the first file's                          */
    char feature[160];   /* what carries the failure, or why none     */
};

/* File `parent` (judged valid, the reader's run on it f) made simpler
 * into sp (its keep[] taken over).  @return 0, or -1 (no memory). */
static int simplify(const or_probe *p, const char *format,
                    const unsigned char *parent, size_t pn, const outcome *f,
                    or_simpler *sp)
{
    pieces ps = {0};
    unsigned char *buf = malloc(JOINED(pn, 0, pn + 1));
    sp->failure = *f;
    if (buf == NULL || pieces_of(format, parent, pn, 0, &ps) != 0) {
        free(buf);
        pieces_free(&ps);
        return -1;
    }
    fewest(p->cs, &ps, SIZE_MAX, buf);
    size_t n = assemble(&ps, NO_CHANGE, buf);
    or_judge(p->cs, buf, n, &sp->j);
    reader_run(p, buf, n, &sp->j, &sp->out);
    if (fails_alike(f, &sp->out)) {
        snprintf(sp->feature, sizeof sp->feature,
                 "the reader fails even the simplest valid parent (%zu "
                 "bytes) that way",
                 n);
        sp->keep = ps.keep;
        ps.keep = NULL;
        pieces_free(&ps);
        free(buf);
        return 0;
    }
    snprintf(sp->feature, sizeof sp->feature,
             "a feature of the parent not found in %d runs", GROW_RUNS);
    int named = 0, misses = 0;
    for (size_t i = 0, runs = 0;
         i < ps.n && runs < GROW_RUNS && misses < GROW_MISSES && !or_stop;
         i++) {
        if (ps.keep[i])
            continue;
        ps.keep[i] = 1;
        size_t m = assemble(&ps, NO_CHANGE, buf);
        if (!clean(p->cs, buf, m)) {
            ps.keep[i] = 0;
            continue;
        }
        or_judgement j;
        outcome o;
        or_judge(p->cs, buf, m, &j);
        reader_run(p, buf, m, &j, &o);
        runs++;
        if (fails_alike(f, &o)) {
            ps.keep[i] = 0;
            misses++;
            if (!named++)
                describe(parent, &ps, i, sp->feature, sizeof sp->feature);
        } else {
            misses = 0;
            sp->j = j;
            sp->out = o;
        }
    }
    n = assemble(&ps, NO_CHANGE, buf);
    sp->bytes.p = buf;
    sp->bytes.n = n;
    sp->keep = ps.keep;
    ps.keep = NULL;
    sp->made = 1;
    pieces_free(&ps);
    return 0;
}

/* ---- a masked mutant made again on its simpler parent ---------------- */

/* The mutant (its region the bytes where it differs from the parent)
 * made again around the simpler parent sp: into out, as tracegate judges
 * it into j.  @return 1 if made, 0 if not (why[] says), -1 on failure. */
static int remake(const or_probe *p, const char *format,
                  const unsigned char *parent, size_t pn,
                  const unsigned char *mutant, size_t mn,
                  const or_judgement *mj, const or_simpler *sp, or_bytes *out,
                  or_judgement *j, char *why, size_t size)
{
    size_t a = 0, b = 0;
    while (a < pn && a < mn && parent[a] == mutant[a])
        a++;
    while (b < pn - a && b < mn - a &&
           parent[pn - 1 - b] == mutant[mn - 1 - b])
        b++;
    pieces ps = {0};
    unsigned char *buf = malloc(JOINED(pn, mn, pn + 1));
    int r = -1;
    if (buf == NULL || pieces_of(format, parent, pn, mn, &ps) != 0)
        goto done;
    r = 0;
    /* the region must sit in one piece, so that it can be put back */
    size_t from = a, to = pn - b, home = 0;
    while (home + 1 < ps.n && ps.at[home + 1] <= from)
        home++;
    if (ps.n < 2 || to > ps.at[home + 1]) {
        snprintf(why, size, "the mutation spans pieces of its parent");
        goto done;
    }
    fewest(p->cs, &ps, home, buf);
    unsigned char *own = malloc(ps.n + 1);
    if (own == NULL) {
        r = -1;
        goto done;
    }
    memcpy(own, ps.keep, ps.n + 1);
    for (size_t i = 0; i < ps.n; i++) /* and the simpler parent's */
        ps.keep[i] |= sp->keep[i];
    if (!clean(p->cs, buf, assemble(&ps, NO_CHANGE, buf)))
        memcpy(ps.keep, own, ps.n + 1); /* its own fewest, then */
    free(own);
    change ch = {home, from, to, mutant + a, mn - b - a};
    size_t n = assemble(&ps, &ch, buf);
    or_judge(p->cs, buf, n, j);
    if (j->expect != mj->expect || strcmp(j->rule, mj->rule) != 0) {
        snprintf(why, size,
                 "the mutation breaks no longer %s on the simpler parent",
                 mj->rule[0] ? mj->rule : "nothing");
        goto done;
    }
    out->p = buf;
    out->n = n;
    buf = NULL;
    r = 1;
done:
    pieces_free(&ps);
    free(buf);
    return r;
}

/* ---- for the fuzzing: one file at a time ------------------------------ */

/* File `file` (case c, of format) that `reader` failed on (f) made simpler
 * into sp, in the worker's scratch folder: a hang looked for under a
 * shorter timeout (a run that ends within it does not hang, one that does
 * not is taken to).  @return 0, or -1. */
static int simplify_in(const session *s, const char *reader, unsigned worker,
                       const or_case *c, const char *format,
                       const or_bytes *file, const outcome *f, or_simpler *sp)
{
    const tg_format_info *fi = tgCli_format(format);
    char dir[TG_CLI_PATH], candidate[TG_CLI_PATH];
    if (tgCli_path(dir, "%s/%u", s->base, worker) != 0 ||
        tgCli_path(candidate, "%s/simpler%s", dir,
                   fi ? fi->extension : ".bin") != 0)
        return -1;
    or_limits quick = or_quick_limits(&s->o->lim, f->cls);
    or_probe p = {reader, dir, &quick, s->pat, c, candidate, 0};
    return simplify(&p, format, file->p, file->n, f, sp);
}

or_simpler *or_simpler_new(const session *s, const char *reader,
                           unsigned worker, const or_case *c,
                           const char *format, const or_bytes *file,
                           const outcome *f)
{
    or_simpler *sp = calloc(1, sizeof *sp);
    if (sp && simplify_in(s, reader, worker, c, format, file, f, sp) != 0) {
        or_simpler_free(sp);
        return NULL;
    }
    return sp;
}

int or_simpler_remake(const or_probe *p, const char *format,
                      const or_bytes *parent, const or_bytes *mutant,
                      const or_judgement *mj, const or_simpler *sp,
                      or_bytes *out, or_judgement *j, char *why, size_t size)
{
    return sp->made ? remake(p, format, parent->p, parent->n, mutant->p,
                             mutant->n, mj, sp, out, j, why, size)
                    : 0;
}

const char *or_simpler_feature(const or_simpler *sp)
{
    return sp->made ? sp->feature : NULL;
}

const or_bytes *or_simpler_file(const or_simpler *sp)
{
    return sp->made ? &sp->bytes : NULL;
}

const outcome *or_simpler_failure(const or_simpler *sp)
{
    return &sp->failure;
}

void or_simpler_free(or_simpler *sp)
{
    if (sp == NULL)
        return;
    free(sp->keep);
    free(sp->bytes.p);
    free(sp);
}

/* ---- the run over a reader's corpus ---------------------------------- */

void or_behind_set(or_behind *b, const outcome *f, const char *why,
                   const char *where)
{
    b->cls = f->cls;
    snprintf(b->sig, sizeof b->sig, "%s", f->sig);
    snprintf(b->text, sizeof b->text, "the %s \"%.120s\" on %s",
             or_class_name(f->cls), why, where);
}

/* What a defect found on a simpler file was behind: case i's failure
 * f, as its defect says it. */
static void behind_of(const session *s, size_t i, const outcome *f,
                      or_behind *b)
{
    const or_defect *d =
        or_score_find(s->score, f->cls, s->judged[i].rule, f->sig);
    or_behind_set(b, f, d ? d->why : f->sig, s->cases->at[i].path);
}

typedef struct remade_mutant {
    size_t case_at;
    int made;
    or_input in;
    or_judgement j;
    outcome out;
} remade_mutant;

typedef struct unmasking {
    session *s;
    size_t *jobs; /* the cases: files to simplify, or masked mutants */
    size_t n;
    or_simpler *of; /* [case]: the simpler file, for the failing files */
} unmasking;

static void *simplify_one(size_t k, unsigned worker, void *ctx)
{
    unmasking *u = ctx;
    session *s = u->s;
    size_t i = u->jobs[k];
    or_simpler *sp = &u->of[i];
    const or_case *c = &s->cases->at[i];
    or_bytes parent = {NULL, 0};
    int r = -1;
    if ((parent.p = or_slurp(c->path, &parent.n)) != NULL) {
        size_t at = (s->reader_number - 1) * s->ncases + i;
        outcome f = {.cls = (or_class)(s->ran[at] - 1)};
        snprintf(f.sig, sizeof f.sig, "%s", s->sigs[i]);
        r = simplify_in(s, s->reader, worker, c,
                        c->format ? c->format : s->judged[i].format, &parent,
                        &f, sp);
    }
    free(parent.p);
    return r == 0 ? sp : NULL;
}

static void simplified(size_t k, void *done, void *ctx)
{
    unmasking *u = ctx;
    session *s = u->s;
    size_t i = u->jobs[k];
    const or_simpler *sp = done;
    if (sp == NULL) {
        if (!s->failed)
            fputs("tracegate: oracle: a failing file could not be made "
                  "simpler\n",
                  stderr);
        s->failed = 1;
        return;
    }
    /* the run on the simpler file, scored when the first was a crash, a
     * hang or out of memory: a defect may sit behind it */
    if (!sp->made || !or_blocks(sp->failure.cls) || sp->out.cls == OR_UNSCORED)
        return;
    const or_case *c = &s->cases->at[i];
    or_input in = {.bytes = sp->bytes};
    snprintf(in.format, sizeof in.format, "%s",
             c->format ? c->format : s->judged[i].format);
    snprintf(in.profile, sizeof in.profile, "%s",
             c->profile ? c->profile : "");
    char label[64], what[256];
    or_behind behind;
    snprintf(what, sizeof what,
             "%s made simpler, away from its %s; what carries that: %s",
             c->path, or_class_name(sp->failure.cls), sp->feature);
    behind_of(s, i, &sp->failure, &behind);
    snprintf(label, sizeof label, "%zu-%zu-simpler", s->reader_number, i);
    or_defect *d = or_score_add(s->score, sp->out.cls, &sp->j, sp->out.sig,
                                sp->out.why, what, c->path, sp->bytes.n);
    or_score_behind(s->score, sp->out.cls, sp->j.rule, sp->out.sig, &behind);
    s->runs++;
    if (d &&
        or_keep(s, "unmasked", label, &in, &sp->bytes, sp->j.rule, &d, 1) != 0)
        s->failed = 1;
}

static void *remake_one(size_t k, unsigned worker, void *ctx)
{
    unmasking *u = ctx;
    session *s = u->s;
    size_t i = u->jobs[k];
    const or_case *c = &s->cases->at[i];
    const or_simpler *sp = &u->of[c->parent_at];
    remade_mutant *res = calloc(1, sizeof *res);
    if (res == NULL)
        return NULL;
    res->case_at = i;
    if (!sp->made)
        return res;
    size_t pn = 0, mn = 0;
    unsigned char *parent = or_slurp(s->cases->at[c->parent_at].path, &pn);
    unsigned char *mutant = or_slurp(c->path, &mn);
    char dir[TG_CLI_PATH], candidate[TG_CLI_PATH], path[TG_CLI_PATH];
    char why[160];
    int r = -1;
    const char *format = c->format ? c->format : s->judged[i].format;
    if (parent && mutant && tgCli_path(dir, "%s/%u", s->base, worker) == 0 &&
        tgCli_path(candidate, "%s/unmask%s", dir, or_ending(c->path)) == 0 &&
        tgCli_path(path, "%s/unmasked%s", dir, or_ending(c->path)) == 0) {
        or_probe p = {s->reader, dir, &s->o->lim, s->pat, c, candidate, 0};
        r = remake(&p, format, parent, pn, mutant, mn, &s->judged[i], sp,
                   &res->in.bytes, &res->j, why, sizeof why);
    }
    if (r == 1) {
        snprintf(res->in.format, sizeof res->in.format, "%s", format);
        snprintf(res->in.profile, sizeof res->in.profile, "%s",
                 c->profile ? c->profile : "");
        snprintf(res->in.rule, sizeof res->in.rule, "%s", res->j.rule);
        r = or_write_bytes(path, res->in.bytes.p, res->in.bytes.n) != 0 ||
                    or_outcome(s, s->reader, path, &res->j, worker,
                               &res->out) != 0
                ? -1
                : 1;
    }
    free(parent);
    free(mutant);
    if (r < 0) {
        or_input_free(&res->in);
        free(res);
        return NULL;
    }
    res->made = r == 1;
    return res;
}

static void remade(size_t k, void *done, void *ctx)
{
    unmasking *u = ctx;
    session *s = u->s;
    remade_mutant *res = done;
    (void)k;
    if (res == NULL) {
        if (!s->failed)
            fputs("tracegate: oracle: a masked mutant could not be made "
                  "again\n",
                  stderr);
        s->failed = 1;
        return;
    }
    const or_case *c = &s->cases->at[res->case_at];
    const or_simpler *sp = &u->of[c->parent_at];
    if (res->made && !res->out.skipped && res->out.cls != OR_NCLASSES) {
        int rejected = sp->failure.cls == OR_REJECTS_VALID;
        snprintf(res->in.what, sizeof res->in.what,
                 "%s made again on a simpler parent; the reader %s the "
                 "first for %s",
                 c->path, rejected ? "turned down" : "failed on", sp->feature);
        char label[64];
        or_behind behind;
        snprintf(label, sizeof label, "%zu-%zu", s->reader_number,
                 res->case_at);
        or_defect *d =
            or_score_add(s->score, res->out.cls, &res->j, res->out.sig,
                         res->out.why, res->in.what, c->path, res->in.bytes.n);
        if (!rejected) {
            behind_of(s, c->parent_at, &sp->failure, &behind);
            or_score_behind(s->score, res->out.cls, res->j.rule, res->out.sig,
                            &behind);
        }
        s->runs++;
        if (d && or_keep(s, "unmasked", label, &res->in, &res->in.bytes,
                         res->j.rule, &d, 1) != 0)
            s->failed = 1;
    }
    or_input_free(&res->in);
    free(res);
}

/* Whether files a and b failed alike: one class, one signature. */
static int same_failure(const session *s, size_t base, size_t a, size_t b)
{
    return s->ran[base + a] == s->ran[base + b] &&
           strcmp(s->sigs[a], s->sigs[b]) == 0;
}

/* Make the queued files simpler: first one file of each failure, then
 * the others of the failures whose first could be made simpler (when
 * even the simplest valid file fails that way, every file of it would:
 * they are not run again).  @return 0, or -1. */
static int simplify_all(unmasking *u, size_t base)
{
    session *s = u->s;
    size_t *all = u->jobs, n = u->n, nfirst = 0, nrest = 0;
    size_t *first = malloc((n + 1) * sizeof *first);
    size_t *rest = malloc((n + 1) * sizeof *rest);
    size_t *of = malloc((n + 1) * sizeof *of); /* [k]: its first's index */
    size_t *later = malloc((n + 1) * sizeof *later);
    int r = -1;
    if (first == NULL || rest == NULL || of == NULL || later == NULL)
        goto done;
    for (size_t k = 0; k < n; k++) {
        size_t f = 0;
        while (f < nfirst && !same_failure(s, base, first[f], all[k]))
            f++;
        of[k] = f;
        if (f == nfirst)
            first[nfirst++] = all[k];
        else
            rest[nrest++] = k;
    }
    u->jobs = first;
    u->n = nfirst;
    if (tgCli_parallel(nfirst, s->o->jobs, simplify_one, simplified, u) != 0)
        goto done;
    size_t again = 0;
    for (size_t k = 0; k < nrest; k++) {
        const or_simpler *lead = &u->of[first[of[rest[k]]]];
        size_t i = all[rest[k]];
        if (lead->made)
            later[again++] = i;
        else /* its failure's first says why none is made */
            memcpy(u->of[i].feature, lead->feature, sizeof lead->feature);
    }
    u->jobs = later;
    u->n = again;
    r = tgCli_parallel(again, s->o->jobs, simplify_one, simplified, u) != 0
            ? -1
            : 0;
done:
    u->jobs = all;
    u->n = n;
    free(first);
    free(rest);
    free(of);
    free(later);
    return r;
}

int or_unmask_run(session *s)
{
    size_t n = s->ncases, base = (s->reader_number - 1) * s->ncases;
    unmasking u = {s, malloc((n + 1) * sizeof(size_t)), 0,
                   calloc(n + 1, sizeof(or_simpler))};
    unsigned char *queued = calloc(n + 1, 1);
    int r = TG_INTERNAL;
    if (u.jobs == NULL || u.of == NULL || queued == NULL)
        goto done;
    /* the files to make simpler: the parents of masked mutants, and the
     * valid files of no parent the reader crashed, hung or ran out of
     * memory on */
    for (size_t i = 0; i < n; i++) {
        const or_case *c = &s->cases->at[i];
        size_t f = s->ran[base + i] == 1 + OR_MASKED ? c->parent_at
                   : c->parent_at == OR_NO_PARENT && s->ran[base + i] &&
                           or_blocks((or_class)(s->ran[base + i] - 1)) &&
                           s->judged[i].expect == TG_DUTY_ACCEPT &&
                           s->judged[i].verdict == 0
                       ? i
                       : OR_NO_PARENT;
        if (f != OR_NO_PARENT && !queued[f]) {
            queued[f] = 1;
            u.jobs[u.n++] = f;
        }
    }
    if (simplify_all(&u, base) != 0)
        goto done;
    u.n = 0;
    for (size_t i = 0; i < n; i++)
        if (s->ran[base + i] == 1 + OR_MASKED)
            u.jobs[u.n++] = i;
    if (tgCli_parallel(u.n, s->o->jobs, remake_one, remade, &u) != 0)
        goto done;
    /* the sweep takes the simpler files in place of those that fail */
    for (size_t i = 0; i < n; i++)
        if (u.of[i].made && or_blocks(u.of[i].failure.cls) &&
            s->simpler[i].p == NULL) {
            behind_of(s, i, &u.of[i].failure, &s->simpler_behind[i]);
            s->simpler[i] = u.of[i].bytes;
            u.of[i].bytes.p = NULL;
        }
    r = s->failed ? TG_IO_ERROR : 0;
done:
    for (size_t i = 0; u.of && i < n; i++) {
        free(u.of[i].keep);
        free(u.of[i].bytes.p);
    }
    free(u.of);
    free(u.jobs);
    free(queued);
    return r;
}
