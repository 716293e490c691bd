/* lex.c - lines and fields of a TraceLog file.
 *
 * A line ends at its first LF or CR: a quoted name holds neither
 * (spec/tracelog.md TL-A8), so quotes never hide a line end.  The
 * index marks LF, CR and the tab (a separator TL-LIN-005 forbids, so
 * fields are cut at it too), and its separator map holds the spaces.  CRLF is
 * one line end, a CR alone is TL-LIN-002 and ends the line as the writer
 * meant it.  A line longer than --max-block is a limit of the checker
 * (TL-LIM-002), never a violation.  Line ends, quotes, spaces and bytes
 * above 0x7F come from the text index (core/textindex.h). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* ---- where things are ------------------------------------------------ */

static uint64_t column_of(const tl_check *k, uint64_t at)
{
    size_t end = (size_t)(at - k->at);
    size_t in = end < k->n ? end : k->n;
    uint64_t col = k->column;
    for (size_t i = 0; i < in; i++)
        col += (k->p[i] & 0xC0) != 0x80; /* code points, not bytes */
    return col + (end - in);
}

tl_site tl_site_of(const tl_check *k, uint64_t at, uint64_t len)
{
    tl_site s;
    s.at = at;
    s.line = k->line;
    s.record = k->record;
    uint64_t col = column_of(k, at);
    s.column = (uint32_t)(col > UINT32_MAX ? UINT32_MAX : col);
    s.len = (uint32_t)(len > UINT32_MAX ? UINT32_MAX : len);
    s.rec = (int16_t)k->rec;
    s.field = (int16_t)k->field;
    s.part = (int16_t)k->part;
    return s;
}

/* "/record[N]{tag}/field[F]/part[P]", as far as they are known (-1:
 * not). */
static const char *path_of(char *buf, size_t cap, uint64_t record, int rec,
                           int field, int part)
{
    int o = snprintf(buf, cap, "/record[%" PRIu64 "]", record);
    if (rec >= 0)
        o += snprintf(buf + o, cap - (size_t)o, "{%s}", tl_records[rec].tag);
    if (field >= 0)
        o += snprintf(buf + o, cap - (size_t)o, "/field[%d]", field);
    if (part >= 0)
        snprintf(buf + o, cap - (size_t)o, "/part[%d]", part);
    return buf;
}

/* Whether a finding of rule is not to be reported now: the rule is off,
 * or the line is read quietly. */
static int held(tl_check *k, size_t rule)
{
    return !tgEngine_active(k->c, rule) || k->quiet;
}

void tl_cut(tl_check *k)
{
    int field = k->field, part = k->part;
    k->field = k->part = -1; /* the line's, not a field's */
    tl_report(k, TL_CUT, k->at, k->n, "a complete last line, or a line end",
              "an incomplete line at the end of the input");
    k->field = field;
    k->part = part;
    k->cut = 1;
    k->quiet = 1;
}

int64_t tl_report(tl_check *k, size_t rule, uint64_t at, uint64_t len,
                  const char *exp, const char *found)
{
    if (held(k, rule))
        return -1;
    tgEngine_site site = {at, len, 0, 0, "", -1};
    if (tgEngine_capped(k->c, rule)) /* only counted: no text to make */
        return tgEngine_report(k->c, rule, &site, NULL, NULL);
    site.line = k->line;
    site.column = column_of(k, at);
    site.path =
        path_of(k->path, sizeof k->path, k->record, k->rec, k->field, k->part);
    return tgEngine_report(k->c, rule, &site, exp, found);
}

int64_t tl_report_site(tl_check *k, size_t rule, const tl_site *s,
                       const char *exp, const char *found)
{
    if (!tgEngine_active(k->c, rule))
        return -1;
    char path[96];
    tgEngine_site site = {s->at, s->len, s->line, s->column, NULL, -1};
    if (!tgEngine_capped(k->c, rule)) /* only counted: no path to make */
        site.path =
            path_of(path, sizeof path, s->record, s->rec, s->field, s->part);
    return tgEngine_report(k->c, rule, &site, exp, found);
}

int64_t tl_report_val(tl_check *k, size_t rule, const tl_val *v,
                      const char *exp, const char *found)
{
    int field = k->field, part = k->part;
    k->field = v->field;
    k->part = v->part;
    int64_t r = tl_report(k, rule, v->at, v->n, exp, found);
    k->field = field;
    k->part = part;
    return r;
}

