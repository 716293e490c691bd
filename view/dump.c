/* dump.c - the bytes around an offset, read back from the file: hex rows
 * of 16 with the bytes at fault marked, or, in a text format, the line
 * that holds the offset with the bytes at fault under a caret. */
#include <inttypes.h>
#include <string.h>
#include <unistd.h>

#include "show.h"
#include "escape.h"

/* Rows shown before and after the bytes at fault, and rows of them. */
enum { ROWS_AROUND = 2, ROWS_MARKED = SHOW_DUMP_ROWS - 2 * ROWS_AROUND };
/* How far back and on a text line is looked for. */
#define LINE_LOOK 4096u

static long read_at(int fd, unsigned char *buf, size_t n, uint64_t at)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = pread(fd, buf + got, n - got, (off_t)(at + got));
        if (r < 0)
            return -1;
        if (r == 0)
            break;
        got += (size_t)r;
    }
    return (long)got;
}

static int dump_rows(int fd, uint64_t offset, uint64_t length, show_dump *d)
{
    uint64_t first = offset / 16;
    first = first > ROWS_AROUND ? first - ROWS_AROUND : 0;
    uint64_t marked_rows =
        length ? (offset + length - 1) / 16 - offset / 16 + 1 : 1;
    if (marked_rows > ROWS_MARKED)
        marked_rows = ROWS_MARKED;
    uint64_t last = offset / 16 + marked_rows - 1 + ROWS_AROUND;
    unsigned char buf[SHOW_DUMP_ROWS * 16];
    size_t want = (size_t)(last - first + 1) * 16;
    long got = read_at(fd, buf, want, first * 16);
    if (got < 0)
        return -1;
    d->nrows = 0;
    for (uint64_t r = first; r <= last && (r - first) * 16 < (uint64_t)got;
         r++) {
        size_t at = (size_t)(r - first) * 16;
        unsigned n = (size_t)got - at < 16 ? (unsigned)((size_t)got - at) : 16;
        d->rows[d->nrows].offset = r * 16;
        memcpy(d->rows[d->nrows].b, buf + at, n);
        d->rows[d->nrows].n = n;
        uint16_t m = 0;
        for (unsigned i = 0; i < 16; i++) {
            uint64_t o = r * 16 + i;
            if (length ? o >= offset && o < offset + length : o == offset)
                m |= (uint16_t)(1u << i);
        }
        d->rows[d->nrows].marked = m;
        d->nrows++;
    }
    return 0;
}

static int dump_line(int fd, uint64_t offset, uint64_t length, show_dump *d)
{
    unsigned char buf[2 * LINE_LOOK];
    uint64_t from = offset > LINE_LOOK ? offset - LINE_LOOK : 0;
    long got = read_at(fd, buf, sizeof buf, from);
    if (got < 0)
        return -1;
    size_t at = (size_t)(offset - from);
    if (at > (size_t)got)
        at = (size_t)got;
    size_t start = at, end = at;
    while (start > 0 && buf[start - 1] != '\n')
        start--;
    while (end < (size_t)got && buf[end] != '\n' && buf[end] != '\r')
        end++;
    /* at most SHOW_DUMP_LINE bytes, the offset a quarter in */
    size_t lo = start, hi = end;
    if (hi - lo > SHOW_DUMP_LINE) {
        lo = at - start > SHOW_DUMP_LINE / 4 ? at - SHOW_DUMP_LINE / 4 : start;
        while (lo > start && (buf[lo] & 0xC0) == 0x80)
            lo--;
        hi = lo + SHOW_DUMP_LINE < end ? lo + SHOW_DUMP_LINE : end;
        while (hi > lo && hi < end && (buf[hi] & 0xC0) == 0x80)
            hi--;
    }
    d->cut_before = lo > start;
    d->cut_after = hi < end;
    memcpy(d->line, buf + lo, hi - lo);
    d->line[hi - lo] = 0;
    d->line_len = hi - lo;
    d->mark_at = at - lo;
    d->mark_len = length < hi - at ? (size_t)length : hi - at;
    return 0;
}

static void put_plain(FILE *o, int c) { fputc(c, o); }

void show_dump_row(FILE *o, const show_dump *d, unsigned r, const char *indent,
                   const char *mark_on, const char *mark_off,
                   void (*put)(FILE *o, int c))
{
    fprintf(o, "%s%08" PRIx64 "  ", indent, d->rows[r].offset);
    for (unsigned i = 0; i < 16; i++) {
        int m = d->rows[r].marked >> i & 1;
        if (i < d->rows[r].n)
            fprintf(o, "%s%02x%s ", m ? mark_on : "", d->rows[r].b[i],
                    m ? mark_off : "");
        else
            fputs("   ", o);
        if (i == 7)
            fputc(' ', o);
    }
    fputs(" |", o);
    for (unsigned i = 0; i < d->rows[r].n; i++) {
        unsigned char c = d->rows[r].b[i];
        int m = d->rows[r].marked >> i & 1;
        fputs(m ? mark_on : "", o);
        put(o, c >= 0x20 && c < 0x7F ? c : '.');
        fputs(m ? mark_off : "", o);
    }
    fputs("|\n", o);
}

int show_dump_read(int fd, int text, uint64_t offset, uint64_t length,
                   show_dump *d)
{
    memset(d, 0, sizeof *d);
    d->text = text;
    return text ? dump_line(fd, offset, length, d)
                : dump_rows(fd, offset, length, d);
}

void show_dump_text(FILE *o, const show_dump *d, const char *indent)
{
    if (d->text) {
        fprintf(o, "%s| %s", indent, d->cut_before ? "..." : "");
        /* the line as it is, control characters and bad UTF-8 as \xNN:
         * the caret counts them as 4 columns */
        char safe[SHOW_DUMP_LINE * 4 + 1];
        size_t w = 0, caret = d->cut_before ? 3 : 0, marks = 0;
        for (size_t i = 0; i < d->line_len;) {
            size_t n = tgEscape_utf8_length(d->line + i);
            unsigned char c = (unsigned char)d->line[i];
            size_t cols;
            if (n == 0 || c < 0x20 || c == 0x7F) {
                w += (size_t)snprintf(safe + w, sizeof safe - w, "\\x%02x", c);
                n = 1;
                cols = 4;
            } else {
                memcpy(safe + w, d->line + i, n);
                w += n;
                cols = 1;
            }
            if (i < d->mark_at)
                caret += cols;
            else if (i < d->mark_at + d->mark_len)
                marks += cols;
            i += n;
        }
        safe[w] = 0;
        fprintf(o, "%s%s\n%s| ", safe, d->cut_after ? "..." : "", indent);
        for (size_t i = 0; i < caret; i++)
            fputc(' ', o);
        fputc('^', o);
        for (size_t i = 1; i < marks; i++)
            fputc('~', o);
        fputc('\n', o);
        return;
    }
    for (unsigned r = 0; r < d->nrows; r++) {
        show_dump_row(o, d, r, indent, "", "", put_plain);
        if (d->rows[r].marked == 0)
            continue;
        /* the marker row, to the last byte at fault */
        unsigned last = 15;
        while (!(d->rows[r].marked & (1u << last)))
            last--;
        fprintf(o, "%s          ", indent);
        for (unsigned i = 0; i <= last; i++)
            fprintf(o, "%s%s%s", i == 8 ? " " : "",
                    d->rows[r].marked & (1u << i) ? "^^" : "  ",
                    i < last ? " " : "");
        fputc('\n', o);
    }
}
