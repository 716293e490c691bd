/* frontend.c - the AFPerf v1 front end: the version header, then record
 * after record (comments, repeated headers, blank records, data), then
 * what the end of the file settles.  Memory is the window's record, the
 * id maps and the pending values: never the file. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "../../core/mem.h"

static const unsigned char bom[3] = {0xEF, 0xBB, 0xBF};

/* The major version a header-like line names after "# AFPerf v", or -1;
 * *len gets the bytes that name it (never more than the window's first
 * 64 hold, so a report is the same however the input is read). */
static long named_major(const unsigned char *p, size_t n, size_t *len)
{
    if (n <= AF_HEADER_STEM_LEN ||
        memcmp(p, AF_HEADER_STEM, AF_HEADER_STEM_LEN) != 0)
        return -1;
    long v = 0;
    size_t i = AF_HEADER_STEM_LEN;
    for (; i < n && p[i] - (unsigned)'0' < 10 && v < 1000000; i++)
        v = v * 10 + (p[i] - '0');
    *len = i;
    return i > AF_HEADER_STEM_LEN ? v : -1;
}

/* The start of the file: a byte order mark (AF-ENC-002), the 16-byte
 * header (AF-HDR-001, AF-HDR-002) and its line end (AF-HDR-003).
 * @return 0 if the file is of another major version. */
static int header(af_check *k)
{
    tgWindow *w = k->w;
    /* enough for the header, its line end and a message's quote of it */
    size_t avail = tgWindow_fill(w, 64);
    const unsigned char *p = tgWindow_ptr(w);
    k->rec = p; /* for line:column of what is reported here */
    k->rec_at = 0;
    if (tgEngine_showing(k->c) && avail > 0) { /* the first line */
        const unsigned char *lf = memchr(p, '\n', avail);
        k->rec_n = lf ? (size_t)(lf - p) : avail;
        af_show_line(k, "Header");
    }
    k->rec_n = avail;
    if (avail >= sizeof bom && memcmp(p, bom, sizeof bom) == 0) {
        af_report(k, AF_ENC_BOM, 0, sizeof bom, "header", "\"# AFPerf v1\"",
                  "a byte order mark");
        tgWindow_consume(w, sizeof bom);
        p += sizeof bom;
        avail -= sizeof bom;
        k->column = 2; /* U+FEFF is one character */
    }
    uint64_t at = tgWindow_offset(w);
    if (avail < AF_HEADER_LEN + 1 && memcmp(p, AF_HEADER, avail) == 0 &&
        avail > 0) {
        if (avail == AF_HEADER_LEN) { /* the header, and nothing else */
            tgWindow_consume(w, avail);
            return 1;
        }
        af_report(k, AF_CUT, at, avail, "header", "\"" AF_HEADER "\"",
                  "the input ends inside it");
        return 0;
    }
    if (avail == AF_HEADER_LEN + 1 && p[AF_HEADER_LEN] == '\r' &&
        memcmp(p, AF_HEADER, AF_HEADER_LEN) == 0) {
        af_report(k, AF_CUT, at + AF_HEADER_LEN, 1, "header", "CRLF",
                  "the input ends after the CR");
        return 0;
    }
    if (avail >= AF_HEADER_LEN && memcmp(p, AF_HEADER, AF_HEADER_LEN) == 0) {
        size_t end = avail > AF_HEADER_LEN ? 1 : 0;
        if (end && p[AF_HEADER_LEN] == '\r' && avail > AF_HEADER_LEN + 1 &&
            p[AF_HEADER_LEN + 1] == '\n')
            end = 2;
        else if (end && p[AF_HEADER_LEN] != '\n')
            end = 0;
        if (avail > AF_HEADER_LEN && end == 0) {
            af_report(k, AF_HDR_END, at + AF_HEADER_LEN, 1, "header",
                      "the end of the line after the 16 header bytes",
                      "more on the line");
            tgWindow_consume(w,
                             AF_HEADER_LEN); /* the rest is read as a record */
            k->column += AF_HEADER_LEN;
            return 1;
        }
        tgWindow_consume(w, AF_HEADER_LEN + end);
        /* the header is a record (AF-A17): its line end is one of the
         * file's, for mixed endings and for a last record left unended */
        k->eol_seen = (int)end;
        k->line = 2;
        k->column = 1;
        return 1;
    }
    char found[64];
    const unsigned char *lf = memchr(p, '\n', avail);
    size_t line = lf ? (size_t)(lf - p) : avail;
    size_t named;
    long major = named_major(p, line, &named);
    if (major >= 0 && major != AF_MAJOR) {
        af_report(k, AF_HDR_MAJOR, at, named, "header", "\"# AFPerf v1\"",
                  TG_ENGINE_QUOTED(k->c, AF_HDR_MAJOR, p, line, found));
        return 0;
    }
    af_report(k, AF_HDR_MISSING, at,
              line < AF_HEADER_LEN ? line : AF_HEADER_LEN, "header",
              "\"" AF_HEADER "\" (16 bytes)",
              TG_ENGINE_QUOTED(k->c, AF_HDR_MISSING, p, line, found));
    /* a malformed header line is no record: the loop frames it (as the
     * comment it looks like, whatever the window holds) and skips it */
    k->skip_header = major == AF_MAJOR;
    return 1;
}

