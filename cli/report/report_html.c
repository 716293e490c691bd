/* report_html.c - one self-contained HTML page: no script, and no style,
 * font or image from elsewhere (its Content-Security-Policy forbids them).
 * Per file: the verdict, each finding with its clause and the bytes around
 * it (read back from the file: hex rows with the bytes at fault marked, or
 * the line of a text format), the file's parts folded open down to each
 * finding, and its statistics as an inline SVG chart.  Several files get
 * a summary table first: the sections are written to a temporary file
 * until the end.  Everything from the input goes through tgEscape_xml(). */
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base.h"
#include "outline.h"
#include "escape.h"
#include "report.h"

/* Findings a file's section lists; the rest are counted. */
#define HTML_FINDINGS 500
/* Bars of the statistics chart. */
#define HTML_BARS 12

typedef struct html_row {
    char *path;
    tg_verdict verdict;
    uint64_t counts[4];
} html_row;

typedef struct html_state {
    FILE *body; /* the files' sections, until the end */
    html_row *rows;
    size_t nrows, cap_rows;
    tgReport_kept *found;
    size_t nfound, cap_found;
    uint64_t more; /* findings past HTML_FINDINGS */
    show_outline *outline;
    int nomem;
} html_state;

static char *copy(const char *s) { return strdup(s ? s : ""); }

static void html_begin(tgReport_sink *s)
{
    html_state *h = calloc(1, sizeof *h);
    if (h && (h->body = tmpfile()) == NULL) {
        free(h);
        h = NULL;
    }
    s->state = h;
}

static void forget_findings(html_state *h)
{
    for (size_t i = 0; i < h->nfound; i++)
        tgReport_kept_free(&h->found[i]);
    h->nfound = 0;
    h->more = 0;
    h->outline = NULL;
}

static void html_file_begin(tgReport_sink *s, const tgReport_file *f)
{
    (void)f;
    if (s->state)
        forget_findings(s->state);
}

static void html_diag(tgReport_sink *s, const tgReport_file *f,
                      const tg_diag *d)
{
    (void)f;
    html_state *h = s->state;
    if (h == NULL)
        return;
    if (h->nfound == HTML_FINDINGS) {
        h->more++;
        return;
    }
    if (h->nfound == h->cap_found) {
        size_t cap = h->cap_found ? 2 * h->cap_found : 32;
        tgReport_kept *p = realloc(h->found, cap * sizeof *p);
        if (p == NULL) {
            h->nomem = 1;
            h->more++;
            return;
        }
        h->found = p;
        h->cap_found = cap;
    }
    if (tgReport_keep(&h->found[h->nfound], d) != 0) {
        h->nomem = 1;
        h->more++;
        return;
    }
    h->nfound++;
}

static void html_parts(tgReport_sink *s, const tgReport_file *f,
                       show_outline *o)
{
    (void)f;
    if (s->state)
        ((html_state *)s->state)->outline = o;
}

/* ---- pieces of a section ----------------------------------------------- */

static void text(FILE *o, const char *s) { tgEscape_xml(o, s ? s : ""); }

static void where(FILE *o, uint64_t offset, uint64_t line, uint64_t column)
{
    if (line && column)
        fprintf(o, "%" PRIu64 ":%" PRIu64, line, column);
    else if (line)
        fprintf(o, "line %" PRIu64, line);
    else
        fprintf(o, "0x%" PRIx64, offset);
}

static void put_html(FILE *o, int c)
{
    char ch[2] = {(char)c, 0};
    text(o, ch);
}

static void dump_html(FILE *o, const show_dump *d)
{
    fputs("<pre class=\"bytes\">", o);
    if (d->text) {
        char buf[SHOW_DUMP_LINE + 1];
        size_t at = d->mark_at, n = d->mark_len ? d->mark_len : 0;
        if (d->cut_before)
            fputs("...", o);
        memcpy(buf, d->line, at);
        buf[at] = 0;
        text(o, buf);
        fputs("<mark>", o);
        memcpy(buf, d->line + at, n);
        buf[n] = 0;
        text(o, buf);
        fputs("</mark>", o);
        text(o, d->line + at + n);
        fputs(d->cut_after ? "...\n" : "\n", o);
        /* the caret, under the first byte at fault: one column a
         * character, as tgEscape_xml() writes one for each */
        size_t columns = d->cut_before ? 3 : 0;
        for (size_t k = 0; k < at; k++)
            columns += ((unsigned char)d->line[k] & 0xC0) != 0x80;
        fprintf(o, "%*s^</pre>\n", (int)columns, "");
        return;
    }
    for (unsigned r = 0; r < d->nrows; r++)
        show_dump_row(o, d, r, "", "<mark>", "</mark>", put_html);
    fputs("</pre>\n", o);
}

