/* stats.c - the statistics of `show`: parts per kind, per group (NetTrace
 * provider and event, AFPerf measurement type, TraceLog thread) and per
 * thread, and the time span.  Each table holds SHOW_STATS_KEYS keys at
 * most, in open addressing (O(1) per part); the parts past them are
 * counted together and the report says so. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "show.h"

#define SLOTS (2 * SHOW_STATS_KEYS)

void show_stats_init(show_stats *s) { memset(s, 0, sizeof *s); }

static uint64_t hash(const char *k)
{
    uint64_t h = 1469598103934665603u; /* FNV-1a 64 */
    while (*k)
        h = (h ^ (unsigned char)*k++) * 1099511628211u;
    return h;
}

static void count(show_table *t, const char *key)
{
    char cut[SHOW_STATS_KEY + 1];
    if (strlen(key) > SHOW_STATS_KEY) {
        memcpy(cut, key, SHOW_STATS_KEY);
        cut[SHOW_STATS_KEY] = 0;
        key = cut;
    }
    if (t->slots == NULL && !t->nomem &&
        (t->slots = calloc(SLOTS, sizeof *t->slots)) == NULL)
        t->nomem = 1;
    if (t->slots == NULL) {
        t->other++;
        return;
    }
    size_t i = (size_t)hash(key) & (SLOTS - 1);
    while (t->slots[i].key && strcmp(t->slots[i].key, key) != 0)
        i = (i + 1) & (SLOTS - 1);
    if (t->slots[i].key == NULL) {
        if (t->used == SHOW_STATS_KEYS ||
            (t->slots[i].key = strdup(key)) == NULL) {
            t->other++;
            return;
        }
        t->used++;
    }
    t->slots[i].n++;
}

void show_stats_add(show_stats *s, const tg_node *n)
{
    s->parts++;
    count(&s->kinds, n->kind);
    if (*n->group)
        count(&s->groups, n->group);
    if (n->has & TG_NODE_THREAD) {
        char id[24];
        snprintf(id, sizeof id, "%" PRIu64, n->thread);
        count(&s->threads, id);
    }
    if (n->has & TG_NODE_TIME)
        show_span_add(&s->time, n->time);
}

static int most_first(const void *a, const void *b)
{
    const show_count *x = *(show_count *const *)a;
    const show_count *y = *(show_count *const *)b;
    if (x->n != y->n)
        return x->n > y->n ? -1 : 1;
    return strcmp(x->key, y->key);
}

show_count **show_stats_sorted(const show_table *t)
{
    if (t->used == 0)
        return NULL;
    show_count **out = malloc(t->used * sizeof *out);
    if (out == NULL)
        return NULL;
    size_t n = 0;
    for (size_t i = 0; i < SLOTS; i++)
        if (t->slots[i].key)
            out[n++] = &t->slots[i];
    qsort(out, n, sizeof *out, most_first);
    return out;
}

static void table_free(show_table *t)
{
    if (t->slots)
        for (size_t i = 0; i < SLOTS; i++)
            free(t->slots[i].key);
    free(t->slots);
}

void show_stats_free(show_stats *s)
{
    table_free(&s->kinds);
    table_free(&s->groups);
    table_free(&s->threads);
}
