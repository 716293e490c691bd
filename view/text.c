/* text.c - `show --report text`: one line per part, indented by depth,
 * the summaries and findings in their places, then the statistics. */
#include <inttypes.h>

#include "escape.h"
#include "finding.h"
#include "write.h"

static void indent(FILE *o, unsigned depth)
{
    for (unsigned i = 0; i < depth; i++)
        fputs("  ", o);
}

static void where(FILE *o, uint64_t offset, uint64_t line)
{
    if (line)
        fprintf(o, "line %" PRIu64, line);
    else
        fprintf(o, "0x%" PRIx64, offset);
}

static void text_node(void *ctx, const tg_node *n)
{
    FILE *o = ctx;
    indent(o, n->depth);
    tgEscape_plain(o, n->kind);
    fputs(" at ", o);
    where(o, n->offset, n->line);
    if (!n->line)
        fprintf(o, ", %" PRIu64 " bytes", n->length);
    if (*n->label) {
        fputs(": ", o);
        tgEscape_plain(o, n->label);
    }
    fputc('\n', o);
}

void show_summary_text(FILE *o, const show_summary *s)
{
    fprintf(o, "%" PRIu64 " part%s not shown: ", s->count,
            s->count == 1 ? "" : "s");
    for (unsigned i = 0; i < s->nkinds; i++) {
        fprintf(o, "%s%" PRIu64 " ", i ? ", " : "", s->kinds[i].n);
        tgEscape_plain(o, s->kinds[i].kind);
    }
    if (s->other_kinds)
        fprintf(o, ", %" PRIu64 " of other kinds", s->other_kinds);
    if (s->nthreads) {
        fputs("; thread", o);
        fputs(s->nthreads > 1 || s->more_threads ? "s " : " ", o);
        for (unsigned i = 0; i < s->nthreads; i++)
            fprintf(o, "%s%" PRIu64, i ? ", " : "", s->threads[i]);
        if (s->more_threads)
            fputs(" and more", o);
    }
    if (s->time.has)
        fprintf(o, "; time %" PRId64 " to %" PRId64, s->time.min, s->time.max);
}

static void text_summary(void *ctx, unsigned depth, const show_summary *s)
{
    FILE *o = ctx;
    indent(o, depth);
    fputs("... ", o);
    show_summary_text(o, s);
    fputs(" (--depth shows them)\n", o);
}

static void text_finding(void *ctx, unsigned depth, const tg_diag *d)
{
    FILE *o = ctx;
    indent(o, depth);
    fprintf(o, "! %s[%s] ", tgReport_severity(d->level), tg_rule_id(d->rule));
    if (d->suppressed) {
        tgReport_capped(o, d);
        return;
    }
    if (d->line)
        fprintf(o, "at %" PRIu64 ":%" PRIu64 ": ", d->line, d->column);
    else
        fprintf(o, "at 0x%" PRIx64 ": ", d->offset);
    char msg[512];
    tgEscape_plain(o, tgReport_message(d, msg, sizeof msg));
    fputc('\n', o);
}

const show_sink show_text_sink = {text_node, text_summary, text_finding, NULL};

static void table(FILE *o, const char *title, const show_table *t)
{
    if (t->used == 0 && t->other == 0)
        return;
    fprintf(o, "  %s:", title);
    show_count **c = show_stats_sorted(t);
    for (size_t i = 0; c && i < t->used; i++) {
        fprintf(o, "%s", i ? ", " : " ");
        tgEscape_plain(o, c[i]->key);
        fprintf(o, " %" PRIu64, c[i]->n);
    }
    free(c);
    if (t->other)
        fprintf(o, "%s%" PRIu64 " more past the first %d keys",
                t->used ? ", " : " ", t->other, SHOW_STATS_KEYS);
    fputc('\n', o);
}

void show_stats_text(FILE *o, const show_stats *s, const char *group)
{
    char title[64];
    snprintf(title, sizeof title, "by %s", group);
    fprintf(o, "statistics: %" PRIu64 " parts\n", s->parts);
    table(o, "by kind", &s->kinds);
    table(o, title, &s->groups);
    table(o, "by thread", &s->threads);
    if (s->time.has)
        fprintf(o, "  time: %" PRId64 " to %" PRId64 "\n", s->time.min,
                s->time.max);
}
