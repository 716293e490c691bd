/* lex.c - records and fields of an AFPerf file.
 *
 * A record is framed whole in the window before its fields are read: it
 * ends at an LF (or CRLF) outside quotes, at a bare CR outside quotes
 * (AF-REC-001, then read on as the writer meant it), or at the end of the
 * input.  Fields follow RFC 4180: a quote opens a field only as its first
 * byte, "" inside stands for one quote, and a comment record (first byte
 * '#') ends at the physical end of its line whatever quotes it holds
 * (formats/afperf.md AF-A18, AF-A19).  A record longer than --max-block
 * is a limit of the checker (AF-LIM-002), never a violation. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/scan16.h"
#include "../../core/unicode.h"
#include "check.h"

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
 * the record is read quietly, or (a last record that may be cut short)
 * it is only counted. */
static int held(af_check *k, size_t rule)
{
    if (!tgE_active(k->c, rule) || k->quiet)
        return 1;
    k->probed += (unsigned)k->probing;
    return k->probing;
}

int64_t af_report_site(af_check *k, size_t rule, const af_site *s,
                       const char *path, const char *exp, const char *found)
{
    if (held(k, rule))
        return -1;
    tgE_site site = {s->at, s->len, s->line, s->column, path, -1};
    return tgE_report(k->c, rule, &site, exp, found);
}

int64_t af_report(af_check *k, size_t rule, uint64_t at, uint64_t len,
                  const char *field, const char *exp, const char *found)
{
    if (held(k, rule))
        return -1;
    tgE_site site = {at, len, 0, 0, "", -1};
    if (tgE_capped(k->c, rule)) /* only counted: no text to make */
        return tgE_report(k->c, rule, &site, NULL, NULL);
    af_where(k, at, &site.line, &site.column);
    site.path = record_path(k, field);
    return tgE_report(k->c, rule, &site, exp, found);
}

const char *af_quote(const unsigned char *p, size_t n, char *buf, size_t cap)
{
    size_t room = cap - 6; /* quotes, "...", NUL */
    size_t take = n <= room ? n : room;
    while (take < n && take > 0 && (p[take] & 0xC0) == 0x80)
        take--; /* never split a character */
    buf[0] = '"';
    memcpy(buf + 1, p, take);
    strcpy(buf + 1 + take, take < n ? "\"..." : "\"");
    return buf;
}

/* ---- framing --------------------------------------------------------- */

typedef struct frame {
    size_t n;     /* record bytes, without the line end        */
    int ascii;    /* it is ASCII: no UTF-8 to check            */
    size_t term;  /* bytes of the line end: 0, 1 or 2          */
    int bare_cr;  /* it ended at a bare CR                     */
    int open;     /* it ended inside a quote (at end of input) */
    int cut_cr;   /* the input ends with the CR of a CRLF      */
    int quotes;   /* it holds a double quote                   */
    size_t quote; /* where that quote opened                   */
    uint64_t lfs; /* LFs inside quotes                         */
} frame;

static uint64_t count_lfs(const unsigned char *p, size_t n)
{
    uint64_t lfs = 0;
    for (const unsigned char *q = p, *e = p + n;
         (q = memchr(q, '\n', (size_t)(e - q))) != NULL; q++)
        lfs++;
    return lfs;
}

/* Where the record at p ends, if the n bytes show it: 1, or 0 to read
 * more (never when eof).  A quote opens a field only as its first byte
 * and is then skipped to its closing quote with memchr; elsewhere the
 * bytes that matter are ',', LF and CR (a quote there is data, and
 * AF-QUO-001 or AF-QUO-002 for af_next_quoted() to say). */
static int frame_quoted(const unsigned char *p, size_t n, int eof, frame *f)
{
    f->lfs = 0;
    for (size_t i = 0;;) { /* i: the start of a field */
        if (i < n && p[i] == '"') {
            size_t j = i + 1;
            for (;;) { /* the closing quote: a '"' not doubled */
                const unsigned char *q = memchr(p + j, '"', n - j);
                if (q == NULL) {
                    if (!eof)
                        return 0;
                    f->lfs += count_lfs(p + i, n - i);
                    f->n = n;
                    f->open = 1;
                    f->quote = i;
                    return 1;
                }
                j = (size_t)(q - p) + 1;
                if (j == n && !eof)
                    return 0;
                if (j < n && p[j] == '"') {
                    j++;
                    continue;
                }
                break;
            }
            f->lfs += count_lfs(p + i, j - i);
            i = j; /* what follows the closing quote, to the comma */
        }
        size_t j = i;
        while (j < n && p[j] != ',' && p[j] != '\n' && p[j] != '\r')
            j++;
        if (j == n) {
            if (!eof)
                return 0;
            f->n = n;
            f->term = 0;
            return 1;
        }
        if (p[j] == ',') {
            i = j + 1;
            continue;
        }
        f->n = j;
        if (p[j] == '\n') {
            f->term = 1;
            return 1;
        }
        if (j + 1 == n) { /* a CR last: more may come, or a cut CRLF */
            if (!eof)
                return 0;
            f->cut_cr = 1;
            return 1;
        }
        f->term = p[j + 1] == '\n' ? 2 : 1;
        f->bare_cr = f->term == 1;
        return 1;
    }
}

