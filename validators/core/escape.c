/* escape.c - see escape.h. */
#include "escape.h"

#include <string.h>

#include "unicode.h"

/* Length of the valid UTF-8 sequence at s (1..4), or 0 if invalid. */
static size_t utf8_len(const unsigned char *s)
{
    size_t n = s[0] < 0xE0 ? 2 : s[0] < 0xF0 ? 3 : 4;
    tgU_state st = {0, 0, 0};
    for (size_t i = 0; i < n; i++)
        if (s[i] == 0)
            return 0;
    tgU_result r = tgU_scan(&st, s, n);
    return r.bad == SIZE_MAX && !tgU_incomplete(&st) ? n : 0;
}

void tgJ_str(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', f);
    while (*p) {
        unsigned char c = *p;
        if (c == '"' || c == '\\') {
            fputc('\\', f);
            fputc(c, f);
        } else if (c == '\n') {
            fputs("\\n", f);
        } else if (c < 0x20 || c == 0x7F) {
            fprintf(f, "\\u%04x", c);
        } else if (c >= 0x80) {
            size_t n = utf8_len(p);
            if (n == 0) {
                fprintf(f, "\\u%04x", c);
            } else {
                fwrite(p, 1, n, f);
                p += n;
                continue;
            }
        } else {
            fputc(c, f);
        }
        p++;
    }
    fputc('"', f);
}

void tgX_text(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned char c = *p;
        switch (c) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default:
            if (c >= 0x80) {
                size_t n = utf8_len(p);
                if (n) {
                    fwrite(p, 1, n, f);
                    p += n;
                    continue;
                }
                fputc('?', f);
            } else if (c < 0x20 && c != '\t' && c != '\n') {
                fputc('?', f);
            } else {
                fputc(c, f);
            }
        }
        p++;
    }
}

void tgX_plain(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        /* a run of characters that are written as they are, at once */
        const unsigned char *run = p;
        size_t n;
        while ((n = *p >= 0x80 ? utf8_len(p) : *p >= 0x20 && *p != 0x7F))
            p += n;
        if (p > run)
            fwrite(run, 1, (size_t)(p - run), f);
        if (*p)
            fprintf(f, "\\x%02x", *p++);
    }
}

const char *tgX_quoted(const unsigned char *p, size_t n, char *buf, size_t cap)
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
