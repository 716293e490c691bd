/* tree.c - which parts `show` prints: those to --depth, each with the
 * findings that fall in it; the parts below a shown part at the last
 * shown depth are summed, one summary per run of them, so that memory
 * and output stay bounded whatever the input holds. */
#include <string.h>

#include "show.h"

void show_tree_init(show_tree *t, unsigned max_depth, const show_sink *sink)
{
    memset(t, 0, sizeof *t);
    t->max_depth = max_depth < SHOW_MAX_DEPTH ? max_depth : SHOW_MAX_DEPTH;
    t->sink = *sink;
}

/* The depth of a finding at offset: below the part read last, if it
 * holds the offset (with that part's summary, if it is not shown), else
 * below the last shown part that holds it. */
static unsigned depth_at(const show_tree *t, uint64_t offset)
{
    if (offset >= t->last_offset && offset <= t->last_end)
        return t->nopen; /* below the shown part, or at its summary */
    unsigned d = t->nopen;
    while (d > 0 &&
           !(offset >= t->open[d - 1].offset && offset <= t->open[d - 1].end))
        d--;
    return d;
}

static void flush(show_tree *t)
{
    if (t->pending.count == 0)
        return;
    t->sink.summary(t->sink.ctx, t->nopen, &t->pending);
    memset(&t->pending, 0, sizeof t->pending);
}

static void sum(show_summary *s, const tg_node *n)
{
    if (s->count++ == 0) {
        s->offset = n->offset;
        s->line = n->line;
    }
    if (n->offset + n->length > s->end)
        s->end = n->offset + n->length;
    unsigned i = 0;
    while (i < s->nkinds && strcmp(s->kinds[i].kind, n->kind) != 0)
        i++;
    if (i == s->nkinds && s->nkinds < SHOW_SUMMARY_KINDS) {
        s->nkinds++;
        strncpy(s->kinds[i].kind, n->kind, sizeof s->kinds[i].kind - 1);
    }
    if (i < s->nkinds)
        s->kinds[i].n++;
    else
        s->other_kinds++;
    if (n->has & TG_NODE_TIME)
        show_span_add(&s->time, n->time);
    if (n->has & TG_NODE_THREAD) {
        unsigned j = 0;
        while (j < s->nthreads && s->threads[j] != n->thread)
            j++;
        if (j == s->nthreads) {
            if (s->nthreads < SHOW_SUMMARY_THREADS)
                s->threads[s->nthreads++] = n->thread;
            else
                s->more_threads = 1;
        }
    }
}

void show_tree_node(show_tree *t, const tg_node *n)
{
    unsigned depth = n->depth < SHOW_MAX_DEPTH ? n->depth : SHOW_MAX_DEPTH;
    t->last_offset = n->offset;
    t->last_end = n->offset + n->length;
    if (depth > t->max_depth) {
        sum(&t->pending, n);
        return;
    }
    flush(t);
    t->nopen = depth + 1;
    t->open[depth].offset = n->offset;
    t->open[depth].end = n->offset + n->length;
    t->sink.node(t->sink.ctx, n);
}

void show_tree_diag(show_tree *t, const tg_diag *d)
{
    unsigned depth = depth_at(t, d->offset);
    flush(t);
    t->sink.finding(t->sink.ctx, depth, d);
}

void show_tree_end(show_tree *t) { flush(t); }
