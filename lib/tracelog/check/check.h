/* check.h - the TraceLog checker's state, shared by its files:
 *   frontend.c  the line loop, and what the end of the file settles
 *   lex.c       lines, fields, line:column, findings
 *   items.c     each item by its kind (items.def, parts.def)
 *   records.c   each line against its row of records.def
 *   fast.h      the common line read in one pass, inlined in records.c
 *   config.c    the profiler settings of prf cfg
 *   refs.c      internal ids, threads and stacks across lines */
#ifndef TG_TL_CHECK_H
#define TG_TL_CHECK_H

#include <string.h>

#include "../../core/digits.h"
#include "../../core/quote.h"
#include "../../core/idmap.h"
#include "../../core/ranges.h"
#include "../../core/textindex.h"
#include "../tracelog.h"

/* the table of tags (records.c): 2^TL_TAG_BITS slots */
#define TL_TAG_BITS  8
#define TL_TAG_SLOTS (1u << TL_TAG_BITS)

/* threads whose table entries are kept at hand (a power of two) */
#define TL_FOUND_THREADS 8

/* 8-digit hexadecimal items fast.h has read and valued, kept by hash:
 * 2^TL_HEX8_BITS of them */
#define TL_HEX8_BITS 4

/* An 8-digit hexadecimal item's digits as a word (the first in the
 * lowest byte; 0: none, no digit is a zero byte) and their value. */
typedef struct tl_hex8 {
    uint64_t digits;
    uint64_t value;
} tl_hex8;

/* The objects internal ids name (seed, "Format rules"). */
enum tl_obj { TL_OBJ_THREAD, TL_OBJ_CLASS, TL_OBJ_FUNCTION, TL_NOBJ };

/* A place in the file, kept for a finding reported at its end. */
typedef struct tl_site {
    uint64_t at, line, record;
    uint32_t column, len;
    int16_t rec, field, part; /* as in tl_check, for the path */
} tl_site;

/* What an item held: its value, whether it is a number at all (not ?,
 * and read without a finding), and where it is. */
typedef struct tl_val {
    uint64_t u;
    uint64_t at;
    uint32_t n;
    int16_t field, part; /* where it is, for the path             */
    /* 16 bits, not a char type: the compiler takes a char stored to
     * alias anything, so it would load the line again (k->p) after
     * each value the fast path notes */
    uint16_t ok;      /* read, and a number                    */
    uint16_t decimal; /* a thread field as a decimal number    */
} tl_val;

/* A thread's stack and sample state (TL-A14, TL-A15). */
typedef struct tl_thread {
    uint64_t last_ts; /* of its last sample                 */
    uint32_t depth;   /* the depth its last stack sample left */
    uint8_t sampled;  /* it has a sample                    */
    uint8_t lost;     /* a stack sample was not read: depth unknown */
} tl_thread;

/* A thread iid and its state in the table of threads. */
typedef struct tl_found {
    uint64_t id;
    tl_thread *t;
} tl_found;

