/* at.c - `show --at`: the part that owns an offset (the deepest that
 * holds it: parts come before the parts they hold) or, in a text format,
 * a line (the last that starts on it or before it). */
#include <stdio.h>
#include <string.h>

#include "show.h"

void show_at_init(show_at *a, uint64_t want)
{
    memset(a, 0, sizeof *a);
    a->want = want;
}

static void take(struct show_owner *o, const tg_node *n)
{
    o->found = 1;
    o->depth = n->depth;
    o->offset = n->offset;
    o->length = n->length;
    o->line = n->line;
    snprintf(o->kind, sizeof o->kind, "%s", n->kind);
    snprintf(o->path, sizeof o->path, "%s", n->path);
    snprintf(o->label, sizeof o->label, "%s", n->label);
}

void show_at_node(show_at *a, const tg_node *n)
{
    uint64_t w = a->want;
    if (w >= n->offset && (w - n->offset < n->length || w == n->offset))
        take(&a->by_offset, n);
    if (n->line && n->line <= w) /* later parts start later, or are held */
        take(&a->by_line, n);
}

const struct show_owner *show_at_owner(const show_at *a, int text)
{
    return text ? &a->by_line : &a->by_offset;
}
