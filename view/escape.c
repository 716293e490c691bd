/* escape.c - see escape.h. */
#include "escape.h"

#include <string.h>

#include "tracegate.h"

size_t tgEscape_utf8_length(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    unsigned c = p[0], lo = 0x80, hi = 0xBF;
    if (c < 0x80)
        return c != 0;
    if (c < 0xC2 || c > 0xF4) /* a continuation, an overlong lead, past */
        return 0;
    size_t n = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (c == 0xE0) /* the second byte's range, where it is not 80..BF */
        lo = 0xA0;
    else if (c == 0xED)
        hi = 0x9F;
    else if (c == 0xF0)
        lo = 0x90;
    else if (c == 0xF4)
        hi = 0x8F;
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++) /* a NUL stops it here, unread past */
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

void tgEscape_json(FILE *f, const char *s)
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
            size_t n = tgEscape_utf8_length((const char *)p);
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

void tgEscape_json_member(FILE *f, const char *key, const char *v)
{
    fprintf(f, ",\"%s\":", key);
    if (v)
        tgEscape_json(f, v);
    else
        fputs("null", f);
}

void tgEscape_xml(FILE *f, const char *s)
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
                size_t n = tgEscape_utf8_length((const char *)p);
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

void tgEscape_plain(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        /* a run of characters that are written as they are, at once */
        const unsigned char *run = p;
        size_t n;
        while ((n = *p >= 0x80 ? tgEscape_utf8_length((const char *)p)
                               : *p >= 0x20 && *p != 0x7F))
            p += n;
        if (p > run)
            fwrite(run, 1, (size_t)(p - run), f);
        if (*p)
            fprintf(f, "\\x%02x", *p++);
    }
}