/* Scan p[i..n) a block at a time for the bytes a record without quotes
 * turns on: its commas, noted in k->commas (more_commas when there are
 * more than it holds), and the first LF, CR or double quote, which ends
 * the scan.  @return the offset of that byte, or n; *high: a byte above
 * 0x7F came before it. */
static size_t scan_record(af_check *k, const unsigned char *p, size_t i,
                          size_t n, unsigned *high)
{
    unsigned nc = 0, hi = 0;
    k->more_commas = 0;
    for (; i < n; i += 16) {
        tgV_block b =
            n - i >= 16 ? tgV_load(p + i) : tgV_load_part(p + i, n - i);
        unsigned stop = tgV_eq(b, '\n') | tgV_eq(b, '\r') | tgV_eq(b, '"');
        unsigned commas = tgV_eq(b, ','), h = tgV_high(b);
        if (stop) { /* only what comes before it */
            unsigned before = (stop & (0u - stop)) - 1;
            commas &= before;
            h &= before;
        }
        hi |= h;
        for (; commas; commas &= commas - 1) {
            if (nc == AF_COMMAS) {
                k->more_commas = 1;
                break;
            }
            k->commas[nc++] = (uint32_t)(i + (unsigned)__builtin_ctz(commas));
        }
        if (stop) {
            n = i + (unsigned)__builtin_ctz(stop);
            break;
        }
    }
    k->ncommas = nc;
    k->next_comma = 0;
    *high = hi;
    return n;
}

