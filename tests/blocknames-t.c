/* blocknames-t.c - the v4/v5 object names a NetTrace block is known by
 * (nt_object_block()), against the names as NetTraceFormat_v5.md
 * spells them: "Trace", "EventBlock", "MetadataBlock", "StackBlock"
 * and "SPBlock", byte for byte and case included.  Each name is looked up
 * in an allocation of exactly the bytes said to be readable (no byte past
 * them may be read), with fewer than 16 (compared byte by byte) and with
 * 16 or more, other bytes after it (compared as one block, the bytes past
 * the name masked).  Every one-byte change, every shorter and every longer
 * length must name no block.  Built twice: with SIMD where the compiler
 * has it, and with core/scan16.h's plain C (blocknames-portable-t).
 * Failure: a name not found, found as another block, or a near miss
 * found. */
#include <stdlib.h>
#include <string.h>

#include "nettrace/check/check.h"
#include "tap.h"

static const struct {
    const char *name;
    enum nt_block kind;
} names[] = {
    {"Trace", NT_B_TRACE},
    {"EventBlock", NT_B_EVENT},
    {"MetadataBlock", NT_B_METADATA},
    {"StackBlock", NT_B_STACK},
    {"SPBlock", NT_B_SP},
};

/* The block p[0..len) names, read from a copy of `readable` bytes: the
 * name, then 'k' bytes (a byte no name has at that place). */
static enum nt_block lookup(const unsigned char *p, size_t len,
                            size_t readable)
{
    unsigned char *copy = malloc(readable ? readable : 1);
    if (copy == NULL)
        abort();
    memset(copy, 'k', readable);
    memcpy(copy, p, len < readable ? len : readable);
    enum nt_block b = nt_object_block(copy, len, readable);
    free(copy);
    return b;
}

int main(void)
{
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const unsigned char *name = (const unsigned char *)names[i].name;
        size_t len = strlen(names[i].name);
        unsigned long wrong = 0, near = 0;
        for (size_t readable = len; readable <= 40; readable++) {
            wrong += lookup(name, len, readable) != names[i].kind;
            unsigned char edit[40];
            memcpy(edit, name, len);
            for (size_t at = 0; at < len; at++) {
                for (unsigned flip = 1; flip < 256; flip <<= 1) {
                    edit[at] = name[at] ^ (unsigned char)flip;
                    near += lookup(edit, len, readable) != NT_B_NONE;
                }
                edit[at] = name[at];
            }
            near += lookup(name, len - 1, readable) != NT_B_NONE;
            if (readable > len) { /* the name and one more byte */
                edit[len] = 'k';
                near += lookup(edit, len + 1, readable) != NT_B_NONE;
            }
        }
        ok(wrong == 0 && near == 0,
           "%s: found from %zu to 40 readable bytes, no one-bit change, "
           "shorter or longer name found (%lu wrong, %lu near misses "
           "found)",
           names[i].name, len, wrong, near);
    }
    static const unsigned char zeros[40];
    ok(nt_object_block(zeros, 0, 40) == NT_B_NONE &&
           nt_object_block(zeros, 0, 0) == NT_B_NONE,
       "an empty name is no block");
    /* the longest name with 'k' bytes after it up to 16 and more: no
     * name is that long */
    unsigned char longer[40];
    memset(longer, 'k', sizeof longer);
    memcpy(longer, "MetadataBlock", 13);
    unsigned long found = 0;
    for (size_t len = 14; len <= 40; len++)
        found += lookup(longer, len, len) != NT_B_NONE;
    ok(found == 0, "names of 14 to 40 bytes are no block (%lu found)", found);
    return done_testing();
}