typedef struct tl_check {
    tgEngine_check *c;
    tgWindow *w;
    /* the current line */
    const unsigned char *p; /* its bytes, without the line end     */
    size_t n;
    uint64_t at;     /* offset of its first byte              */
    uint64_t line;   /* its line number (1-based)             */
    uint64_t column; /* column of its first byte              */
    uint64_t record; /* its index among the lines (0-based)   */
    size_t bit;      /* the index's bit of p[0]               */
    size_t term;     /* bytes of its line end: 0, 1 or 2       */
    int bare_cr;     /* it ended at a CR alone                */
    int tabs;        /* it holds a tab                        */
    int rec;         /* its record (enum tl_record), or -1    */
    size_t cur;      /* the next field starts here            */
    int field, part; /* being read, for paths: -1 = none      */
    int quiet;       /* read it without findings              */
    int fast_off;    /* fast.h reads no line (tgEngine_fast_paths()) */
    int fast_canon;  /* fast.h takes only the canonical hexadecimal
                        forms: TL-HEX-003 is on                        */
    int fast_thread; /* it may read thread fields: TL-RDR-005 is off   */
    int fast_ip;     /* it may read 0x IPs: TL-RDR-008 is off          */
    /* the ids most lines repeat (threads, classes, modules): each read
     * once by hex(), then known by its digits */
    tl_hex8 hex8[1u << TL_HEX8_BITS];
    tl_val parts[TL_MAX_PARTS]; /* of the compound item read last */
    int nparts;
    int unended;      /* it ends the input without a line end    */
    int cut;          /* the input was found cut short in it (T-1) */
    int vstools;      /* the vstools-compat profile: the readers' forms */
    uint64_t qtn_at;  /* the quoted name read last: where it starts */
    uint32_t qtn_len; /* and its length, quotes included             */
    char path[96];
    tgTextindex index;
    /* the file */
    int eol_seen;    /* bit 0 LF, bit 1 CRLF                        */
    int stop;        /* checking ends (a limit)                     */
    int tracking;    /* cross-line state still kept                 */
    int started;     /* a prf stm was read                          */
    int record_seen; /* a record was read                          */
    /* records.def's tags, packed, by hash (records.c), and their records
     * + 1; in 256 slots, today's 32 tags each have one of their own, so
     * a line's tag is found at the first probe */
    uint64_t tags[TL_TAG_SLOTS];
    unsigned char tag_rec[TL_TAG_SLOTS];
    /* across lines (refs.c) */
    tgIdmap threads;           /* thread iid -> tl_thread, while
                                     it has not ended                 */
    tgRanges defined[TL_NOBJ]; /* internal ids defined, by object  */
    tgRanges named[TL_NOBJ];   /* ids a cls nam or fun nam names   */
    tgIdmap pending[TL_NOBJ];  /* id used before any definition ->
                                     its index in refs, + 1           */
    struct tl_ref *refs;       /* those uses, in file order        */
    size_t nrefs, cap_refs;
    /* the defined range a use was last found in, by object: ids used
     * over and over are found without the tree (ranges only grow) */
    struct {
        uint64_t first, last;
        int ok;
        /* the part of it 8 hexadecimal digits can name, as their keys
         * (tgDigits_hex8_key()); hex8_ok 0 when no such id is in it */
        uint64_t first_key, last_key;
        int hex8_ok;
    } near[TL_NOBJ];
    /* threads last found in `threads`, by the low bits of their iids
     * (counted from 0, so the few live ones take slots of their own),
     * while no insert or removal has moved the table's values (t NULL:
     * none) */
    tl_found found_thread[TL_FOUND_THREADS];
    uint64_t next_id[TL_NOBJ]; /* what a counter from 0 gives next */
    int counted[TL_NOBJ];      /* TL-ID-002 said for this object   */
} tl_check;

/* ---- lex.c ---- */
/*! tl_frame() : the next line (k->p, k->n); 0 at the end of the input or
 *  when checking stops. */
int tl_frame(tl_check *k);
/*! tl_plain_lines() : frame and read (tl_line()) the lines that follow
 *  while each is plain: ended by an LF that is its first mark, within
 *  what the window and the index hold, and within the limit.  Nothing is
 *  done of the first that is not: tl_frame() frames it. */
void tl_plain_lines(tl_check *k);
/*! tl_report() : report rule at [at, at + len) of the current line, at
 *  the field and part being read. */
int64_t tl_report(tl_check *k, size_t rule, uint64_t at, uint64_t len,
                  const char *exp, const char *found);
int64_t tl_report_site(tl_check *k, size_t rule, const tl_site *s,
                       const char *exp, const char *found);
/*! tl_report_val() : report rule at the item v of the current line. */
int64_t tl_report_val(tl_check *k, size_t rule, const tl_val *v,
                      const char *exp, const char *found);
tl_site tl_site_of(const tl_check *k, uint64_t at, uint64_t len);
/*! tl_next_field() : the next field of the line, [*s, *e) in k->p; 0 at
 *  the line's end.  Fields are cut at single spaces (TL-LIN-005 for
 *  any other separator). */
int tl_next_field(tl_check *k, size_t *s, size_t *e);
/*! tl_field_start(), tl_field_end() : the two halves of tl_next_field():
 *  where the next field starts (0 at the line's end), and where the field
 *  at s ends, with k->cur past it. */
int tl_field_start(tl_check *k, size_t *s);
size_t tl_field_end(tl_check *k, size_t s);
/*! tl_field_past() : k->cur past a field that ends at e (said if what
 *  ends it is the line's last byte). */
void tl_field_past(tl_check *k, size_t e);
/*! tl_limit() : the checker stops tracking state across lines
 *  (TL-LIM-001). */
void tl_limit(tl_check *k, const char *what);
/*! tl_cut() : the last line, without a line end, is incomplete: the input
 *  was cut short in it (T-1).  TL-CUT-001 for the line, and the rest of
 *  it read quietly. */
void tl_cut(tl_check *k);

/* ---- items.c ---- */
/*! tl_item() : read the field [s, e) of the line as item `item`
 *  (top: a top-level field, not a part), into *v; 0 when it is not one
 *  (said), 1 when it is. */
int tl_item(tl_check *k, int item, int top, size_t s, size_t e, tl_val *v);
/*! tl_quoted() : a quoted name starting at s: its end past the closing
 *  quote in *e; 0 when it is none (said). */
