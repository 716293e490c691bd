/* inputs.c - the inputs the oracle makes itself (--sweep, --fuzz): made,
 * judged and run by every reader on --jobs threads, a batch at a time,
 * then scored in order of their numbers, so a run is the same for the
 * same seed whatever the --jobs.  A mutant made from a generated parent
 * has that parent run first, once per reader (O10): a rejection of the
 * mutant means nothing when the parent was not read either. */
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

void or_input_free(or_input *in)
{
    free(in->bytes.p);
    memset(in, 0, sizeof *in);
}

/* The parents whose runs are known: [reader][profile][seed], 0 for not
 * run, PARENT_UNREAD for of a version outside --reads, else 1 + the
 * class.  Fuzz mutants come from OR_PARENT_SEEDS seeds
 * of a format's profiles. */
#define PARENT_SLOTS  (TG_CLI_PROFILES * (OR_PARENT_SEEDS + 1))
#define PARENT_UNREAD 0xFF

typedef struct phase {
    session *s;
    const or_maker *m;
    unsigned char *parents; /* PARENT_SLOTS per reader */
    uint64_t *parent_sigs;  /* the same places: their signatures, hashed */
    or_simpler **simpler;   /* the same places: a parent the reader
                               crashed, hung or ran out of memory on, made
                               simpler (one reader only: O14) */
    pthread_mutex_t lock;
    int ended; /* the maker has no more inputs */
} phase;

/* One made input and what every reader did with it. */
typedef struct item {
    int made; /* the maker's answer: 0, 1 (no more) or 2 (none) */
    char path[TG_CLI_PATH];
    or_input in;
    or_judgement j;
    outcome out[MAX_READERS];
    /* a mutant's parent, when a reader ran it for the first time */
    char parent_path[TG_CLI_PATH];
    or_bytes parent;
    or_judgement pj;
    outcome pout[MAX_READERS];
    int parent_new[MAX_READERS];
    /* a mutant made again on its parent's simpler form (O14): what it
     * was first */
    char first_what[256];
} item;

static void item_free(item *it)
{
    or_input_free(&it->in);
    free(it->parent.p);
    free(it);
}

static void judge_bytes(char *path, or_input *in, const or_bytes *b,
                        or_judgement *j)
{
    or_case c = {.path = path,
                 .format = in->format,
                 .profile = in->profile[0] ? in->profile : NULL,
                 .rule = in->rule[0] ? in->rule : NULL};
    or_judge(&c, b->p ? b->p : (const unsigned char *)"", b->n, j);
}

/* The slot of a mutant's parent, or -1 when it has none there. */
static long parent_slot(const or_input *in)
{
    const tg_format_info *fi = tgCli_format(in->format);
    if (in->parent_seed == 0 || in->parent_seed > OR_PARENT_SEEDS || !fi)
        return -1;
    for (long p = 0; fi->profiles[p] && p < TG_CLI_PROFILES; p++)
        if (strcmp(fi->profiles[p], in->parent_profile) == 0)
            return p * (OR_PARENT_SEEDS + 1) + (long)in->parent_seed;
    return -1;
}

/* A signature as 64 bits (FNV-1a), to compare two. */
static uint64_t sig_hash(const char *sig)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *sig; sig++)
        h = (h ^ (unsigned char)*sig) * 0x100000001b3ull;
    return h;
}

static int make_simpler(phase *ph, item *it, unsigned worker, size_t at);

/* The generated parent of item it's mutant, made unless it is.  @return
 * 0, or -1. */
static int parent_bytes(item *it)
{
    if (it->parent.p)
        return 0;
    FILE *m = open_memstream((char **)&it->parent.p, &it->parent.n);
    tg_error e = m ? tg_generate(it->in.format, it->in.parent_profile,
                                 it->in.parent_seed, 0, tgCli_write_file, m)
                   : TG_ENOMEM;
    return (m && fclose(m) != 0) || e != TG_OK ? -1 : 0;
}

/* Run reader k on the mutant's parent unless its run is known; *sig the
 * hash of its signature.  @return 1 + the parent's class, 0 if it has
 * none, -1 on failure. */
