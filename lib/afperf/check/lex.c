/* lex.c - records and fields of an AFPerf file.
 *
 * A record is framed whole in the window before its fields are read: it
 * ends at an LF (or CRLF) outside quotes, at a bare CR outside quotes
 * (AF-REC-001, then read on as the writer meant it), or at the end of the
 * input.  Fields follow RFC 4180: a quote opens a field only as its first
 * byte, "" inside stands for one quote, and a comment record (first byte
 * '#') ends at the physical end of its line whatever quotes it holds
 * (spec/afperf.md AF-A18, AF-A19).  A record longer than --max-block
 * is a limit of the checker (AF-LIM-002), never a violation.  Line ends,
 * quotes, commas and bytes above 0x7F are found through the text index
 * (core/textindex.h), not byte by byte. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/textindex.h"
#include "../../core/unicode.h"
#include "check.h"
#include "../../core/mem.h"

/* ---- where things are ------------------------------------------------ */

void af_where(const af_check *k, uint64_t at, uint64_t *line, uint64_t *column)
{
    size_t end = at - k->rec_at;
    if (end > k->rec_n)
        end = k->rec_n;
    uint64_t l = k->line;
    size_t start = 0;
    if (k->lines_in) /* LFs inside quoted fields */
        for (size_t i = 0; i < end; i++)
            if (k->rec[i] == '\n') {
                l++;
                start = i + 1;
            }
    /* a record after a bare CR starts inside a line */
    uint64_t col = l == k->line ? k->column : 1;
    for (size_t i = start; i < end; i++)
        col += (k->rec[i] & 0xC0) != 0x80;
    *line = l;
    *column = col + (at - k->rec_at - end); /* past the bytes: count on */
}

af_site af_site_of(const af_check *k, uint64_t at, uint64_t len)
{
    af_site s;
    s.at = at;
    s.len = (uint32_t)(len > UINT32_MAX ? UINT32_MAX : len);
    af_where(k, at, &s.line, &s.column);
    return s;
}

static const char *record_path(af_check *k, const char *field)
{
    const char *type = k->type > 0 ? af_records[k->type].name : NULL;
    if (type)
        snprintf(k->path, sizeof k->path, "/record[%" PRIu64 "]{%s}%s%s",
                 k->record, type, *field ? "/" : "", field);
    else
        snprintf(k->path, sizeof k->path, "/record[%" PRIu64 "]%s%s",
                 k->record, *field ? "/" : "", field);
    return k->path;
}

/* Whether a finding of rule is not to be reported now: the rule is off,
 * or the record is read quietly. */
static int held(af_check *k, size_t rule)
{
    return !tgEngine_active(k->c, rule) || k->quiet;
}

int64_t af_report_site(af_check *k, size_t rule, const af_site *s,
                       const char *path, const char *exp, const char *found)
{
    if (held(k, rule))
        return -1;
    tgEngine_site site = {s->at, s->len, s->line, s->column, path, -1};
    return tgEngine_report(k->c, rule, &site, exp, found);
}

void af_cut(af_check *k, const char *exp, const char *found)
{
    af_report(k, AF_CUT, k->rec_at, k->rec_n, "", exp, found);
    k->truncated = 1;
    k->quiet = 1; /* the rest of it is not there to be checked */
}

void af_report_blanks(af_check *k, uint64_t at, uint64_t len,
                      const char *field, const unsigned char *p, size_t n)
{
    char found[64];
    af_report(k, AF_FLOAT_BLANKS, at, len, field,
              "no white space around the number",
              TG_ENGINE_QUOTED(k->c, AF_FLOAT_BLANKS, p, n, found));
}

int64_t af_report(af_check *k, size_t rule, uint64_t at, uint64_t len,
                  const char *field, const char *exp, const char *found)
{
    /* what the rest of a record that a match ran out of memory on
     * seems to hold is nothing the trace holds */
    if (held(k, rule) || k->no_memory)
        return -1;
    tgEngine_site site = {at, len, 0, 0, "", -1};
    if (tgEngine_capped(k->c, rule)) /* only counted: no text to make */
        return tgEngine_report(k->c, rule, &site, NULL, NULL);
    af_where(k, at, &site.line, &site.column);
    site.path = record_path(k, field);
    return tgEngine_report(k->c, rule, &site, exp, found);
}

/* ---- framing --------------------------------------------------------- */