static void finding_html(FILE *o, unsigned long file, const tgReport_kept *k,
                         int fd, int text_format)
{
    const tg_diag *d = &k->d;
    const char *sev = tgReport_severity(d->level);
    fprintf(o, "<div class=\"finding %s\" id=\"f%lu-%" PRIu64 "\">\n", sev,
            file, d->seq);
    fprintf(o, "<p><span class=\"sev\">%s</span> <code>%s</code> %s at ", sev,
            tg_rule_id(d->rule), tg_level_name(d->level));
    where(o, d->offset, d->line, d->column);
    fputs(": ", o);
    char msg[512];
    text(o, tgReport_message(d, msg, sizeof msg));
    fputs("</p>\n", o);
    if (d->suppressed) {
        fputs("</div>\n", o);
        return;
    }
    fputs("<dl><dt>path</dt><dd><code>", o);
    text(o, *d->path ? d->path : "/");
    fputs("</code></dd>", o);
    if (*d->expected || *d->found) {
        fputs("<dt>expected</dt><dd>", o);
        text(o, d->expected);
        fputs("</dd><dt>found</dt><dd>", o);
        text(o, d->found);
        fputs("</dd>", o);
    }
    fputs("<dt>clause</dt><dd>", o);
    text(o, tg_rule_get(d->rule, TG_RULE_DOCUMENT));
    fputs(", section &quot;", o);
    text(o, tg_rule_get(d->rule, TG_RULE_SECTION));
    fputs("&quot;: <q>", o);
    text(o, tg_rule_get(d->rule, TG_RULE_QUOTE));
    fputs("</q></dd>", o);
    if (d->consequence_of >= 0)
        fprintf(o,
                "<dt>follows from</dt><dd><a href=\"#f%lu-%" PRId64
                "\">finding %" PRId64 "</a></dd>",
                file, d->consequence_of, d->consequence_of);
    fputs("</dl>\n", o);
    show_dump dump;
    if (fd >= 0 &&
        show_dump_read(fd, text_format, d->offset, d->length, &dump) == 0)
        dump_html(o, &dump);
    fputs("</div>\n", o);
}

/* Whether finding seq is listed (the list is in seq order): a link to
 * one that is not (in the baseline, or past HTML_FINDINGS) would lead
 * nowhere. */
static int listed(const html_state *h, uint64_t seq)
{
    size_t lo = 0, hi = h->nfound;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (h->found[mid].d.seq < seq)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < h->nfound && h->found[lo].d.seq == seq;
}

/* The outline as nested <details>: a part that holds others can be
 * folded, and is open when a finding falls in it. */
static void outline_html(FILE *o, unsigned long file, const html_state *h,
                         const show_outline *ol)
{
    unsigned open = 0; /* <details> open now */
    fputs("<div class=\"tree\">\n", o);
    for (size_t i = 0; i < ol->n; i++) {
        const show_entry *e = &ol->e[i];
        while (open > e->depth) {
            fputs("</details>\n", o);
            open--;
        }
        if (e->type == SHOW_E_FINDING) {
            if (listed(h, e->seq))
                fprintf(o,
                        "<div class=\"at\"><a href=\"#f%lu-%" PRIu64
                        "\">finding %" PRIu64 "</a></div>\n",
                        file, e->seq, e->seq);
            continue;
        }
        if (e->type == SHOW_E_SUMMARY) {
            fputs("<div class=\"sum\">... ", o);
            text(o, e->label);
            fputs("</div>\n", o);
            continue;
        }
        int parent = i + 1 < ol->n && ol->e[i + 1].depth > e->depth;
        fputs(parent ? (e->open ? "<details open><summary>"
                                : "<details><summary>")
                     : "<div class=\"leaf\">",
              o);
        fputs("<b>", o);
        text(o, e->kind);
        fputs("</b> ", o);
        where(o, e->offset, e->line, 0);
        if (!e->line)
            fprintf(o, ", %" PRIu64 " bytes", e->length);
        if (e->label && *e->label) {
            fputs(": ", o);
            text(o, e->label);
        }
        fputs(" <code>", o);
        text(o, e->path);
        fputs("</code>", o);
        if (parent) {
            fputs("</summary>\n", o);
            open = e->depth + 1;
        } else {
            fputs("</div>\n", o);
        }
    }
    while (open-- > 0)
        fputs("</details>\n", o);
    if (ol->dropped)
        fprintf(o,
                "<p>%" PRIu64 " more entries not listed here "
                "(<code>tracegate show</code> lists them all).</p>\n",
                ol->dropped);
    fputs("</div>\n", o);
}