void tl_limit(tl_check *k, const char *what)
{
    if (!k->tracking)
        return;
    char exp[96];
    int quiet = k->quiet;
    k->quiet = 0; /* a limit is said whatever the line */
    tl_report(k, TL_LIMIT_LIVE, k->at, 0,
              tgEngine_limit_text(k->c, TG_LIMIT_LIVE_OBJECTS, what, exp,
                                  sizeof exp),
              "one more");
    k->quiet = quiet;
    k->tracking = 0;
}

/* ---- framing --------------------------------------------------------- */

/* The first LF or CR of the n bytes at p (input offset at), n if there
 * is none, SIZE_MAX if the index cannot grow to hold them; k->tabs says
 * whether a tab came before it. */
static size_t line_end(tl_check *k, const unsigned char *p, uint64_t at,
                       size_t n)
{
    tgTextindex_scan marks;
    tgTextindex_scan_start(&marks, &k->index, TG_TEXTINDEX_MARKS, p, at, 0, n);
    k->tabs = 0;
    for (;;) {
        size_t m = tgTextindex_scan_next(&marks);
        if (m >= n || p[m] != '\t')
            return m;
        k->tabs = 1;
    }
}

static void too_long(tl_check *k, const char *found)
{
    char exp[96];
    k->n = 0;
    tl_report(k, TL_LIMIT_LINE, k->at, k->w->max_need,
              tgEngine_limit_text(k->c, TG_LIMIT_BLOCK_BYTES, "bytes per line",
                                  exp, sizeof exp),
              found);
    k->stop = 1;
}

/* Past the line read last, if any: its line end moves line:column on. */
static void past_line(tl_check *k)
{
    if (k->p == NULL)
        return;
    if (k->bare_cr) {
        k->column = column_of(k, k->at + k->n + 1);
    } else {
        k->line++;
        k->column = 1;
    }
    k->record++;
}

/* The new line: no finding held back, and no CR alone ends it yet. */
static void line_fresh(tl_check *k)
{
    k->quiet = 0;
    k->unended = 0;
    k->bare_cr = 0;
}

/* flatten: tl_line() and what it calls are inlined here where the
 * compiler sees them (LTO), so a line costs one call, to its record's
 * reader (records.c) */
__attribute__((flatten)) void tl_plain_lines(tl_check *k)
{
    tgWindow *w = k->w;
    const unsigned char *p = tgWindow_ptr(w);
    uint64_t at = tgWindow_offset(w);
    size_t have = tgTextindex_have(&k->index, at), avail = w->end - w->pos;
    size_t b = (size_t)(at - k->index.base), s = b; /* bits of p[0], a line */
    tgTextindex_walk marks; /* what ends each line, in what the index holds */
    tgTextindex_walk_start(&marks, k->index.map[TG_TEXTINDEX_MARKS], b,
                           b + (have < avail ? have : avail));
    for (int first = 1; !k->stop; first = 0) {
        size_t e = tgTextindex_walk_next(&marks); /* the line is bits [s, e) */
        if (e == marks.to || p[e - b] != '\n' || e - s >= w->max_need)
            return; /* the general way: a CR, a tab, the index's end */
        past_line(k);
        if (first) { /* what tl_frame() sets, the same for every line here */
            line_fresh(k);
            k->term = 1;
            k->tabs = 0;
            k->eol_seen |= 1;
        }
        k->p = p + (s - b);
        k->n = e - s;
        k->at = at + (s - b);
        k->bit = s;
        tgWindow_consume(w, e - s + 1);
        tl_line(k);
        s = e + 1;
    }
}

