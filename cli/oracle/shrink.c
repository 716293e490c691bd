/* shrink.c - the smallest file that still shows a defect: delta
 * debugging (Zeller's ddmin), first over the format's pieces (its records,
 * blocks or objects, which keep the rest framed when one goes whole:
 * tg_format_pieces(), joined again by tg_format_join()), then over bytes.  A smaller candidate is kept only
 * if tracegate still
 * judges it as it judged the original (the same rule broken, or still
 * valid) and it breaks no MUST rule the original did not, so the shrink
 * stays within the rule's mutation and cannot wander into another rule's
 * defect, and if the reader still misbehaves
 * in the same class with the same message.  Judging costs microseconds
 * and comes first; each reader run counts against the budget. */
#include <stdlib.h>
#include <string.h>

#include "oracle.h"

/* What ddmin removes: the format's pieces, or single bytes. */
enum cut { CUT_PIECES, CUT_BYTES };

typedef struct trial {
    const or_probe *p;
    or_class cls;
    const char *sig;
    const or_judgement *want;
    or_case cs; /* the case, its rule the one to keep broken */
    char rule[32];
    unsigned budget; /* reader runs left */
    unsigned tries;  /* candidates left to judge: big binary files give
                        many that tracegate turns down, each a check */
} trial;

/* Whether the candidate still shows the defect. */
static int still_fails(trial *t, const unsigned char *data, size_t n)
{
    or_judgement j;
    if (t->tries == 0)
        return 0;
    t->tries--;
    or_judge(&t->cs, data, n, &j);
    if (j.expect != t->want->expect || strcmp(j.rule, t->want->rule) != 0 ||
        !or_judge_within(&j, t->want))
        return 0;
    if (t->budget == 0 || or_stop || or_seconds() > t->p->deadline ||
        or_write_bytes(t->p->candidate, data, n) != 0)
        return 0;
    t->budget--;
    or_run r;
    if (or_run_reader(t->p->command, t->p->candidate, t->p->scratch_dir,
                      t->p->lim, &r) != 0 ||
        r.interrupted)
        return 0;
    tgCli_progress_say("oracle: shrinking a %s, now %zu bytes",
                       or_class_name(t->cls), n);
    char why[320], sig[160];
    if (or_classify(t->p->pat, &r, &j, why, sizeof why) != t->cls)
        return 0;
    or_signature(why, sig, sizeof sig);
    return strcmp(sig, t->sig) == 0;
}

/* Where each unit of data starts, and its end: the format's pieces, or
 * every byte.  @return the count of units, or 0 (no memory: stop). */
static size_t unit_starts(const unsigned char *data, size_t n, enum cut how,
                          const char *format, size_t **at)
{
    size_t u = 0;
    *at = malloc((n + 1) * sizeof **at);
    if (*at == NULL)
        return 0;
    if (how == CUT_PIECES)
        u = tg_format_pieces(format, data, n, *at, n);
    else
        for (size_t i = 0; i < n; i++)
            (*at)[u++] = i;
    (*at)[u] = n;
    return u;
}

/* The n bytes of data without units k to last - 1, into cand: pieces
 * joined as the format frames them (tg_format_join()), bytes as they
 * are.  @return the size. */
static size_t without(const unsigned char *data, size_t n, const size_t *at,
                      size_t u, size_t k, size_t last, enum cut how,
                      const char *format, tg_piece *list, unsigned char *cand)
{
    size_t from = at[k], cut = at[last] - at[k];
    if (how == CUT_BYTES) {
        memcpy(cand, data, from);
        memcpy(cand + from, data + from + cut, n - from - cut);
        return n - cut;
    }
    size_t m = 0;
    for (size_t i = 0; i < u; i++)
        if (i < k || i >= last)
            list[m++] = (tg_piece){data + at[i], at[i + 1] - at[i], at[i]};
    return tg_format_join(format, list, m, cand);
}

/* One ddmin pass over the units of *data.  @return the new size. */
static size_t ddmin(trial *t, unsigned char *data, size_t n, enum cut how,
                    const char *format, unsigned char *cand)
{
    size_t *at, u = unit_starts(data, n, how, format, &at);
    tg_piece *list = malloc((u + 1) * sizeof *list);
    size_t parts = 2;
    while (list && u >= 2 && t->budget > 0 && t->tries > 0) {
        size_t chunk = (u + parts - 1) / parts;
        int smaller = 0;
        for (size_t k = 0; k < u && !smaller && t->budget && t->tries;
             k += chunk) {
            size_t last = k + chunk < u ? k + chunk : u;
            size_t m =
                without(data, n, at, u, k, last, how, format, list, cand);
            /* a join may pad what is left: only a smaller file is tried */
            if (m >= n || !still_fails(t, cand, m))
                continue;
            n = m;
            memcpy(data, cand, n);
            free(at); /* the units of what is left, where they now are */
            u = unit_starts(data, n, how, format, &at);
            smaller = 1;
        }
        if (smaller)
            parts = parts > 2 ? parts - 1 : 2;
        else if (parts >= u)
            break;
        else
            parts = parts * 2 < u ? parts * 2 : u;
    }
    free(at);
    free(list);
    return n;
}

/* A trial of the defect (cls, sig) of a file judged j. */
static void trial_init(trial *t, const or_probe *p, or_class cls,
                       const char *sig, const or_judgement *j, unsigned budget)
{
    *t = (trial){p, cls, sig, j, *p->cs, "", budget, budget * 16};
    memcpy(t->rule, j->rule, sizeof t->rule);
    t->cs.rule = t->rule[0] ? t->rule : NULL;
}

int or_reproduces(const or_probe *p, or_class cls, const char *sig,
                  const or_judgement *j, const unsigned char *data, size_t n)
{
    trial t;
    trial_init(&t, p, cls, sig, j, 1);
    return still_fails(&t, data, n);
}

size_t or_shrink(const or_probe *p, or_class cls, const char *sig,
                 const or_judgement *j, unsigned char *data, size_t n,
                 unsigned budget)
{
    trial t;
    trial_init(&t, p, cls, sig, j, budget);
    /* a join may pad each piece by 3 before the size is compared */
    unsigned char *cand = malloc(4 * n + 4);
    if (cand == NULL)
        return n;
    /* whole pieces first (none for an input of no known format) */
    const char *how = NULL;
    const char *f = p->cs->format ? p->cs->format : tg_detect(data, n, &how);
    if (f)
        n = ddmin(&t, data, n, CUT_PIECES, f, cand);
    n = ddmin(&t, data, n, CUT_BYTES, f, cand);
    free(cand);
    return n;
}

or_limits or_quick_limits(const or_limits *lim, or_class cls)
{
    or_limits quick = *lim;
    if (cls == OR_HANG)
        quick.timeout = quick.timeout / OR_HANG_SHRINK_SPEEDUP > 0.25
                            ? quick.timeout / OR_HANG_SHRINK_SPEEDUP
                            : 0.25;
    return quick;
}