/* The kinds as bars: the HTML_BARS most common. */
static void chart_html(FILE *o, const show_stats *st)
{
    show_count **c = show_stats_sorted(&st->kinds);
    if (c == NULL)
        return;
    size_t n = st->kinds.used < HTML_BARS ? st->kinds.used : HTML_BARS;
    uint64_t most = c[0]->n;
    fprintf(o,
            "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" "
            "width=\"640\" height=\"%zu\" role=\"img\" "
            "aria-label=\"parts per kind\">\n",
            n * 22 + 4);
    for (size_t i = 0; i < n; i++) {
        unsigned w = (unsigned)(1 + c[i]->n * 400 / (most ? most : 1));
        fprintf(o, "<text x=\"0\" y=\"%zu\">", i * 22 + 16);
        text(o, c[i]->key);
        fprintf(o,
                "</text><rect x=\"170\" y=\"%zu\" width=\"%u\" height=\"16\"/>"
                "<text x=\"%u\" y=\"%zu\">%" PRIu64 "</text>\n",
                i * 22 + 3, w, 176 + w, i * 22 + 16, c[i]->n);
    }
    fputs("</svg>\n", o);
    free(c);
}

static void stats_html(FILE *o, const show_stats *st, const char *group)
{
    fprintf(o, "<h3>Statistics</h3>\n<p>%" PRIu64 " parts", st->parts);
    if (st->time.has)
        fprintf(o, "; time %" PRId64 " to %" PRId64, st->time.min,
                st->time.max);
    fputs(".</p>\n", o);
    chart_html(o, st);
    show_count **c = show_stats_sorted(&st->groups);
    if (c) {
        fputs("<table><tr><th>", o);
        text(o, group);
        fputs("</th><th>parts</th></tr>\n", o);
        for (size_t i = 0; i < st->groups.used && i < HTML_BARS * 4; i++) {
            fputs("<tr><td>", o);
            text(o, c[i]->key);
            fprintf(o, "</td><td>%" PRIu64 "</td></tr>\n", c[i]->n);
        }
        fputs("</table>\n", o);
        free(c);
    }
}

static void html_file_end(tgReport_sink *s, const tgReport_file *f)
{
    html_state *h = s->state;
    if (h == NULL)
        return;
    unsigned long file = s->files;
    FILE *o = h->body;
    if (h->nrows == h->cap_rows) {
        size_t cap = h->cap_rows ? 2 * h->cap_rows : 16;
        html_row *r = realloc(h->rows, cap * sizeof *r);
        if (r == NULL) {
            h->nomem = 1;
            return;
        }
        h->rows = r;
        h->cap_rows = cap;
    }
    html_row *row = &h->rows[h->nrows++];
    row->path = copy(f->path);
    row->verdict = f->verdict;
    memcpy(row->counts, f->counts, sizeof row->counts);
    fprintf(o, "<section id=\"file%lu\">\n<h2>", file);
    text(o, f->path);
    fprintf(o, " <span class=\"v-%s\">%s</span></h2>\n",
            tg_verdict_name(f->verdict), tg_verdict_name(f->verdict));
    fputs("<p>", o);
    if (f->problem) {
        text(o, f->problem);
        fputs(". ", o);
    }
    if (f->format) {
        fprintf(o, "%s, profile ", f->format);
        text(o, f->profile ? f->profile : "-");
        fputs(", format from ", o);
        text(o, f->detected);
        fprintf(o, "; %" PRIu64 " bytes", f->bytes);
        if (f->layout) {
            fputs("; layout ", o);
            text(o, f->layout);
        }
        fprintf(o,
                ". Findings: %" PRIu64 " MUST, %" PRIu64 " SHOULD, %" PRIu64
                " COMPAT, %" PRIu64 " INFO",
                f->counts[TG_MUST], f->counts[TG_SHOULD], f->counts[TG_COMPAT],
                f->counts[TG_INFO]);
    }
    fputs(".</p>\n", o);
    const tg_format_info *fi = f->format ? tgCli_format(f->format) : NULL;
    int fd = strcmp(f->path, "-") == 0 ? -1 : open(f->path, O_RDONLY);
    if (h->nfound) {
        fputs("<h3>Findings</h3>\n", o);
        for (size_t i = 0; i < h->nfound; i++)
            finding_html(o, file, &h->found[i], fd, fi && fi->text);
    }
    if (h->more)
        fprintf(o,
                "<p>%" PRIu64 " more findings not listed here (<code>--report "
                "json</code> lists them all).</p>\n",
                h->more);
    if (fd >= 0)
        close(fd);
    if (h->outline && h->outline->n) {
        fputs("<h3>Structure</h3>\n", o);
        outline_html(o, file, h, h->outline);
        stats_html(o, &h->outline->stats,
                   fi && *fi->group ? fi->group : "group");
    }
    fputs("</section>\n", o);
    forget_findings(h);
}

