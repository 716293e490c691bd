/* fields.c - finding the fields readers trust and setting them to the
 * values that break readers (fields.h). */
#include "fields.h"

#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- binary fields: probing ---------------------------------------- */

typedef struct probe_seen {
    size_t at;
    int hit;
    or_field *f;
} probe_seen;

static void on_probe(void *ctx, const tg_diag *d)
{
    probe_seen *p = ctx;
    if (p->hit || d->offset != p->at)
        return;
    p->hit = 1;
    p->f->width =
        d->length == 1 || d->length == 2 || d->length == 8 ? d->length : 4;
    snprintf(p->f->path, sizeof p->f->path, "%s", d->path ? d->path : "");
}

int or_field_probe(tg_checker *k, unsigned char *scratch,
                   const unsigned char *data, size_t n, size_t at,
                   size_t window, or_field *f)
{
    /* a count is often read until its unit ends, and only an empty one
     * is reported at the count: zero comes last */
    static const unsigned char probes[][4] = {
        {0xff, 0xff, 0xff, 0xff}, {0xff, 0xff, 0xff, 0x7f}, {0, 0, 0, 0}};
    if (at >= n)
        return 0;
    size_t width = n - at < 4 ? n - at : 4;
    size_t checked = n - at > window ? at + window : n;
    probe_seen seen = {at, 0, f};
    for (size_t p = 0; p < sizeof probes / sizeof *probes && !seen.hit; p++) {
        memcpy(scratch + at, probes[p], width);
        tg_checker_check_buffer(k, scratch, checked, NULL, NULL, on_probe,
                                &seen);
        memcpy(scratch + at, data + at, width);
    }
    if (!seen.hit)
        return 0;
    f->offset = at;
    f->text = 0;
    if (f->width > n - at)
        f->width = n - at;
    return 1;
}

/* ---- text fields ----------------------------------------------------- */

int or_field_in_word(unsigned char c)
{
    return isalnum(c) || c == '_' || c == '.';
}

size_t or_field_number_at(const unsigned char *t, size_t n, size_t at)
{
    size_t len = at < n && t[at] == '-' ? 1 : 0;
    if (at + len + 2 < n && t[at + len] == '0' &&
        (t[at + len + 1] | 0x20) == 'x' && isxdigit(t[at + len + 2])) {
        len += 2;
        while (at + len < n && isxdigit(t[at + len]))
            len++;
        return len;
    }
    size_t digits = 0;
    while (at + len + digits < n && isdigit(t[at + len + digits]))
        digits++;
    return digits ? len + digits : 0;
}

int or_field_looks_like_text(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] < 0x20 && p[i] != '\t' && p[i] != '\n' && p[i] != '\r')
            return 0;
    return 1;
}

/* ---- values ------------------------------------------------------------ */

static uint64_t read_le(const unsigned char *p, size_t width)
{
    uint64_t v = 0;
    for (size_t i = width; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

/* Value v of a binary field whose own value is own, masked to its
 * width. */
static uint64_t binary_value(enum or_boundary v, const or_field *f,
                             size_t size, uint64_t own)
{
    uint64_t mask = f->width >= 8 ? UINT64_MAX : (1ull << (8 * f->width)) - 1;
    uint64_t x = 0;
    switch (v) {
    case OR_FV_ZERO: x = 0; break;
    case OR_FV_ONE: x = 1; break;
    case OR_FV_MINUS_ONE: x = UINT64_MAX; break;
    case OR_FV_INT31_MAX: x = INT32_MAX; break;
    case OR_FV_INT31_MAX_UP: x = 1ull << 31; break;
    case OR_FV_UINT32_MAX: x = UINT32_MAX; break;
    case OR_FV_SIGNED_MAX: x = mask >> 1; break;
    case OR_FV_OWN_DOWN: x = own - 1; break;
    case OR_FV_OWN_UP: x = own + 1; break;
    case OR_FV_PAST_END: x = size - f->offset - f->width + 1; break;
    case OR_FV_COUNT: break;
    }
    return x & mask;
}

/* The text of value v for a number field whose own text is own. */
static void text_value(enum or_boundary v, const or_field *f, size_t size,
                       const unsigned char *own, char *out, size_t cap)
{
    char digits[32];
    snprintf(digits, sizeof digits, "%.*s", (int)f->width, (const char *)own);
    int hex = strchr(digits, 'x') || strchr(digits, 'X');
    long long x = strtoll(digits, NULL, 0);
    switch (v) {
    case OR_FV_ZERO: snprintf(out, cap, "0"); return;
    case OR_FV_ONE: snprintf(out, cap, "1"); return;
    case OR_FV_MINUS_ONE: snprintf(out, cap, "-1"); return;
    case OR_FV_INT31_MAX: snprintf(out, cap, "2147483647"); return;
    case OR_FV_INT31_MAX_UP: snprintf(out, cap, "2147483648"); return;
    case OR_FV_UINT32_MAX: snprintf(out, cap, "4294967295"); return;
    case OR_FV_SIGNED_MAX: snprintf(out, cap, "9223372036854775807"); return;
    case OR_FV_OWN_DOWN: x = x == LLONG_MIN ? x : x - 1; break;
    case OR_FV_OWN_UP: x = x == LLONG_MAX ? x : x + 1; break;
    case OR_FV_PAST_END: x = (long long)(size + 1); break;
    case OR_FV_COUNT: break;
    }
    if (hex && x >= 0)
        snprintf(out, cap, "0x%llX", x);
    else
        snprintf(out, cap, "%lld", x);
}

int or_field_value(const or_field *f, const unsigned char *data, size_t n,
                   enum or_boundary v, char text[32], char was[32])
{
    char earlier[32];
    if (f->text) {
        text_value(v, f, n, data + f->offset, text, 32);
        snprintf(was, 32, "%.*s", (int)f->width,
                 (const char *)data + f->offset);
        for (int e = 0; e < (int)v; e++) {
            text_value((enum or_boundary)e, f, n, data + f->offset, earlier,
                       sizeof earlier);
            if (strcmp(earlier, text) == 0)
                return 2;
        }
    } else {
        uint64_t own = read_le(data + f->offset, f->width);
        uint64_t x = binary_value(v, f, n, own);
        for (int e = 0; e < (int)v; e++)
            if (binary_value((enum or_boundary)e, f, n, own) == x)
                return 2;
        snprintf(text, 32, "%" PRIu64, x);
        snprintf(was, 32, "%" PRIu64, own);
    }
    return strcmp(text, was) == 0 ? 2 : 0;
}

size_t or_field_set_size(const or_field *f, size_t n, const char *text)
{
    return n - f->width + (f->text ? strlen(text) : f->width);
}

void or_field_set(const or_field *f, const unsigned char *data, size_t n,
                  const char *text, unsigned char *out)
{
    size_t put = f->text ? strlen(text) : f->width;
    memcpy(out, data, f->offset);
    if (f->text) {
        memcpy(out + f->offset, text, put);
    } else {
        uint64_t x = strtoull(text, NULL, 10);
        for (size_t i = 0; i < put; i++, x >>= 8)
            out[f->offset + i] = (unsigned char)x;
    }
    memcpy(out + f->offset + put, data + f->offset + f->width,
           n - f->offset - f->width);
}