static int run_parent(phase *ph, item *it, size_t k, unsigned worker,
                      uint64_t *sig)
{
    long slot = parent_slot(&it->in);
    if (slot < 0)
        return 0;
    size_t at = k * PARENT_SLOTS + (size_t)slot;
    unsigned char *known = &ph->parents[at];
    pthread_mutex_lock(&ph->lock);
    int ran = *known;
    *sig = ph->parent_sigs[at];
    pthread_mutex_unlock(&ph->lock);
    if (ran)
        return ran == PARENT_UNREAD ? 0 : ran;
    session *s = ph->s;
    if (it->parent.p == NULL) { /* made once for every reader */
        if (parent_bytes(it) != 0 ||
            or_write_bytes(it->parent_path, it->parent.p, it->parent.n))
            return -1;
        judge_bytes(it->parent_path, &it->in, &it->parent, &it->pj);
    }
    if (!or_in_scope(s->o, it->pj.version)) { /* like the inputs, unrun */
        pthread_mutex_lock(&ph->lock);
        *known = PARENT_UNREAD;
        pthread_mutex_unlock(&ph->lock);
        return 0;
    }
    if (or_outcome(s, s->o->readers[k], it->parent_path, &it->pj, worker,
                   &it->pout[k]) != 0)
        return -1;
    if (it->pout[k].skipped || it->pout[k].cls == OR_NCLASSES)
        return 0;
    pthread_mutex_lock(&ph->lock);
    if (*known == 0) { /* the first run of it: scored with this item */
        *known = (unsigned char)(1 + it->pout[k].cls);
        ph->parent_sigs[at] = sig_hash(it->pout[k].sig);
        it->parent_new[k] = 1;
    }
    ran = *known;
    *sig = ph->parent_sigs[at];
    pthread_mutex_unlock(&ph->lock);
    /* a failure every mutant of it would meet first: the parent made
     * simpler once, for its mutants to be made again on */
    if (it->parent_new[k] && s->o->nreaders == 1 &&
        or_blocks(it->pout[k].cls) && make_simpler(ph, it, worker, at) != 0)
        return -1;
    return ran;
}

/* The parent of item it, which reader 0 failed on, made simpler into
 * slot at.  @return 0, or -1 (no memory). */
static int make_simpler(phase *ph, item *it, unsigned worker, size_t at)
{
    session *s = ph->s;
    or_case c = {.path = it->parent_path,
                 .format = it->in.format,
                 .profile = it->in.profile[0] ? it->in.profile : NULL};
    or_simpler *sp = or_simpler_new(s, s->o->readers[0], worker, &c,
                                    it->in.format, &it->parent, &it->pout[0]);
    if (sp == NULL)
        return -1;
    pthread_mutex_lock(&ph->lock);
    if (ph->simpler[at] == NULL) {
        ph->simpler[at] = sp;
        sp = NULL;
    }
    pthread_mutex_unlock(&ph->lock);
    or_simpler_free(sp);
    return 0;
}

/* Item it's mutant made again on its parent's simpler form, when reader
 * 0 failed on the parent and one was made: the input the reader runs in
 * its place.  @return 1 if made, 0 if not, -1 on failure. */
static int made_again(phase *ph, item *it, unsigned worker)
{
    long slot = parent_slot(&it->in);
    if (slot < 0)
        return 0;
    pthread_mutex_lock(&ph->lock);
    const or_simpler *sp = ph->simpler[(size_t)slot];
    pthread_mutex_unlock(&ph->lock);
    if (sp == NULL || or_simpler_feature(sp) == NULL)
        return 0;
    session *s = ph->s;
    const tg_format_info *fi = tgCli_format(it->in.format);
    char dir[TG_CLI_PATH], candidate[TG_CLI_PATH], why[160];
    if (parent_bytes(it) != 0 || /* its run was known: made again here */
        tgCli_path(dir, "%s/%u", s->base, worker) != 0 ||
        tgCli_path(candidate, "%s/remake%s", dir,
                   fi ? fi->extension : ".bin") != 0)
        return -1;
    or_case c = {.path = it->path,
                 .format = it->in.format,
                 .profile = it->in.profile[0] ? it->in.profile : NULL,
                 .rule = it->in.rule[0] ? it->in.rule : NULL};
    or_probe p = {s->o->readers[0], dir, &s->o->lim, s->pat, &c, candidate, 0};
    or_bytes again = {NULL, 0};
    or_judgement j;
    int r = or_simpler_remake(&p, it->in.format, &it->parent, &it->in.bytes,
                              &it->j, sp, &again, &j, why, sizeof why);
    if (r != 1)
        return r;
    free(it->in.bytes.p);
    it->in.bytes = again;
    it->j = j;
    if (or_write_bytes(it->path, again.p, again.n) != 0)
        return -1;
    const outcome *f = or_simpler_failure(sp);
    char where[96];
    snprintf(where, sizeof where, "the valid %s trace of seed %" PRIu64,
             it->in.parent_profile, it->in.parent_seed);
    or_behind_set(&it->in.behind, f, f->why, where);
    memcpy(it->first_what, it->in.what, sizeof it->first_what);
    size_t n = strlen(it->in.what);
    snprintf(it->in.what + n, sizeof it->in.what - n,
             ", made again on a simpler parent (its reader failed on the "
             "first for %.80s)",
             or_simpler_feature(sp));
    return 1;
}