static const char style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}"
    "h2{border-bottom:1px solid #ccc;font-size:1.2em}"
    "code,pre{font:12px/1.3 ui-monospace,monospace}"
    "pre.bytes{background:#f6f6f6;padding:.5em;overflow-x:auto}"
    "mark{background:#ffb3b3}"
    ".finding{border-left:4px solid #999;padding:.2em .8em;margin:.6em 0}"
    ".finding.error{border-color:#c00}.finding.warning{border-color:#d80}"
    ".finding.note{border-color:#07c}.sev{font-weight:bold}"
    "dl{display:grid;grid-template-columns:max-content auto;gap:0 1em}"
    "dt{color:#666}dd{margin:0}"
    ".tree details,.tree .leaf,.tree .sum,.tree .at{margin-left:1.2em}"
    ".tree .sum{color:#666}.tree .at a{color:#c00}"
    ".v-conformant{color:#070}.v-violations,.v-truncated{color:#c00}"
    "table{border-collapse:collapse}td,th{border:1px solid #ddd;"
    "padding:.1em .5em;text-align:left}"
    "svg.chart rect{fill:#4a7ab5}svg.chart text{font:12px sans-serif}";

static void html_end(tgReport_sink *s, int exit_code)
{
    html_state *h = s->state;
    FILE *o = s->out;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
          "charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
          "'none'; style-src 'unsafe-inline'\">\n"
          "<title>tracegate report</title>\n<style>",
          o);
    fputs(style, o);
    fprintf(
        o,
        "</style>\n</head>\n<body>\n<h1>tracegate report</h1>\n"
        "<p>tracegate %s, findings at or above %s fail; exit code %d.</p>\n",
        TG_VERSION, tg_level_name(s->fail_on), exit_code);
    if (h == NULL || h->nomem) {
        fputs("<p>tracegate ran out of memory for this report: "
              "<code>--report json</code> has every finding.</p>\n",
              o);
    }
    if (h && h->nrows > 1) {
        fputs(
            "<table class=\"summary\"><tr><th>file</th><th>verdict</th>"
            "<th>MUST</th><th>SHOULD</th><th>COMPAT</th><th>INFO</th></tr>\n",
            o);
        for (size_t i = 0; i < h->nrows; i++) {
            html_row *r = &h->rows[i];
            fprintf(o, "<tr><td><a href=\"#file%zu\">", i + 1);
            text(o, r->path);
            fprintf(o,
                    "</a></td><td class=\"v-%s\">%s</td><td>%" PRIu64
                    "</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td><td>%" PRIu64
                    "</td></tr>\n",
                    tg_verdict_name(r->verdict), tg_verdict_name(r->verdict),
                    r->counts[TG_MUST], r->counts[TG_SHOULD],
                    r->counts[TG_COMPAT], r->counts[TG_INFO]);
        }
        fputs("</table>\n", o);
    }
    if (h) {
        rewind(h->body);
        char buf[1 << 14];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, h->body)) > 0)
            fwrite(buf, 1, n, o);
    }
    fputs("</body>\n</html>\n", o);
}

static void html_destroy(tgReport_sink *s)
{
    html_state *h = s->state;
    if (h == NULL)
        return;
    forget_findings(h);
    free(h->found);
    for (size_t i = 0; i < h->nrows; i++)
        free(h->rows[i].path);
    free(h->rows);
    fclose(h->body);
    free(h);
}

const tgReport_ops tgReport_html_ops = {.begin = html_begin,
                                        .file_begin = html_file_begin,
                                        .diag = html_diag,
                                        .file_end = html_file_end,
                                        .end = html_end,
                                        .destroy = html_destroy,
                                        .parts = html_parts};
