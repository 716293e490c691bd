/* outline.h - a file's parts kept whole for a report (outline.c). */
#ifndef TG_SHOW_OUTLINE_H
#define TG_SHOW_OUTLINE_H

#include "show.h"

/* The depth to which the HTML report and the browser page show a file's
 * parts: one number, so that the two show the same. */
#define TG_REPORT_PARTS_DEPTH 1

/* Entries kept at most per file, and the longest text of one. */
#define SHOW_OUTLINE_ENTRIES 4096
#define SHOW_OUTLINE_TEXT    240

enum { SHOW_E_PART, SHOW_E_SUMMARY, SHOW_E_FINDING };

typedef struct show_entry {
    int type;       /* SHOW_E_*                                    */
    unsigned depth; /* of a part; a summary's and a finding's: below
                       the part they are in                        */
    uint64_t offset, length, line;
    char *kind, *label, *path; /* a part; a summary's text is its label */
    uint64_t seq;              /* a finding: its seq in the file        */
    int open;                  /* a part that holds a finding           */
} show_entry;

typedef struct show_outline {
    show_tree tree;
    show_stats stats;
    show_entry *e;
    size_t n, cap;
    uint64_t dropped; /* entries past SHOW_OUTLINE_ENTRIES */
    int nomem;
} show_outline;

/*! show_outline_new() : an outline that shows parts to `depth`. */
show_outline *show_outline_new(unsigned depth);
void show_outline_node(show_outline *o, const tg_node *n);
void show_outline_diag(show_outline *o, const tg_diag *d);
/*! show_outline_end() : the last summary, and the parts marked open. */
void show_outline_end(show_outline *o);
void show_outline_free(show_outline *o);

#endif