int tl_frame(tl_check *k)
{
    tgWindow *w = k->w;
    past_line(k);
    size_t avail = tgWindow_fill(w, 1);
    if (avail == 0)
        return 0;
    size_t lim = w->max_need;
    k->at = tgWindow_offset(w);
    k->rec = -1;
    k->field = k->part = -1;
    line_fresh(k);
    size_t m;
    for (;;) {
        /* a line longer than the limit is one as soon as the bytes show
         * it: no more than one byte past it is looked at */
        size_t look = avail <= lim ? avail : lim + 1;
        int last = w->eof || avail >= lim;
        m = line_end(k, tgWindow_ptr(w), k->at, look);
        if (m == SIZE_MAX) {
            k->p = tgWindow_ptr(w);
            too_long(k, "no memory to index a line this long");
            return 0;
        }
        /* a CR last may be half of a CRLF */
        if ((m < look && (tgWindow_ptr(w)[m] == '\n' || m + 1 < look)) || last)
            break;
        size_t got = tgWindow_fill(w, avail < lim - avail ? 2 * avail : lim);
        if (got <= avail && !w->eof) {
            k->p = tgWindow_ptr(w);
            too_long(k, "no memory to read a line this long");
            return 0;
        }
        avail = got;
    }
    const unsigned char *p = tgWindow_ptr(w);
    size_t look = avail <= lim ? avail : lim + 1;
    k->p = p;
    k->n = m < look ? m : look;
    k->bit = (size_t)(k->at - k->index.base);
    k->term = 0;
    int cut_cr = 0;
    if (m < look && p[m] == '\n') {
        k->term = 1;
        k->eol_seen |= 1;
    } else if (m < look && m + 1 < look && p[m + 1] == '\n') {
        k->term = 2;
        k->eol_seen |= 2;
    } else if (m < look && m + 1 < look) {
        k->term = 1;
        k->bare_cr = 1;
    } else if (m < look) {
        cut_cr = 1; /* the input ends with a CR */
    }
    if (k->n + k->term > lim || (m >= look && !w->eof)) {
        too_long(k, "a longer line");
        return 0;
    }
    if (k->bare_cr)
        tl_report(k, TL_LINE_BARE_CR, k->at + k->n, 1, "LF or CRLF",
                  "CR alone");
    if (cut_cr) {
        tl_report(k, TL_CUT, k->at + k->n, 1, "CRLF",
                  "the input ends after the CR");
        k->term = 1; /* consumed with the line; the line itself is read */
    } else if (k->term == 0) {
        /* a last line without a line end: if it lacks what its record
         * needs, the file was cut inside it (T-1) */
        k->unended = 1;
    }
    tgWindow_consume(w, k->n + k->term);
    return 1;
}

/* ---- fields ---------------------------------------------------------- */

static int is_sep(unsigned char b) { return b == ' ' || b == '\t'; }

int tl_field_start(tl_check *k, size_t *s)
{
    size_t i = k->cur;
    if (i >= k->n)
        return 0;
    /* the byte before i ended the field before (or the tag): it is to be
     * one space, and no blank may follow it (TL-LIN-005) */
    if (k->p[i - 1] == '\t' || is_sep(k->p[i])) {
        size_t j = i;
        while (j < k->n && is_sep(k->p[j]))
            j++;
        int tab = k->p[i - 1] == '\t' || memchr(k->p + i, '\t', j - i);
        tl_report(k, TL_LINE_SEPARATOR, k->at + i - 1, j - i + 1, "one space",
                  j == k->n ? "blanks at the end of the line"
                  : tab     ? "a tab"
                            : "more than one space");
        k->cur = j;
        if (j == k->n)
            return 0;
        i = j;
    }
    *s = i;
    return 1;
}

size_t tl_field_end(tl_check *k, size_t s)
{
    size_t b = k->bit, end = b + k->n;
    size_t sp =
        tgTextindex_next(k->index.map[TG_TEXTINDEX_SEPS], b + s, end) - b;
    if (k->tabs) { /* a tab ends a field too */
        size_t tab =
            tgTextindex_next(k->index.map[TG_TEXTINDEX_MARKS], b + s, end) - b;
        sp = tab < sp ? tab : sp;
    }
    tl_field_past(k, sp);
    return sp;
}

void tl_field_past(tl_check *k, size_t e)
{
    k->cur = e + 1;
    if (e + 1 == k->n) {
        tl_report(k, TL_LINE_SEPARATOR, k->at + e, 1, "the line end",
                  k->p[e] == ' ' ? "a space at the end of the line"
                                 : "a tab at the end of the line");
        k->cur = k->n;
    }
}

int tl_next_field(tl_check *k, size_t *s, size_t *e)
{
    if (!tl_field_start(k, s))
        return 0;
    *e = tl_field_end(k, *s);
    return 1;
}