typedef struct frame {
    size_t n;     /* record bytes, without the line end        */
    size_t term;  /* bytes of the line end: 0, 1 or 2          */
    int bare_cr;  /* it ended at a bare CR                     */
    int open;     /* it ended inside a quote (at end of input) */
    int cut_cr;   /* the input ends with the CR of a CRLF      */
    int quotes;   /* it holds a double quote                   */
    int nomem;    /* the index could not grow to hold it       */
    size_t quote; /* where that quote opened                   */
    uint64_t lfs; /* LFs inside quotes                         */
} frame;

/* Where the record of the n bytes at p (input offset at) ends: the
 * offset of the LF or CR outside quotes that ends it, n (the input ends
 * first, or f->nomem), or SIZE_MAX to read more.  The marks of the index
 * (LF, CR, double quote) lead from one to the next.  A double quote opens
 * a quoted part only as a field's first byte; inside one, "" stands for a
 * quote, LF and CR are data (f->lfs counts the LFs) and a lone quote
 * closes it.  A quote anywhere else is data, for af_next_quoted() to
 * report (AF-QUO-001, AF-QUO-002). */
static size_t scan_record(af_check *k, const unsigned char *p, uint64_t at,
                          size_t n, int eof, frame *f)
{
    size_t open = SIZE_MAX; /* where the quoted part we are in opened */
    tgTextindex_scan marks;
    tgTextindex_scan_start(&marks, &k->index, TG_TEXTINDEX_MARKS, p, at, 0, n);
    for (size_t i = 0;;) {
        size_t m = tgTextindex_scan_next(&marks);
        if (m == SIZE_MAX) {
            f->nomem = 1;
            return n;
        }
        if (m == n) { /* the bytes end first */
            if (open == SIZE_MAX)
                return n;
            if (!eof)
                return SIZE_MAX;
            f->open = 1;
            f->quote = open;
            return n;
        }
        if (m < i)
            continue; /* the second quote of a "" */
        i = m + 1;
        if (open == SIZE_MAX) { /* outside quotes */
            if (p[m] != '"')
                return m; /* the LF or CR that ends the record */
            f->quotes = 1;
            if (m == 0 || p[m - 1] == ',')
                open = m;
        } else if (p[m] == '\n') {
            f->lfs++;
        } else if (p[m] == '"') { /* closes it, unless doubled */
            if (i == n && !eof)
                return SIZE_MAX; /* a quote last: it may be doubled */
            if (i < n && p[i] == '"')
                i++;
            else
                open = SIZE_MAX;
        }
    }
}

/* A comment: to the end of its line, whatever it holds. */
static int frame_comment(const unsigned char *p, size_t n, int eof, frame *f)
{
    const unsigned char *lf = memchr(p, '\n', n);
    if (!lf && !eof)
        return 0;
    f->n = lf ? (size_t)(lf - p) : n;
    f->term = lf != NULL;
    if (lf && f->n > 0 && p[f->n - 1] == '\r') {
        f->n--;
        f->term = 2;
    }
    return 1;
}

/* Where the record at p ends, if the n bytes show it: 1, or 0 to read
 * more (never when eof). */
static int frame_record(af_check *k, const unsigned char *p, uint64_t at,
                        size_t n, int eof, frame *f)
{
    if (p[0] == '#')
        return frame_comment(p, n, eof, f);
    size_t end = scan_record(k, p, at, n, eof, f);
    if (end == SIZE_MAX)
        return 0;
    f->n = end;
    if (end == n) /* no line end yet, or inside a quote at the end */
        return eof || f->nomem;
    if (p[end] == '\n') {
        f->term = 1;
        return 1;
    }
    if (end + 1 == n) { /* a CR last: more may come, or a cut CRLF */
        if (!eof)
            return 0;
        f->cut_cr = 1;
        return 1;
    }
    f->term = 1 + (p[end + 1] == '\n');
    f->bare_cr = f->term == 1;
    return 1;
}

/* The common record, framed from the index alone: not a comment, and
 * ended by LF or CRLF at its first mark, within the bytes the index
 * holds.  @return 0 to frame it the general way (frame_general()). */
static inline int frame_plain(af_check *k, const unsigned char *p, uint64_t at,
                              size_t avail, frame *f)
{
    size_t have = tgTextindex_have(&k->index, at),
           to = have < avail ? have : avail;
    if (to == 0 || p[0] == '#')
        return 0;
    size_t b = (size_t)(at - k->index.base);
    size_t m =
        tgTextindex_next(k->index.map[TG_TEXTINDEX_MARKS], b, b + to) - b;
    if (m == to)
        return 0;
    f->n = m;
    if (p[m] == '\n')
        f->term = 1;
    else if (p[m] == '\r' && m + 1 < avail && p[m + 1] == '\n')
        f->term = 2;
    return f->term != 0;
}

