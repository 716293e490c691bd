/* show.c - the parts of a TraceLog file, for tg_checker_set_node_fn(): each line,
 * with its timestamp and thread where its record has them, and the
 * samples grouped by thread.  The line is split here on its own, before
 * the check reads it, so that its findings follow it; the split never
 * reports (the check does). */
#include <inttypes.h>
#include <stdio.h>

#include "check.h"

/* The item after *i in p[0..n) (a quoted one to its closing quote):
 * its bytes [*s, *e), *i past it and its space.  @return 0 at the end. */
static int next_item(const unsigned char *p, size_t n, size_t *i, size_t *s,
                     size_t *e)
{
    if (*i >= n)
        return 0;
    size_t j = *s = *i;
    if (p[j] == '"') {
        j++;
        while (j < n && p[j] != '"')
            j++;
        j += j < n;
    }
    while (j < n && p[j] != ' ')
        j++;
    *e = j;
    *i = j + 1;
    return 1;
}

/* The number p[0..n): decimal, or hexadecimal after 0x.  @return 0 if it
 * is neither, or too long. */
static int number(const unsigned char *p, size_t n, uint64_t *out)
{
    int hex = n > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
    size_t i = hex ? 2 : 0;
    uint64_t v = 0;
    if (n == i || n - i > (hex ? 16u : 18u))
        return 0;
    for (; i < n; i++) {
        unsigned c = p[i], d;
        if (c - '0' < 10)
            d = c - '0';
        else if (hex && (c | 0x20) - 'a' < 6)
            d = (c | 0x20) - 'a' + 10;
        else
            return 0;
        v = v * (hex ? 16 : 10) + d;
    }
    *out = v;
    return 1;
}

void tl_show_line(tl_check *k, int r)
{
    char kind[TL_TAG_LEN + 8], path[48], label[112], group[24] = "";
    snprintf(kind, sizeof kind, "%s", r >= 0 ? tl_records[r].tag : "line");
    if (r >= 0)
        snprintf(path, sizeof path, "/record[%" PRIu64 "]{%s}", k->record,
                 tl_records[r].tag);
    else
        snprintf(path, sizeof path, "/record[%" PRIu64 "]", k->record);
    size_t from = r >= 0 ? TL_TAG_LEN + 1 : 0;
    if (from > k->n)
        from = k->n;
    size_t len = k->n - from;
    snprintf(label, sizeof label, "%.*s%s", (int)(len < 100 ? len : 100),
             (const char *)k->p + from, len > 100 ? "..." : "");
    tg_node n = {0, kind, path, k->at, k->n, k->line, label, group, 0, 0, 0};
    /* the first timestamp and the first thread of the fixed items; a
     * thr or sam record's first iid is its thread */
    const tl_record_info *ri = r >= 0 ? &tl_records[r] : NULL;
    int threads = ri && (memcmp(ri->tag, "thr ", 4) == 0 ||
                         memcmp(ri->tag, "sam ", 4) == 0);
    size_t i = from, s, e;
    uint64_t v;
    for (unsigned f = 0;
         ri && f < ri->nfixed && next_item(k->p, k->n, &i, &s, &e); f++) {
        int item = ri->fixed[f];
        if (item == TL_I_MS && !(n.has & TG_NODE_TIME) &&
            number(k->p + s, e - s, &v) && v <= INT64_MAX) {
            n.has |= TG_NODE_TIME;
            n.time = (int64_t)v;
        }
        if ((item == TL_I_THREAD || (item == TL_I_IID && threads)) &&
            !(n.has & TG_NODE_THREAD) && number(k->p + s, e - s, &v)) {
            n.has |= TG_NODE_THREAD;
            n.thread = v;
        }
    }
    /* the samples per thread: the statistics' groups */
    if ((n.has & TG_NODE_THREAD) && memcmp(kind, "sam ", 4) == 0)
        snprintf(group, sizeof group, "%" PRIu64, n.thread);
    tgEngine_node(k->c, &n);
}
