/* json.c - `show --report json` (spec/show.schema.json): the parts,
 * summaries and findings as one array, streamed, then the statistics. */
#include <inttypes.h>

#include "escape.h"
#include "finding.h"
#include "outline.h"
#include "write.h"

/* Each entry of "parts" after the first begins with a comma. */
static void next(show_json_state *j)
{
    if (j->any)
        fputc(',', j->o);
    j->any = 1;
}

static void json_node(void *ctx, const tg_node *n)
{
    show_json_state *j = ctx;
    FILE *o = j->o;
    next(j);
    fprintf(o, "{\"type\":\"part\",\"depth\":%u,\"kind\":", n->depth);
    tgEscape_json(o, n->kind);
    fputs(",\"path\":", o);
    tgEscape_json(o, n->path);
    fprintf(o, ",\"offset\":%" PRIu64 ",\"length\":%" PRIu64, n->offset,
            n->length);
    if (n->line)
        fprintf(o, ",\"line\":%" PRIu64, n->line);
    else
        fputs(",\"line\":null", o);
    fputs(",\"label\":", o);
    tgEscape_json(o, n->label);
    fputs(",\"group\":", o);
    tgEscape_json(o, n->group);
    if (n->has & TG_NODE_TIME)
        fprintf(o, ",\"time\":%" PRId64, n->time);
    else
        fputs(",\"time\":null", o);
    if (n->has & TG_NODE_THREAD)
        fprintf(o, ",\"thread\":%" PRIu64 "}", n->thread);
    else
        fputs(",\"thread\":null}", o);
}

static void json_summary(void *ctx, unsigned depth, const show_summary *s)
{
    show_json_state *j = ctx;
    FILE *o = j->o;
    next(j);
    fprintf(o,
            "{\"type\":\"summary\",\"depth\":%u,\"count\":%" PRIu64
            ",\"offset\":%" PRIu64 ",\"end\":%" PRIu64 ",\"kinds\":{",
            depth, s->count, s->offset, s->end);
    for (unsigned i = 0; i < s->nkinds; i++) {
        if (i)
            fputc(',', o);
        tgEscape_json(o, s->kinds[i].kind);
        fprintf(o, ":%" PRIu64, s->kinds[i].n);
    }
    fprintf(o, "},\"other_kinds\":%" PRIu64 ",\"threads\":[", s->other_kinds);
    for (unsigned i = 0; i < s->nthreads; i++)
        fprintf(o, "%s%" PRIu64, i ? "," : "", s->threads[i]);
    fprintf(o, "],\"more_threads\":%s", s->more_threads ? "true" : "false");
    if (s->time.has)
        fprintf(o, ",\"time\":[%" PRId64 ",%" PRId64 "]}", s->time.min,
                s->time.max);
    else
        fputs(",\"time\":null}", o);
}

static void json_finding(void *ctx, unsigned depth, const tg_diag *d)
{
    show_json_state *j = ctx;
    next(j);
    fprintf(j->o, "{\"type\":\"finding\",\"depth\":%u,\"finding\":", depth);
    tgReport_json_finding(j->o, d);
    fputc('}', j->o);
}

const show_sink show_json_sink = {json_node, json_summary, json_finding, NULL};

static void table(FILE *o, const char *key, const show_table *t)
{
    fprintf(o, ",\"%s\":{\"counts\":[", key);
    show_count **c = show_stats_sorted(t);
    for (size_t i = 0; c && i < t->used; i++) {
        fputs(i ? ",[" : "[", o);
        tgEscape_json(o, c[i]->key);
        fprintf(o, ",%" PRIu64 "]", c[i]->n);
    }
    free(c);
    fprintf(o, "],\"other\":%" PRIu64 "}", t->other);
}

void show_stats_json(FILE *o, const show_stats *s)
{
    fprintf(o, "{\"parts\":%" PRIu64, s->parts);
    table(o, "kinds", &s->kinds);
    table(o, "groups", &s->groups);
    table(o, "threads", &s->threads);
    if (s->time.has)
        fprintf(o, ",\"time\":[%" PRId64 ",%" PRId64 "]}", s->time.min,
                s->time.max);
    else
        fputs(",\"time\":null}", o);
}

void show_dump_json(FILE *o, const show_dump *d)
{
    if (d->text) {
        fputs("{\"line\":", o);
        tgEscape_json(o, d->line);
        fprintf(o,
                ",\"mark_at\":%zu,\"mark_length\":%zu,\"cut_before\":%s,"
                "\"cut_after\":%s}",
                d->mark_at, d->mark_len, d->cut_before ? "true" : "false",
                d->cut_after ? "true" : "false");
        return;
    }
    fputs("{\"rows\":[", o);
    for (unsigned r = 0; r < d->nrows; r++) {
        fprintf(o, "%s{\"offset\":%" PRIu64 ",\"hex\":\"", r ? "," : "",
                d->rows[r].offset);
        for (unsigned i = 0; i < d->rows[r].n; i++)
            fprintf(o, "%02x", d->rows[r].b[i]);
        fprintf(o, "\",\"marked\":%u}", (unsigned)d->rows[r].marked);
    }
    fputs("]}", o);
}

void show_outline_json(FILE *o, const show_outline *ol)
{
    static const char *const type[] = {"part", "summary", "finding"};
    fputs("{\"entries\":[", o);
    for (size_t i = 0; i < ol->n; i++) {
        const show_entry *e = &ol->e[i];
        fprintf(o,
                "%s{\"type\":\"%s\",\"depth\":%u,\"offset\":%" PRIu64
                ",\"length\":%" PRIu64 ",\"line\":%" PRIu64
                ",\"open\":%s,\"seq\":%" PRIu64,
                i ? "," : "", type[e->type], e->depth, e->offset, e->length,
                e->line, e->open ? "true" : "false", e->seq);
        tgEscape_json_member(o, "kind", e->kind);
        tgEscape_json_member(o, "label", e->label);
        tgEscape_json_member(o, "path", e->path);
        fputc('}', o);
    }
    fprintf(o, "],\"dropped\":%" PRIu64 "}", ol->dropped);
}
