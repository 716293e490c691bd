/* escape.h - writing untrusted text into JSON and XML reports. */
#ifndef TG_ESCAPE_H
#define TG_ESCAPE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*! tgEscape_utf8_length() : the length (1 to 4) of the well-formed UTF-8
 *  character at s (RFC 3629, section 4: no overlong form, no surrogate,
 *  nothing above U+10FFFF), or 0 if s does not start with one or is at
 *  its NUL.  A finding's texts and a file's lines quote the input, which
 *  need not be UTF-8: the writers below escape what this refuses. */
size_t tgEscape_utf8_length(const char *s);
/*! tgEscape_json() : s as a JSON string literal, quotes included.  Bytes that are
 *  not valid UTF-8 are written as \u00XX so the output is always JSON. */
void tgEscape_json(FILE *f, const char *s);
/*! tgEscape_json_member() : ,"key":v as a JSON member, v a string literal,
 *  or null when v is NULL (key is the caller's, and needs no escape). */
void tgEscape_json_member(FILE *f, const char *key, const char *v);
/*! tgEscape_xml() : s escaped for XML text and attribute values; bytes not
 *  allowed in XML 1.0 become '?'. */
void tgEscape_xml(FILE *f, const char *s);
/*! tgEscape_plain() : s for a plain-text report: valid UTF-8 other than
 *  control characters is written as it is, every other byte as \xNN, so
 *  the report stays UTF-8 and one finding stays on its lines. */
void tgEscape_plain(FILE *f, const char *s);
#endif