static void *make_and_run(size_t i, unsigned worker, void *ctx)
{
    phase *ph = ctx;
    session *s = ph->s;
    item *it = calloc(1, sizeof *it);
    if (it == NULL)
        return NULL;
    uint64_t n = s->made + i;
    it->made = ph->m->make(s, ph->m->ctx, n, &it->in);
    if (it->made != 0) {
        if (it->made > 0)
            return it;
        item_free(it);
        return NULL;
    }
    if (tgCli_path(it->path, "%s/%s-%" PRIu64, s->base, ph->m->name, n) ||
        tgCli_path(it->parent_path, "%s/%s-%" PRIu64 "-parent", s->base,
                   ph->m->name, n) ||
        or_write_bytes(it->path, it->in.bytes.p, it->in.bytes.n) != 0) {
        item_free(it);
        return NULL;
    }
    judge_bytes(it->path, &it->in, &it->in.bytes, &it->j);
    if (!or_in_scope(s->o, it->j.version)) {
        /* of a version no reader reads (--reads): dropped unrun */
        remove(it->path);
        it->made = 2;
        return it;
    }
    for (size_t k = 0; k < s->o->nreaders; k++) {
        uint64_t sig = 0;
        int parent = run_parent(ph, it, k, worker, &sig);
        int again = parent > 0 && or_blocks((or_class)(parent - 1))
                        ? made_again(ph, it, worker)
                        : 0;
        if (parent < 0 || again < 0 ||
            or_outcome(s, s->o->readers[k], it->path, &it->j, worker,
                       &it->out[k]) != 0) {
            item_free(it);
            return NULL;
        }
        if (again) /* scored as itself: its parent is no longer the one */
            parent = 0;
        outcome *o = &it->out[k];
        /* pj is judged when this item made the parent, else all zero:
         * "accept", as a generated parent is valid */
        o->cls = or_masked(o->cls, it->j.expect, it->pj.expect,
                           (unsigned)parent, sig == sig_hash(o->sig));
    }
    return it;
}

int or_keep(session *s, const char *folder, const char *label,
            const or_input *in, const or_bytes *b, const char *rule,
            or_defect *const *defects, size_t n)
{
    char dir[TG_CLI_PATH], kept[TG_CLI_PATH];
    const tg_format_info *fi = tgCli_format(in->format);
    if (tgCli_path(dir, "%s/%s", s->o->keep, folder) != 0 ||
        tgCli_path(kept, "%s/%s%s", dir, label, fi ? fi->extension : ".bin") !=
            0)
        return -1;
    if (tgCli_mkdirs(dir) != 0 || or_write_bytes(kept, b->p, b->n) != 0 ||
        or_cases_add(s->cases, kept, in->format,
                     in->profile[0] ? in->profile : NULL,
                     rule[0] ? rule : NULL, NULL) != 0) {
        fprintf(stderr, "tracegate: oracle: cannot keep %s\n", kept);
        return -1;
    }
    for (size_t k = 0; k < n; k++)
        if (defects[k])
            memcpy(defects[k]->example, kept, sizeof kept);
    return 0;
}

/* Score the runs of one input (the parent's or the item's) by every
 * reader, and keep it if it is a defect's example now.  @return 0, or
 * -1 (already said). */
