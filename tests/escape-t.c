/* escape-t.c - the report writers' escaping (view/escape.c): one UTF-8
 * character's length against RFC 3629's table of well-formed byte
 * sequences (section 4), its edges one by one, and what the JSON and XML
 * writers make of bytes that are not UTF-8.  Failure: a length or a text
 * that differs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "tap.h"

/* What f was written, as a NUL-terminated text (a static buffer). */
static const char *written(FILE *f)
{
    static char text[256];
    long n = ftell(f);
    rewind(f);
    size_t got = fread(text, 1, n > 0 ? (size_t)n : 0, f);
    text[got] = '\0';
    rewind(f);
    return text;
}

int main(void)
{
    static const struct {
        const char *s;
        int length;
        const char *what;
    } rows[] = {
        {"a", 1, "ASCII"},
        {"\x7f", 1, "U+007F, the last of one byte"},
        {"", 0, "the NUL"},
        {"\xc2\x80", 2, "U+0080, the first of two"},
        {"\xc3\xa9", 2, "U+00E9"},
        {"\xdf\xbf", 2, "U+07FF, the last of two"},
        {"\xc0\x80", 0, "C0: an overlong form"},
        {"\xc1\xbf", 0, "C1: an overlong form"},
        {"\x80", 0, "a continuation byte alone"},
        {"\xc3(", 0, "a lead byte and no continuation"},
        {"\xc3", 0, "a lead byte at the NUL"},
        {"\xe0\xa0\x80", 3, "U+0800, the first of three"},
        {"\xe0\x9f\xbf", 0, "E0 9F: an overlong form"},
        {"\xed\x9f\xbf", 3, "U+D7FF, below the surrogates"},
        {"\xed\xa0\x80", 0, "ED A0: a surrogate"},
        {"\xef\xbf\xbf", 3, "U+FFFF"},
        {"\xe1\x80", 0, "three bytes cut at the NUL"},
        {"\xf0\x90\x80\x80", 4, "U+10000, the first of four"},
        {"\xf0\x8f\xbf\xbf", 0, "F0 8F: an overlong form"},
        {"\xf0\x9f\x98\x80", 4, "U+1F600"},
        {"\xf4\x8f\xbf\xbf", 4, "U+10FFFF, the last"},
        {"\xf4\x90\x80\x80", 0, "F4 90: past U+10FFFF"},
        {"\xf5\x80\x80\x80", 0, "F5: past U+10FFFF"},
        {"\xff", 0, "FF: never in UTF-8"},
        {"\xf0\x9f\x98", 0, "four bytes cut at the NUL"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char what[96];
        snprintf(what, sizeof what, "tgEscape_utf8_length(): %s is %d",
                 rows[i].what, rows[i].length);
        is_int((int)tgEscape_utf8_length(rows[i].s), rows[i].length, what);
    }

    FILE *f = tmpfile();
    if (f == NULL)
        bail("no temporary file");
    tgEscape_json(f, "a\xc3\xa9\xff\"");
    is_str(written(f), "\"a\xc3\xa9\\u00ff\\\"\"",
           "JSON: U+00E9 kept, FF as \\u00ff, the quote escaped");
    tgEscape_xml(f, "<\xed\xa0\x80&");
    is_str(written(f), "&lt;???&amp;", "XML: each byte of a surrogate a ?");
    fclose(f);
    return done_testing();
}