void af_more_commas(af_check *k)
{
    unsigned high;
    scan_record(k, k->rec, (size_t)(k->cur - k->rec), k->rec_n, &high);
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

/* The common record: no quote before its line end.  One pass frames it
 * and finds its commas; -1 when a quote comes first. */
static int frame_plain(af_check *k, const unsigned char *p, size_t n, int eof,
                       frame *f)
{
    if (p[0] == '#')
        return frame_comment(p, n, eof, f);
    unsigned high;
    size_t end = scan_record(k, p, 0, n, &high);
    if (end < n && p[end] == '"')
        return -1;
    f->ascii = high == 0; /* so far as the scan went: all of it */
    f->n = end;
    if (end == n) /* no line end yet */
        return eof;
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

/* Frame the next record; 0 at the end of the input or when checking
 * stops. */
int af_frame(af_check *k)
{
    tgW_window *w = k->w;
    /* past the previous record and its line end */
    if (k->rec && k->ended_lf) {
        k->line += k->lines_in + 1;
        k->column = 1;
    } else if (k->rec) { /* a bare CR: the line goes on */
        af_where(k, k->rec_at + k->rec_n + 1, &k->line, &k->column);
    }
    size_t avail = tgW_fill(w, 1);
    if (avail == 0)
        return 0;
    frame f;
    for (;;) {
        memset(&f, 0, sizeof f);
        const unsigned char *p = tgW_ptr(w);
        int eof = w->eof || avail >= w->max_need;
        int r = frame_plain(k, p, avail, eof, &f);
        if (r < 0) {
            r = frame_quoted(p, avail, eof, &f);
            f.quotes = 1;
        }
        if (r > 0)
            break;
        size_t more = avail < w->max_need - avail ? 2 * avail : w->max_need;
        size_t got = tgW_fill(w, more);
        if (got <= avail && !w->eof) {
            k->stop = 1; /* the window cannot grow (w->nomem): a limit */
            return 0;
        }
        avail = got;
    }
    k->rec_at = tgW_offset(w);
    k->rec = tgW_ptr(w);
    k->rec_n = f.n;
    /* a last record without a line end, in a file whose records have
     * them: if anything is wrong with it, the file was cut (T-1) */
    k->probing = f.term == 0 && k->eol_seen != 0 && !f.open && !f.cut_cr;
    k->probed = 0;
    k->unended = f.term == 0;
    k->lines_in = f.lfs;
    k->type = -1;
    k->cur = k->rec;
    k->nfld = 0;
    k->quotes = f.quotes;
    /* the same limit whether the input is in memory or read in pieces */
    if (f.n + f.term > w->max_need || (f.term == 0 && !w->eof)) {
        char exp[96];
        af_report(k, AF_LIMIT_RECORD, k->rec_at, w->max_need, "",
                  tgE_limit_text(k->c, TG_LIMIT_BLOCK_BYTES,
                                 "bytes per record", exp, sizeof exp),
                  "a longer record");
        k->stop = 1;
        return 0;
    }
    size_t bad = f.ascii ? SIZE_MAX : tgU_utf8_bad(k->rec, f.n + f.term);
    if (bad != SIZE_MAX)
        af_report(k, AF_ENC_UTF8, k->rec_at + bad, 1, "", "UTF-8",
                  "a byte that does not continue or start a character");
    if (f.cut_cr) {
        af_report(k, AF_CUT, k->rec_at + f.n, 1, "", "CRLF",
                  "the input ends after the CR");
        k->truncated = 1;
    } else if (f.bare_cr)
        af_report(k, AF_REC_BARE_CR, k->rec_at + f.n, 1, "", "LF or CRLF",
                  "CR alone");
    else if (f.term)
        k->eol_seen |= (int)f.term;
    if (k->eol_seen == 3) {
        af_report(k, AF_REC_MIXED_EOL, k->rec_at + f.n, f.term, "",
                  f.term == 2 ? "LF, as before" : "CRLF, as before",
                  f.term == 2 ? "CRLF" : "LF");
        k->eol_seen = 7; /* said once */
    }
    if (f.open) { /* said as such, whether cut or never closed */
        af_report(k, AF_QUO_OPEN, k->rec_at + f.quote, f.n - f.quote, "",
                  "a closing quote", "the end of the input");
        k->quiet = 1; /* what is missing after it follows from it */
    }
    tgW_consume(w, f.n + f.term + (size_t)f.cut_cr);
    k->ended_lf = f.term != 0 && !f.bare_cr;
    return 1;
}

/* ---- fields ---------------------------------------------------------- */

/* The first comma in [s, end), or end, eight bytes at a time (a zero
 * byte of v ^ ",,,,,,,," is a comma; the lowest flag is exact): the
 * fields of a record with quotes, which its framing did not split. */
static const unsigned char *find_comma(const unsigned char *s,
                                       const unsigned char *end)
{
    for (; end - s >= 8; s += 8) {
        uint64_t v;
        memcpy(&v, s, 8);
        v ^= 0x2C2C2C2C2C2C2C2Cull;
        uint64_t z = (v - 0x0101010101010101ull) & ~v & 0x8080808080808080ull;
        if (z)
            return s + (__builtin_ctzll(z) >> 3);
    }
    while (s < end && *s != ',')
        s++;
    return s;
}

int af_next_quoted(af_check *k, af_fld *f)
{
    const unsigned char *end = k->rec + k->rec_n, *s = k->cur;
    f->at = k->rec_at + (uint64_t)(s - k->rec);
    f->idx = k->nfld++;
    f->escaped = 0;
    const unsigned char *comma;
    if (s < end && *s == '"') {
        f->quoted = 1;
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
        comma = q + 1 < end ? memchr(q + 1, ',', (size_t)(end - q - 1)) : NULL;
        const unsigned char *junk_end = comma ? comma : end;
        if (q + 1 < junk_end)
            af_report(k, AF_QUO_AFTER, k->rec_at + (uint64_t)(q + 1 - k->rec),
                      (uint64_t)(junk_end - q - 1), "",
                      "a comma or the end of the record after the closing "
                      "quote",
                      "more text");
    } else {
        f->quoted = 0;
        const unsigned char *c = find_comma(s, end);
        comma = c < end ? c : NULL;
        f->p = s;
        f->n = (size_t)(c - s);
        const unsigned char *q = memchr(s, '"', f->n);
        if (q)
            af_report(k, AF_QUO_BARE, k->rec_at + (uint64_t)(q - k->rec), 1,
                      "",
                      "no double quote in a field that does not start with "
                      "one",
                      "a double quote");
    }
    k->cur = comma ? comma + 1 : end + 1;
    return 1;
}

const unsigned char *af_unescape(af_check *k, const af_fld *f, size_t *n)
{
    if (k->scratch_cap < f->n) {
        unsigned char *b = realloc(k->scratch, f->n);
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
