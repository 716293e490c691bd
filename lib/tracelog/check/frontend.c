/* frontend.c - the TraceLog front end: line after line, then what the
 * end of the file settles.  Memory is the window's line, the text index
 * and the state of live threads and ids: never the file. */
#include <stdio.h>
#include <string.h>

#include "fast.h"

/* The last line lacks its line end: if it lacked what its record needs
 * too, the file was cut inside it (T-1, said); if not, it is whole. */
static void last_line(tl_check *k)
{
    if (!k->cut)
        tl_report(k, TL_LINE_UNENDED, k->at + k->n, 0, "LF",
                  "the end of the input");
}

void tgTracelog_check(tgEngine_check *c, tgWindow *w)
{
    tl_check k;
    memset(&k, 0, sizeof k);
    k.c = c;
    k.w = w;
    k.line = 1;
    k.column = 1;
    k.vstools = c->profile == TL_PROFILE_VSTOOLS;
    /* tl_frame() looks at up to one byte past the longest line allowed */
    static const unsigned char marks[3] = {'\n', '\r', '\t'};
    tgTextindex_init(&k.index, marks, ' ', w->max_need + 1);
    tl_tags_init(&k);
    tl_fast_init(&k);
    tl_refs_init(&k);
    for (;;) {
        tl_plain_lines(&k); /* most lines */
        if (k.stop || !tl_frame(&k))
            break;
        tl_line(&k);
        if (k.term == 0)
            last_line(&k);
    }
    if (!k.stop)
        tl_refs_end(&k);
    snprintf(c->layout, sizeof c->layout, "CoreProfiler TraceLog, %s",
             k.eol_seen == 3   ? "mixed LF and CRLF line ends"
             : k.eol_seen == 2 ? "CRLF line ends"
             : k.eol_seen == 1 ? "LF line ends"
                               : "no line end");
    tl_refs_free(&k);
    tgTextindex_free(&k.index);
}