static int blank_record(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != ' ' && p[i] != '\t')
            return 0;
    return 1;
}

/* A comment: a later version header must equal the first (AF-HDR-004);
 * a last one without a line end that is the start of one was cut short
 * (T-1). */
static void comment(af_check *k)
{
    if (k->unended && k->rec_n < AF_HEADER_LEN &&
        memcmp(k->rec, AF_HEADER, k->rec_n) == 0) {
        af_cut(k, "\"" AF_HEADER "\"", "the input ends inside it");
        return;
    }
    if (k->rec_n < AF_HEADER_STEM_LEN - 1 ||
        memcmp(k->rec, AF_HEADER_STEM, AF_HEADER_STEM_LEN - 1) != 0)
        return;
    if (k->rec_n != AF_HEADER_LEN ||
        memcmp(k->rec, AF_HEADER, AF_HEADER_LEN) != 0) {
        char found[64];
        af_report(
            k, AF_HDR_REPEAT, k->rec_at, k->rec_n, "",
            "\"" AF_HEADER "\", as the first header",
            TG_ENGINE_QUOTED(k->c, AF_HDR_REPEAT, k->rec, k->rec_n, found));
    }
    k->headers++;
    k->header_site = af_site_of(k, k->rec_at, k->rec_n);
    snprintf(k->header_path, sizeof k->header_path, "/record[%" PRIu64 "]",
             k->record);
    k->block.role = AF_OTHER; /* a header ends every block */
    k->block.run_known = 0;
}

void tgAfperf_check(tgEngine_check *c, tgWindow *w)
{
    af_check k;
    memset(&k, 0, sizeof k);
    k.c = c;
    k.w = w;
    k.line = 1;
    k.column = 1;
    k.type = -1;
    k.art = c->profile == AF_PROFILE_ARTIFICER;
    /* what framing and fields turn on; af_frame() looks at up to one
     * byte past the longest record allowed */
    static const unsigned char marks[3] = {'\n', '\r', '"'};
    tgTextindex_init(&k.index, marks, ',', w->max_need + 1);
    if (!af_patterns_ready() || (k.match = af_match_data()) == NULL) {
        k.rec_n = 0;
        af_report(&k, AF_LIMIT_LIVE, 0, 0, "",
                  "memory for the checker's text patterns", "none");
        return;
    }
    af_refs_init(&k);
    af_fast_init(&k);
    if (header(&k)) {
        k.rec = NULL; /* the header is no record */
        for (;;) {
            af_fast(&k); /* plain records: framed and read in one go */
            if (k.stop || !af_frame(&k))
                break;
            if (k.rec_n == 0 || k.skip_header) {
                /* an empty record, or the malformed header: skipped */
                k.skip_header = 0;
            } else if (k.rec[0] == '#') {
                if (tgEngine_showing(c))
                    af_show_line(&k, "Comment");
                comment(&k);
            } else if (blank_record(k.rec, k.rec_n)) {
                af_report(&k, AF_REC_BLANK, k.rec_at, k.rec_n, "",
                          "a record, or an empty line", "only blanks");
            } else {
                if (tgEngine_showing(c))
                    af_show_record(&k);
                af_record(&k);
                if (k.unended && k.art && !k.quiet)
                    af_art_last_field(&k);
            }
            k.quiet = 0;
            k.record++;
        }
        if (!k.stop)
            af_refs_end(&k);
        snprintf(c->layout, sizeof c->layout, "AFPerf v1, %s line ends",
                 (k.eol_seen & 3) == 3 ? "mixed LF and CRLF"
                 : k.eol_seen & 2      ? "CRLF"
                                       : "LF");
        snprintf(c->version, sizeof c->version, "%s", tgAfperf_versions[0]);
    }
    af_refs_free(&k);
    tgTextindex_free(&k.index);
    af_match_data_free(k.match);
    tgMem_free(k.scratch);
}