/* Any record, reading on as far as it takes: 0 when checking stops. */
static int frame_general(af_check *k, uint64_t at, size_t avail, frame *f)
{
    tgWindow *w = k->w;
    /* a record longer than the limit is one as soon as the bytes show
     * it: no more than one byte past it is ever looked at */
    size_t lim = w->max_need;
    for (;;) {
        memset(f, 0, sizeof *f);
        int eof = w->eof || avail >= lim;
        if (frame_record(k, tgWindow_ptr(w), at,
                         avail <= lim ? avail : lim + 1, eof, f))
            return 1;
        size_t more = avail < lim - avail ? 2 * avail : lim;
        size_t got = tgWindow_fill(w, more);
        if (got <= avail && !w->eof) {
            k->stop = 1; /* the window cannot grow (w->nomem): a limit */
            return 0;
        }
        avail = got;
    }
}

/* A fresh start for the fields of the record framed at offset at. */
static inline void start_record(af_check *k, uint64_t at,
                                const unsigned char *p, const frame *f)
{
    k->rec_at = at;
    k->rec = p;
    k->rec_n = f->n;
    k->type = -1;
    k->cur = p;
    k->quotes = f->quotes;
    k->lines_in = f->lfs;
    k->unended = 0;
    k->rec_bit = (size_t)(at - k->index.base);
}

/* UTF-8 is checked from the record's first byte above 0x7F (the index
 * has every byte of a record but a comment, which is checked whole). */
static inline void record_utf8(af_check *k, size_t term)
{
    size_t from = k->rec[0] == '#'
                      ? 0
                      : tgTextindex_next(k->index.map[TG_TEXTINDEX_HIGH],
                                         k->rec_bit, k->rec_bit + k->rec_n) -
                            k->rec_bit;
    if (from < k->rec_n) {
        size_t bad = tgUnicode_utf8_bad(k->rec + from, k->rec_n + term - from);
        if (bad != SIZE_MAX)
            af_report(k, AF_ENC_UTF8, k->rec_at + from + bad, 1, "", "UTF-8",
                      "a byte that does not continue or start a character");
    }
}

/* An LF or CRLF line end: the file's line ends so far, and whether they
 * mix (said once). */
static inline void line_end(af_check *k, size_t term)
{
    k->eol_seen |= (int)term;
    if (k->eol_seen == 3) {
        af_report(k, AF_REC_MIXED_EOL, k->rec_at + k->rec_n, term, "",
                  term == 2 ? "LF, as before" : "CRLF, as before",
                  term == 2 ? "CRLF" : "LF");
        k->eol_seen = 7;
    }
}

/* Any record but a plain one (af_frame()): a comment, quotes, a bare or
 * cut CR, no line end, the input's end, a limit.  0 when checking
 * stops. */
static __attribute__((noinline)) int frame_other(af_check *k, uint64_t at,
                                                 size_t avail)
{
    tgWindow *w = k->w;
    size_t lim = w->max_need;
    frame f;
    if (!frame_general(k, at, avail, &f))
        return 0;
    start_record(k, at, tgWindow_ptr(w), &f);
    /* the same limit whether the input is in memory or read in pieces */
    if (f.nomem || f.n + f.term > lim || (f.term == 0 && !w->eof)) {
        char exp[96];
        af_report(k, AF_LIMIT_RECORD, k->rec_at, lim, "",
                  tgEngine_limit_text(k->c, TG_LIMIT_BLOCK_BYTES,
                                      "bytes per record", exp, sizeof exp),
                  f.nomem ? "no memory to index a record this long"
                          : "a longer record");
        k->stop = 1;
        return 0;
    }
    /* a last record without a line end, in a file whose records have
     * them: if fields it needs are missing, the file was cut (T-1) */
    k->unended = f.term == 0 && k->eol_seen != 0 && !f.open && !f.cut_cr;
    record_utf8(k, f.term);
    if (f.cut_cr) {
        af_report(k, AF_CUT, k->rec_at + f.n, 1, "", "CRLF",
                  "the input ends after the CR");
        k->truncated = 1;
    } else if (f.bare_cr)
        af_report(k, AF_REC_BARE_CR, k->rec_at + f.n, 1, "", "LF or CRLF",
                  "CR alone");
    else if (f.term)
        line_end(k, f.term);
    if (f.open) { /* said as such, whether cut or never closed */
        af_report(k, AF_QUO_OPEN, k->rec_at + f.quote, f.n - f.quote, "",
                  "a closing quote", "the end of the input");
        k->quiet = 1; /* what is missing after it follows from it */
    }
    tgWindow_consume(w, f.n + f.term + (size_t)f.cut_cr);
    k->ended_lf = f.term != 0 && !f.bare_cr;
    return 1;
}