static int score_runs(phase *ph, const char *label, const item *it,
                      const char *path, const or_bytes *b,
                      const or_judgement *j, const outcome *outs,
                      const int *only, const char *what)
{
    session *s = ph->s;
    or_defect *examples[MAX_READERS] = {NULL};
    int any = 0, differ = 0, scored = 0;
    for (size_t k = 0; k < s->o->nreaders; k++) {
        const outcome *o = &outs[k];
        if ((only && !only[k]) || o->skipped)
            continue;
        if (o->cls == OR_NCLASSES) {
            if (!s->failed)
                fprintf(stderr,
                        "tracegate: oracle: cannot run the reader "
                        "'%s'\n",
                        s->o->readers[k]);
            s->failed = 1;
            continue;
        }
        examples[k] = or_score_add(&s->scores[k], o->cls, j, o->sig, o->why,
                                   what, path, b->n);
        if (only == NULL) /* an input made past a failure (O14) */
            or_score_behind(&s->scores[k], o->cls, j->rule, o->sig,
                            &it->in.behind);
        any |= examples[k] != NULL;
        differ |= or_took_of(o->cls, j->expect) !=
                  or_took_of(outs[0].cls, j->expect);
        scored = 1;
        s->runs++;
    }
    if (only == NULL && scored)
        s->fuzz_disagree += (uint64_t)differ;
    if (any && or_keep(s, ph->m->name, label, &it->in, b, j->rule, examples,
                       s->o->nreaders) != 0)
        return -1;
    return 0;
}

static void ran(size_t i, void *result, void *ctx)
{
    phase *ph = ctx;
    session *s = ph->s;
    item *it = result;
    if (it == NULL) {
        if (!s->failed)
            fprintf(stderr,
                    "tracegate: oracle: a --%s input could not be "
                    "made or run\n",
                    ph->m->name);
        s->failed = 1;
        return;
    }
    if (it->made == 1)
        ph->ended = 1;
    if (it->made == 0) {
        uint64_t n = s->made + i;
        char label[64], what[sizeof it->in.what + 40];
        snprintf(label, sizeof label, "%06" PRIu64 "-parent", n);
        snprintf(what, sizeof what, "the valid parent of %s",
                 it->first_what[0] ? it->first_what : it->in.what);
        if (score_runs(ph, label, it, it->parent_path, &it->parent, &it->pj,
                       it->pout, it->parent_new, what) != 0)
            s->failed = 1;
        snprintf(label, sizeof label, "%06" PRIu64, n);
        if (score_runs(ph, label, it, it->path, &it->in.bytes, &it->j, it->out,
                       NULL, it->in.what) != 0)
            s->failed = 1;
        or_progress(s);
        remove(it->path);
        remove(it->parent_path);
    }
    item_free(it);
}

int or_inputs_run(session *s, const or_maker *m)
{
    phase ph = {.s = s, .m = m};
    ph.parents = calloc(s->o->nreaders * PARENT_SLOTS, 1);
    ph.parent_sigs = calloc(s->o->nreaders * PARENT_SLOTS, sizeof(uint64_t));
    ph.simpler = calloc(PARENT_SLOTS, sizeof *ph.simpler);
    if (ph.parents == NULL || ph.parent_sigs == NULL || ph.simpler == NULL ||
        pthread_mutex_init(&ph.lock, NULL) != 0) {
        free(ph.parents);
        free(ph.parent_sigs);
        free(ph.simpler);
        return TG_INTERNAL;
    }
    size_t batch = 4 * (size_t)s->o->jobs;
    int r = 0;
    s->made = 0;
    while (r == 0 && !s->failed && !ph.ended && !or_stop &&
           (m->deadline == 0 || or_seconds() < m->deadline)) {
        if (tgCli_parallel(batch, s->o->jobs, make_and_run, ran, &ph) != 0)
            r = TG_INTERNAL;
        s->made += batch;
    }
    pthread_mutex_destroy(&ph.lock);
    free(ph.parents);
    free(ph.parent_sigs);
    for (size_t i = 0; i < PARENT_SLOTS; i++)
        or_simpler_free(ph.simpler[i]);
    free(ph.simpler);
    return r ? r : s->failed ? TG_IO_ERROR : 0;
}