int tl_quoted(tl_check *k, size_t s, size_t *e);
/*! tl_is_reason() : whether p[0..n) is a GC's reason: induced or ?
 *  (TL-18).  Both paths ask it. */
static inline int tl_is_reason(const unsigned char *p, size_t n)
{
    return (n == 7 && memcmp(p, "induced", 7) == 0) || (n == 1 && *p == '?');
}
/*! tl_is_gen_flags() : whether p[0..n) is a GC's generation flags: four
 *  of t and f (TL-A11).  Both paths ask it. */
static inline int tl_is_gen_flags(const unsigned char *p, size_t n)
{
    if (n != 4)
        return 0;
    for (size_t i = 0; i < 4; i++)
        if (p[i] != 't' && p[i] != 'f')
            return 0;
    return 1;
}

/* ---- records.c ---- */
void tl_tags_init(tl_check *k);
/*! tl_line() : read the current line; then no record, field or part is
 *  being read. */
void tl_line(tl_check *k);

/* ---- config.c ---- */
void tl_config(tl_check *k, size_t ks, size_t ke, size_t vs, size_t ve);

/* ---- refs.c ---- */
void tl_refs_init(tl_check *k);
void tl_refs_free(tl_check *k);
void tl_define(tl_check *k, enum tl_obj o, const tl_val *v);
/*! tl_name() : a name record (cls nam, fun nam) names object v: that
 *  defines the id for its uses (TL-A16), but is no second object of it
 *  (TL-ID-001, TL-ID-002). */
void tl_name(tl_check *k, enum tl_obj o, const tl_val *v);
void tl_use(tl_check *k, enum tl_obj o, const tl_val *v);
/*! tl_near() : whether id is in the range of object o last found
 *  defined (then it is defined: ranges only grow). */
static inline int tl_near(const tl_check *k, enum tl_obj o, uint64_t id)
{
    return k->near[o].ok &&
           id - k->near[o].first <= k->near[o].last - k->near[o].first;
}
/*! tl_near_hex8() : tl_near() of the id whose 8 hexadecimal digits are
 *  the bytes of w (as tgBytes_le64() reads them), without their value. */
static inline int tl_near_hex8(const tl_check *k, enum tl_obj o, uint64_t w)
{
    return k->near[o].hex8_ok &&
           tgDigits_hex8_key(w) - k->near[o].first_key <=
               k->near[o].last_key - k->near[o].first_key;
}
/*! tl_kept_thread() : the state of thread iid id where found_thread
 *  keeps it, else NULL (the table of threads is to be asked). */
static inline tl_thread *tl_kept_thread(const tl_check *k, uint64_t id)
{
    const tl_found *f = &k->found_thread[id & (TL_FOUND_THREADS - 1)];
    return f->t && f->id == id ? f->t : NULL;
}
/*! tl_use_item() : tl_use() of the thread, class or function an item
 *  names; inline, since most lines name one and most frames one each,
 *  and most are in a range just found (a thread: and kept at hand, so
 *  that it has not ended). */
static inline void tl_use_item(tl_check *k, enum tl_obj o, const tl_val *v)
{
    if (!tl_near(k, o, v->u) ||
        (o == TL_OBJ_THREAD && !tl_kept_thread(k, v->u)))
        tl_use(k, o, v);
}
/*! tl_end_thread() : thread v has ended (thr dst): its state goes, and
 *  a later use of it is TL-REF-002. */
void tl_end_thread(tl_check *k, const tl_val *v);
/*! tl_thread_of() : the state of thread iid v, or NULL (?, a limit). */
tl_thread *tl_thread_of(tl_check *k, const tl_val *v);
/*! tl_use_thread() : tl_use() of thread v, then its tl_thread_of().
 *  Inline for the thread of most sample lines, defined and kept at hand;
 *  tl_use_thread_rest() does the rest. */
tl_thread *tl_use_thread_rest(tl_check *k, const tl_val *v);
static inline tl_thread *tl_use_thread(tl_check *k, const tl_val *v)
{
    tl_thread *t;
    if (v->ok && k->tracking && tl_near(k, TL_OBJ_THREAD, v->u) &&
        (t = tl_kept_thread(k, v->u)) != NULL)
        return t; /* defined, and not ended */
    return tl_use_thread_rest(k, v);
}
/*! tl_refs_end() : what the end of the file settles (TL-REF-001). */
void tl_refs_end(tl_check *k);

/* ---- show.c ---- */
/*! tl_show_line() : hand the current line, framed and not yet read, to
 *  the caller that wants the input's parts; r is the record its tag
 *  names, or -1. */
void tl_show_line(tl_check *k, int r);

#endif
