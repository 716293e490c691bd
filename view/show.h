/* show.h - `tracegate show` and the HTML report: a trace's parts as the
 * checker reads them (tg_checker_set_node_fn()), folded past a depth, with
 * statistics and the bytes around an offset.
 *
 *   tree.c   which parts are shown and which are summed into a summary
 *   stats.c  counts per kind, group and thread, and the time span
 *   dump.c   the bytes around an offset: hex rows, or a text line
 *   at.c     the part that owns an offset or a line (--at)
 *   text.c, json.c   the two writers of `show`
 *   command.c        the command */
#ifndef TG_SHOW_H
#define TG_SHOW_H

#include <stdint.h>
#include <stdio.h>

#include "tracegate.h"

/* The version of spec/show.schema.json that `show --report json` writes. */
#define SHOW_SCHEMA_VERSION 1

/* Kinds a summary names one by one; the rest are counted together. */
#define SHOW_SUMMARY_KINDS 6
/* Threads a summary names one by one. */
#define SHOW_SUMMARY_THREADS 4
/* The nesting the tree follows: a part deeper than this is summed into
 * the summary of its shown ancestor, whatever --depth says. */
#define SHOW_MAX_DEPTH 32

/* The timestamps seen: their least and greatest. */
typedef struct show_span {
    int has; /* one was seen */
    int64_t min, max;
} show_span;

static inline void show_span_add(show_span *s, int64_t t)
{
    if (!s->has || t < s->min)
        s->min = t;
    if (!s->has || t > s->max)
        s->max = t;
    s->has = 1;
}

/* The parts below a shown part that are not shown, summed. */
typedef struct show_summary {
    uint64_t count;
    struct {
        char kind[32];
        uint64_t n;
    } kinds[SHOW_SUMMARY_KINDS];
    unsigned nkinds;
    uint64_t other_kinds; /* parts of kinds past SHOW_SUMMARY_KINDS */
    show_span time;
    uint64_t threads[SHOW_SUMMARY_THREADS];
    unsigned nthreads;
    int more_threads;     /* threads past SHOW_SUMMARY_THREADS were seen */
    uint64_t offset, end; /* the bytes they cover */
    uint64_t line;        /* the first one's line, 0 in a binary format */
} show_summary;

/* What the tree hands a writer, in the input's order. */
typedef struct show_sink {
    void (*node)(void *ctx, const tg_node *n);
    void (*summary)(void *ctx, unsigned depth, const show_summary *s);
    /* a finding, at the depth below the shown part that holds it */
    void (*finding)(void *ctx, unsigned depth, const tg_diag *d);
    void *ctx;
} show_sink;

typedef struct show_tree {
    unsigned max_depth;
    show_sink sink;
    /* the shown parts that hold the one read last, by depth */
    struct {
        uint64_t offset, end;
    } open[SHOW_MAX_DEPTH + 1];
    unsigned nopen;
    show_summary pending; /* parts not shown since the last shown one */
    /* the part read last, shown or not: a finding in it is its own */
    uint64_t last_offset, last_end;
} show_tree;

/*! show_tree_init() : a tree showing parts to max_depth into sink. */
void show_tree_init(show_tree *t, unsigned max_depth, const show_sink *sink);
void show_tree_node(show_tree *t, const tg_node *n);
void show_tree_diag(show_tree *t, const tg_diag *d);
/*! show_tree_end() : the summary still pending, if any. */
void show_tree_end(show_tree *t);

/* ---- stats.c ---- */
/* Distinct keys a table counts one by one; the parts past them are
 * counted as "other" and the cap is said. */
#define SHOW_STATS_KEYS 4096
/* The longest key kept; a longer one is cut, and counted as cut. */
#define SHOW_STATS_KEY 120

typedef struct show_count {
    char *key;
    uint64_t n;
} show_count;

typedef struct show_table {
    show_count *slots; /* open addressing, 2 * SHOW_STATS_KEYS */
    size_t used;
    uint64_t other; /* parts whose key came after the table was full */
    int nomem;
} show_table;

typedef struct show_stats {
    uint64_t parts;
    show_table kinds, groups, threads;
    show_span time;
} show_stats;

void show_stats_init(show_stats *s);
void show_stats_add(show_stats *s, const tg_node *n);
/*! show_stats_sorted() : the table's counts, most first, then by key:
 *  an array of t->used pointers to free(), or NULL when t is empty or
 *  there is no memory. */
show_count **show_stats_sorted(const show_table *t);
void show_stats_free(show_stats *s);

/* ---- dump.c ---- */
#define SHOW_DUMP_ROWS                                                        \
    8 /* hex rows at most: 2 before, 4 of the bytes, 2 after */
#define SHOW_DUMP_LINE 160 /* bytes of a text line shown at most */

typedef struct show_dump {
    int text; /* 1: line below, else rows */
    /* binary: rows of 16 bytes, the bytes at fault marked */
    struct {
        uint64_t offset;
        unsigned char b[16];
        unsigned n;
        uint16_t marked; /* bit i: b[i] is at fault */
    } rows[SHOW_DUMP_ROWS];
    unsigned nrows;
    /* text: the line (or the part of it around the offset), the bytes at
     * fault from mark_at for mark_len */
    char line[SHOW_DUMP_LINE + 1];
    size_t line_len;
    size_t mark_at, mark_len;
    int cut_before, cut_after; /* the line goes on past what is shown */
} show_dump;

/*! show_dump_read() : the bytes around [offset, offset + length) of the
 *  file open on fd (text: its line).  @return 0, or -1 when they cannot
 *  be read back (a pipe). */
int show_dump_read(int fd, int text, uint64_t offset, uint64_t length,
                   show_dump *d);
/*! show_dump_row() : row r of d (offset, hex, text) after indent, each
 *  byte at fault between mark_on and mark_off, each text character
 *  written by put() (which escapes it for the page, if need be). */
void show_dump_row(FILE *o, const show_dump *d, unsigned r, const char *indent,
                   const char *mark_on, const char *mark_off,
                   void (*put)(FILE *o, int c));
/*! show_dump_text() : d for a terminal: hex and text columns with a
 *  marker row, or the line and a caret, each line after indent. */
void show_dump_text(FILE *o, const show_dump *d, const char *indent);

/* ---- at.c ---- */
typedef struct show_at {
    uint64_t want; /* the offset, or the line of a text format */
    /* the deepest part that holds offset `want`, and the part that holds
     * line `want`: which is meant is known once the format is */
    struct show_owner {
        int found;
        unsigned depth;
        uint64_t offset, length, line;
        char kind[32], path[512], label[256];
    } by_offset, by_line;
} show_at;

void show_at_init(show_at *a, uint64_t want);
void show_at_node(show_at *a, const tg_node *n);
/*! show_at_owner() : the owner, for a text format (by line) or not. */
const struct show_owner *show_at_owner(const show_at *a, int text);

#endif
