/* outline.c - a file's parts kept for a report that shows them whole
 * (the HTML report): the tree of tree.c to a depth, as entries in input
 * order, each part marked open when a finding falls in it, and the
 * statistics.  SHOW_OUTLINE_ENTRIES entries at most are kept; the rest
 * are counted, so a report of any file stays small. */
#define _GNU_SOURCE /* open_memstream */
#include <stdlib.h>
#include <string.h>

#include "outline.h"
#include "write.h"

/* A copy of s, cut to SHOW_OUTLINE_TEXT bytes (never in a character). */
static char *copy(const char *s)
{
    size_t n = strlen(s);
    if (n > SHOW_OUTLINE_TEXT) {
        n = SHOW_OUTLINE_TEXT;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    }
    char *c = malloc(n + 1);
    if (c) {
        memcpy(c, s, n);
        c[n] = 0;
    }
    return c;
}

static show_entry *add(show_outline *o, int type, unsigned depth)
{
    if (o->n == SHOW_OUTLINE_ENTRIES || o->nomem) {
        o->dropped++;
        return NULL;
    }
    if (o->n == o->cap) {
        size_t cap = o->cap ? 2 * o->cap : 64;
        show_entry *e = realloc(o->e, cap * sizeof *e);
        if (e == NULL) {
            o->nomem = 1;
            o->dropped++;
            return NULL;
        }
        o->e = e;
        o->cap = cap;
    }
    show_entry *e = &o->e[o->n++];
    memset(e, 0, sizeof *e);
    e->type = type;
    e->depth = depth;
    return e;
}

static void on_part(void *ctx, const tg_node *n)
{
    show_entry *e = add(ctx, SHOW_E_PART, n->depth);
    if (e == NULL)
        return;
    e->offset = n->offset;
    e->length = n->length;
    e->line = n->line;
    e->kind = copy(n->kind);
    e->label = copy(n->label);
    e->path = copy(n->path);
}

static void on_summary(void *ctx, unsigned depth, const show_summary *s)
{
    show_entry *e = add(ctx, SHOW_E_SUMMARY, depth);
    if (e == NULL)
        return;
    e->offset = s->offset;
    e->length = s->end - s->offset;
    e->line = s->line;
    size_t size;
    FILE *f = open_memstream(&e->label, &size);
    if (f) {
        show_summary_text(f, s);
        fclose(f);
    }
}

static void on_finding(void *ctx, unsigned depth, const tg_diag *d)
{
    show_entry *e = add(ctx, SHOW_E_FINDING, depth);
    if (e)
        e->seq = d->seq;
}

show_outline *show_outline_new(unsigned depth)
{
    show_outline *o = calloc(1, sizeof *o);
    if (o == NULL)
        return NULL;
    show_sink sink = {on_part, on_summary, on_finding, o};
    show_tree_init(&o->tree, depth, &sink);
    show_stats_init(&o->stats);
    return o;
}

void show_outline_node(show_outline *o, const tg_node *n)
{
    show_tree_node(&o->tree, n);
    show_stats_add(&o->stats, n);
}

void show_outline_diag(show_outline *o, const tg_diag *d)
{
    show_tree_diag(&o->tree, d);
}

void show_outline_end(show_outline *o)
{
    show_tree_end(&o->tree);
    /* a finding opens the parts that hold it: those before it of each
     * lesser depth, back to depth 0 */
    size_t open[SHOW_MAX_DEPTH + 2];
    unsigned depth = 0;
    for (size_t i = 0; i < o->n; i++) {
        show_entry *e = &o->e[i];
        unsigned d = e->depth < SHOW_MAX_DEPTH ? e->depth : SHOW_MAX_DEPTH;
        if (e->type == SHOW_E_FINDING) {
            for (unsigned k = 0; k < d && k < depth; k++)
                o->e[open[k]].open = 1;
            continue;
        }
        if (e->type == SHOW_E_PART) {
            open[d] = i;
            depth = d + 1;
        }
    }
}

void show_outline_free(show_outline *o)
{
    if (o == NULL)
        return;
    for (size_t i = 0; i < o->n; i++) {
        free(o->e[i].kind);
        free(o->e[i].label);
        free(o->e[i].path);
    }
    free(o->e);
    show_stats_free(&o->stats);
    free(o);
}
