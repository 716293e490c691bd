/* judge.c - what a strict, correct reader must do with a file, as
 * tracegate decides it now.  The manifest's label is not trusted on its
 * own: a corpus written by another version of tracegate, or a file
 * shrunk or fuzzed here, is judged by checking it. */
#include <string.h>

#include "oracle.h"

typedef struct seen {
    or_judgement *j;  /* where the MUST rules go, or NULL   */
    const char *want; /* a rule to look for, or NULL        */
    int has_want;
    uint64_t findings;    /* findings in all                     */
    uint64_t spec_must;   /* of rules the spec makes MUST        */
    char first_must[32];  /* the first MUST finding's rule       */
    char first_other[32]; /* the first finding below MUST        */
} seen;

static void on_diag(void *ctx, const tg_diag *d)
{
    seen *s = ctx;
    const char *id = tg_rule_id(d->rule);
    if (s->want && strcmp(id, s->want) == 0)
        s->has_want = 1;
    /* a compat profile counts COMPAT rules as MUST: the files are legal */
    s->findings++;
    if (tg_rule_verdict(d->rule) != TG_CONFORMANT)
        s->spec_must++;
    if (s->j && d->level == TG_MUST) {
        size_t k = 0;
        while (k < s->j->nmust && k < 8 && s->j->must[k] != d->rule)
            k++;
        if (k == s->j->nmust && k < 9)
            s->j->nmust++;
        if (k < 8)
            s->j->must[k] = d->rule;
    }
    char *slot = d->level == TG_MUST ? s->first_must : s->first_other;
    if (slot[0] == '\0')
        snprintf(slot, sizeof s->first_must, "%s", id);
}

/* Check the bytes under the case's format and profile.  @return the
 * verdict, or -1 if no checker could be made. */
static int check(const or_case *c, const unsigned char *data, size_t n,
                 seen *s, or_judgement *j)
{
    tg_checker *k;
    if (tg_checker_open(&k) != TG_OK)
        return -1;
    if ((c->format && tg_checker_set_format(k, c->format) != TG_OK) ||
        (c->profile && tg_checker_set_profile(k, c->profile) != TG_OK)) {
        tg_checker_free(k);
        return -1;
    }
    int v =
        (int)tg_checker_check_buffer(k, data, n, c->path, NULL, on_diag, s);
    const char *f = tg_checker_format(k), *version = tg_checker_version(k);
    snprintf(j->format, sizeof j->format, "%s", f ? f : "");
    snprintf(j->version, sizeof j->version, "%s", version ? version : "");
    tg_checker_free(k);
    return v;
}

void or_judge(const or_case *c, const unsigned char *data, size_t n,
              or_judgement *j)
{
    memset(j, 0, sizeof *j);
    seen s = {.j = j, .want = c->rule};
    j->verdict = check(c, data, n, &s, j);
    j->expect = j->verdict < 0 ? TG_DUTY_UNDECIDED
                               : tg_reader_duty((tg_verdict)j->verdict,
                                                s.findings, s.spec_must);
    const char *rule = s.has_want        ? c->rule
                       : s.first_must[0] ? s.first_must
                                         : s.first_other;
    snprintf(j->rule, sizeof j->rule, "%s", rule);
}

int or_judge_within(const or_judgement *a, const or_judgement *b)
{
    if (a->nmust > 8)
        return 0;
    for (size_t i = 0; i < a->nmust; i++) {
        size_t k = 0;
        while (k < b->nmust && k < 8 && b->must[k] != a->must[i])
            k++;
        if (k == b->nmust || k == 8)
            return 0;
    }
    return 1;
}