/* Frame the next record; 0 at the end of the input or when checking
 * stops.  A plain record (frame_plain()) within the limit takes the
 * short way; any other, frame_other(). */
int af_frame(af_check *k)
{
    tgWindow *w = k->w;
    /* past the previous record and its line end */
    if (k->rec && k->ended_lf) {
        k->line += k->lines_in + 1;
        k->column = 1;
    } else if (k->rec) { /* a bare CR: the line goes on */
        af_where(k, k->rec_at + k->rec_n + 1, &k->line, &k->column);
    }
    size_t avail = tgWindow_fill(w, 1);
    if (avail == 0)
        return 0;
    uint64_t at = tgWindow_offset(w);
    frame f = {0};
    if (!frame_plain(k, tgWindow_ptr(w), at, avail, &f) ||
        f.n + f.term > w->max_need)
        return frame_other(k, at, avail);
    start_record(k, at, tgWindow_ptr(w), &f);
    record_utf8(k, f.term);
    line_end(k, f.term);
    tgWindow_consume(w, f.n + f.term);
    k->ended_lf = 1;
    return 1;
}

/* ---- fields ---------------------------------------------------------- */

int af_next_quoted(af_check *k, af_fld *f)
{
    const unsigned char *end = k->rec + k->rec_n, *s = k->cur;
    f->at = k->rec_at + (uint64_t)(s - k->rec);
    f->escaped = 0;
    const unsigned char *q = s + 1;
    for (;;) {
        q = memchr(q, '"', (size_t)(end - q));
        if (q == NULL || q + 1 == end || q[1] != '"')
            break;
        f->escaped = 1;
        q += 2;
    }
    f->p = s + 1;
    f->n = (size_t)((q ? q : end) - f->p);
    if (q == NULL) { /* unclosed: AF-QUO-003, said when framed */
        k->cur = end + 1;
        return 1;
    }
    if (q == s + 1) /* "": Artificer never closes it */
        af_report(k, AF_ART_EMPTY_QUOTED, f->at, 2, "",
                  "text between the quotes, or an empty field without "
                  "them",
                  "an empty quoted field \"\"");
    const unsigned char *comma = af_next_comma(k, q + 1);
    if (q + 1 < comma)
        af_report(k, AF_QUO_AFTER, k->rec_at + (uint64_t)(q + 1 - k->rec),
                  (uint64_t)(comma - q - 1), "",
                  "a comma or the end of the record after the closing "
                  "quote",
                  "more text");
    k->cur = comma + 1;
    return 1;
}

void af_bare_quote(af_check *k, const af_fld *f)
{
    /* outside quoted parts, the only marks inside a record are quotes */
    size_t from = k->rec_bit + (size_t)(f->p - k->rec);
    size_t q =
        tgTextindex_next(k->index.map[TG_TEXTINDEX_MARKS], from, from + f->n);
    if (q < from + f->n)
        af_report(k, AF_QUO_BARE, k->rec_at + (q - k->rec_bit), 1, "",
                  "no double quote in a field that does not start with "
                  "one",
                  "a double quote");
}

const unsigned char *af_unescape(af_check *k, const af_fld *f, size_t *n)
{
    if (k->scratch_cap < f->n) {
        unsigned char *b = tgMem_realloc(k->scratch, f->n);
        if (b == NULL) { /* read as written, and the check says so */
            af_limit(k, f->at, "bytes of unquoted field text");
            *n = f->n;
            return f->p;
        }
        k->scratch = b;
        k->scratch_cap = f->n;
    }
    size_t o = 0;
    for (size_t i = 0; i < f->n; i++) {
        k->scratch[o++] = f->p[i];
        if (f->p[i] == '"')
            i++; /* "" is one quote */
    }
    *n = o;
    return k->scratch;
}
