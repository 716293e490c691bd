/* check.h - the NetTrace checker's state and the functions its parts
 * share (frontend.c, frame_*.c, blocks_*.c, meta_*.c, events.c, state.c,
 * payload.c): the cursor over a block's bytes, the varuint decoders, the
 * per-file state, thread, metadata and payload programs. */
#ifndef TG_NETTRACE_CHECK_H
#define TG_NETTRACE_CHECK_H

#include "../../core/idmap.h"
#include "../../core/ranges.h"
#include "../../core/scan16.h"
#include "../nettrace.h"

#define NT_MAX_NAME 1024 /* longest object type name read in full */

/* A bounded cursor over bytes held whole (a block's content). */
typedef struct nt_cur {
    const unsigned char *p, *end;
    const unsigned char *start; /* p at the block start                */
    uint64_t base;              /* input offset of start               */
} nt_cur;

static inline uint64_t nt_off(const nt_cur *c)
{
    return c->base + (uint64_t)(c->p - c->start);
}
static inline size_t nt_left(const nt_cur *c)
{
    return (size_t)(c->end - c->p);
}

/*! nt_sized_row() : the next row of b framed by a u16 size (v6 Thread and
 *  Metadata blocks) into *row, b moving past it.  @return 0, or -1 if the
 *  size field or the row runs past b (nothing moves; the caller reports). */
static inline int nt_sized_row(nt_cur *b, nt_cur *row)
{
    if (nt_left(b) < 2)
        return -1;
    size_t size = (size_t)(b->p[0] | b->p[1] << 8);
    if (size > nt_left(b) - 2)
        return -1;
    nt_cur r = {b->p + 2, b->p + 2 + size, b->start, b->base};
    *row = r;
    b->p = r.end;
    return 0;
}

/* Varuint decoding results: the first two are values read (below
 * NT_VAR_CUT), the others failures. */
enum { NT_VAR_OK = 0, NT_VAR_REDUNDANT, NT_VAR_CUT, NT_VAR_LONG, NT_VAR_BIG };

/*! nt_var_most() : the most bytes a varuint of `bits` (32 or 64) takes:
 *  "at most 5 bytes for a 32 bit int and 10 bytes for a 64 bit long". */
static inline unsigned nt_var_most(unsigned bits)
{
    return bits == 32 ? 5 : 10;
}

/*! nt_varuint() : decode an unsigned LEB128 of at most `bits` (32 or 64)
 *  bits.  @return NT_VAR_OK, _REDUNDANT (read, but with a redundant
 *  trailing zero group), _CUT (runs past the end), _LONG (too many bytes)
 *  or _BIG (value does not fit); p advances only when the value is read. */
int nt_varuint_slow(nt_cur *c, unsigned bits, uint64_t *out);
static inline int nt_varuint(nt_cur *c, unsigned bits, uint64_t *out)
{
    /* most varuints in a trace are one byte */
    if (c->p < c->end && c->p[0] < 0x80) {
        *out = *c->p++;
        return NT_VAR_OK;
    }
    return nt_varuint_slow(c, bits, out);
}

/*! nt_var_span() : the bytes a varuint at `at` that nt_varuint() gave
 *  up on with r covers, for its finding: those before `end` when it is
 *  cut there (none when it starts there), one past the most it may take
 *  when it is too long, and all it may take when its last one holds bits
 *  past its width. */
static inline uint64_t nt_var_span(int r, unsigned bits,
                                   const unsigned char *at,
                                   const unsigned char *end)
{
    uint64_t most = nt_var_most(bits);
    return r == NT_VAR_CUT    ? (uint64_t)(end - at)
           : r == NT_VAR_LONG ? most + 1
                              : most;
}

/*! nt_join7() : the 7-bit groups of the bytes of x, lowest first,
 *  joined: 56 bits from 8 bytes (their top bits, and bytes that are zero,
 *  add nothing). */
static inline uint64_t nt_join7(uint64_t x)
{
    x = (x & 0x007F007F007F007Full) | (x & 0x7F007F007F007F00ull) >> 1;
    x = (x & 0x00003FFF00003FFFull) | (x & 0x3FFF00003FFF0000ull) >> 2;
    return (x & 0x000000000FFFFFFFull) | (x & 0x0FFFFFFF00000000ull) >> 4;
}

/*! nt_varuint_fast() : a varuint of at most `bits` bits at *pp, whole
 *  before end and minimal, as nt_varuint() reads one with NT_VAR_OK: 1,
 *  with the value in *out and *pp past it; else 0 (the fast path of
 *  event rows, events.c).  Eight bytes are looked at together where they
 *  are there (always, if `room`: the caller knows that 18 bytes from *pp
 *  may be read): one to three bytes, nearly all of them, are taken apart
 *  directly, longer ones by joining the 7-bit groups in three steps
 *  (nt_join7()), and the two bytes past eight of a 64-bit one are looked
 *  at on their own. */
static inline __attribute__((always_inline)) int
nt_varuint_fast(const unsigned char **pp, const unsigned char *end,
                unsigned bits, uint64_t *out, int room)
{
    const unsigned char *p = *pp;
    if (room || end - p >= 8) {
        /* each case ends on its own: the short ones join no other */
        uint64_t w = tgBytes_le64(p);
        if (!(w & 0x80)) {
            *out = w & 0x7F;
            *pp = p + 1;
            return 1;
        }
        if (!(w & 0x8000)) {
            if (!(w & 0xFF00)) /* a redundant zero group */
                return 0;
            *out = (w & 0x7F) | (w >> 1 & 0x3F80);
            *pp = p + 2;
            return 1;
        }
        if (!(w & 0x800000)) {
            if (!(w & 0xFF0000))
                return 0;
            *out = (w & 0x7F) | (w >> 1 & 0x3F80) | (w >> 2 & 0x1FC000);
            *pp = p + 3;
            return 1;
        }
        uint64_t stop = ~w & 0x8080808080808080ull;
        if (stop != 0) { /* 4-8 bytes */
            unsigned len = (unsigned)__builtin_ctzll(stop) / 8 + 1;
            uint64_t x = w & (~0ull >> (64 - 8 * len));
            if (x >> (8 * len - 8) == 0)
                return 0;
            if (bits == 32 && (len > 5 || (len == 5 && x >> 32 > 0x0F)))
                return 0; /* past 32 bits */
            *out = nt_join7(x);
            *pp = p + len;
            return 1;
        }
        if (bits == 64 && (room || end - p >= 10)) {
            /* 9 bytes, the last not 0 (redundant), or 10, the last 1
             * (the 64th bit; more does not fit, 0 is redundant) */
            uint64_t top;
            unsigned len;
            if (p[8] < 0x80) {
                if (p[8] == 0)
                    return 0;
                top = (uint64_t)p[8] << 56;
                len = 9;
            } else {
                if (p[9] != 1)
                    return 0;
                top = (uint64_t)(p[8] & 0x7F) << 56 | 1ull << 63;
                len = 10;
            }
            *out = nt_join7(w) | top;
            *pp = p + len;
            return 1;
        }
    }
    nt_cur c = {p, end, p, 0}; /* the last bytes before end */
    uint64_t x; /* not out: the caller's variable stays in a register */
    if (nt_varuint(&c, bits, &x) != NT_VAR_OK)
        return 0;
    *out = x;
    *pp = c.p;
    return 1;
}

/* How a v6 header's blocks came to be read as final v6 or the draft
 * (NT-A28): by the profile, or by reading the first block whose layout
 * differs both ways. */
enum nt_choice {
    NT_CHOSE_NOTHING = 0, /* no block tells them apart: final v6      */
    NT_CHOSE_PROFILE,     /* --profile nettrace-v6 or -v6-draft       */
    NT_CHOSE_FINAL,       /* that block reads as final v6             */
    NT_CHOSE_DRAFT,       /* it has a MUST finding as final v6 only   */
    NT_CHOSE_NEITHER      /* it has MUST findings both ways: final v6 */
};

/* Per capture-thread state. */
typedef struct nt_thread {
    uint64_t last_ts;  /* timestamp (key) of its last event    */
    uint32_t seq;      /* sequence number of its last event    */
    uint32_t seen_sp;  /* SP window (count) it last emitted in */
    uint8_t has_event; /* an event was seen on it              */
    uint8_t state;     /* NT_THREAD_*                          */
    uint8_t has_os;    /* v6: its Thread row named an OS thread id */
    uint64_t os_id;    /* that id (OptionalThreadInfo kind 3)  */
} nt_thread;

/* Thread states: v4/v5 threads exist by being used; v6 indexes are
 * declared by a Thread block and end by RemoveThread or a flush. */
enum { NT_THREAD_IMPLICIT = 0, NT_THREAD_LIVE, NT_THREAD_REMOVED };

/* What an op reads; after it, every op takes its `post` bytes.  The two
 * that hold others come last: the rest are told from them by one
 * comparison (payload.c's run()). */
enum {
    NT_OP_SKIP = 1,    /* only post bytes: fixed fields with no op before */
    NT_OP_STR16,       /* UTF-16 code units up to a 2-byte NUL          */
    NT_OP_VARINT,      /* a LEB128 of up to 64 bits (VarInt, VarUInt)   */
    NT_OP_STR8,        /* u16 length, that many UTF-8 bytes (a: 1)      */
    NT_OP_STR16N,      /* u16 count, that many UTF-16 code units (a: 2) */
    NT_OP_ARRAY_FIXED, /* u16 count, count x a bytes                    */
    NT_OP_STR8V,       /* varuint32 length, that many UTF-8 bytes       */
    NT_OP_RELLOC,      /* u32 locator relative to its own end; a: the
                         element size                                  */
    NT_OP_DATALOC,     /* u32 locator relative to the payload start     */
    NT_OP_BOOL,        /* a Boolean of a bytes (4 or 1): 0 or 1         */
    NT_OP_DATE,        /* a DateTime of a bytes: a FILETIME (8) or a
                         SYSTEMTIME (16) .NET's DateTime holds         */
    NT_OP_ARRAY,       /* u16 count, count x body                       */
    NT_OP_REPEAT       /* a x body (FixedLengthArray of variable size)  */
};

/* One step of a compiled payload layout (payload.c). */
typedef struct nt_op {
    uint32_t code; /* NT_OP_*                                      */
    uint32_t a;    /* element size or element count                 */
    uint32_t body; /* ARRAY, REPEAT: this many ops that follow are the
                       body; 0 for the others (a step is 1 + body ops) */
    uint32_t post; /* fixed-size bytes that follow the step         */
} nt_op;

/* What a metadata id's payload must hold: not decoded (a row that did
 * not parse), a fixed number of bytes, or a program. */
enum {
    NT_LAYOUT_NONE = 0,
    NT_LAYOUT_FIXED,
    NT_LAYOUT_PROGRAM,
    NT_LAYOUT_SCAN /* a program whose loops are Arrays of one step that
                      holds no others: nt_scan_fits(), inline */
};
typedef struct nt_meta {
    uint8_t layout;       /* NT_LAYOUT_*                               */
    uint8_t datetime;     /* a DateTime field (NT-A10: say so)         */
    uint32_t size;        /* FIXED: the bytes its fields take; PROGRAM:
                             those of its leading fixed-size fields    */
    uint32_t first, nops; /* PROGRAM, SCAN: k->ops[first .. first +
                             nops), one or more for SCAN              */
    uint32_t fits_from;   /* a payload this long or longer fits without
                             a walk: 0 (NONE), size (FIXED), UINT32_MAX */
    uint32_t scan_from;   /* ... is walked by nt_scan_fits(): size (SCAN),
                             UINT32_MAX (FIXED, PROGRAM)                */
} nt_meta;

typedef struct nt_check {
    tgEngine_check *c;
    tgWindow *w;
    uint32_t pointer_size; /* 4 or 8; 0 if the Trace gives neither  */
    /* where we are, for paths */
    int v6;           /* the v6 block layout (else v4/v5)      */
    int draft;        /* ... as the seed's draft               */
    uint64_t ts_flip; /* 2^63 where timestamps are signed: a
                                 timestamp's key (ts ^ ts_flip) orders
                                 as its declared type does            */
    int decided;      /* the v6 / draft choice is made          */
    int choice;       /* how it was made: enum nt_choice        */
    int silent;       /* a trial parse: report nothing, change
                                 no state, count would-be findings     */
    uint64_t silent_count;
    uint64_t object; /* index of the object or block          */
    const char *object_name;
    uint64_t row;          /* index of the row in its block         */
    uint64_t row_findings; /* findings in rows of this block    */
    int64_t last_finding;  /* seq of the last finding, or -1    */
    uint64_t reports;      /* nt_report() calls, reported or not */
    char path[256];
    /* metadata, stacks, threads */
    tgIdmap meta; /* defined metadata id -> nt_meta        */
    nt_op *ops;   /* payload programs of live metadata     */
    size_t nops, ops_cap;
    /* v6 rows compiled clean, by id (meta_v6.c), or NULL */
    struct nt_kept_rows *kept_rows;
    int decode_payloads; /* a payload rule is active              */
    tgRanges stacks;     /* stack id ranges of this SP window     */
    tgIdmap threads;     /* capture thread id/index -> nt_thread  */
    tgIdmap labels;      /* v6 label list ids of this SP window   */
    int trace_seen;      /* v6: a Trace block was read            */
    int tables_full;     /* a table hit its limit: stop checking  */
    /* sequence points and ordering */
    uint32_t sp_count;        /* sequence points read so far           */
    uint64_t last_sp_ts;      /* timestamps here are keys (ts_flip)    */
    uint64_t max_ts_since_sp; /* largest event timestamp since last SP */
    int events_since_sp;
    uint32_t threads_since_sp; /* capture threads seen since last SP    */
    uint64_t sp_ts;            /* timestamp of the SP being read        */
    uint32_t sp_covered;       /* of those threads, listed by that SP   */
    uint64_t sorted_floor;     /* timestamp of the latest IsSorted event */
    int have_sorted;
    /* once-per-file notes */
    int v5_tags;                /* a metadata payload has V5 tags        */
    int uncompressed;           /* uncompressed rows were read           */
    uint32_t meta_defined;      /* distinct metadata ids defined (v4/v5) */
    int stacks_in_window;       /* stack blocks since the last SP        */
    int last_was_sp;            /* the object just read was an SPBlock   */
    int stop;                   /* framing lost: stop reading            */
    struct nt_show *show;       /* what show.c keeps, or NULL            */
    struct nt_deliver *deliver; /* what deliver.c keeps, or NULL    */
    int payload_fits;           /* the last event's payload: 1 fits its
                                   metadata, 0 not, -1 not decoded     */
} nt_check;

/*! nt_processor_wide() : whether TraceEvent cuts processor number p to
 *  its low 8 bits (NT-ROW-014): above 255, and not the runtime's
 *  "unknown". */
static inline int nt_processor_wide(uint32_t p)
{
    return p > NT_TE_PROCESSOR_MAX && p != NT_PROCESSOR_UNKNOWN;
}

/*! nt_delivering() : whether events are to be handed on (deliver.c):
 *  the caller wants them, and this is no trial parse. */
static inline int nt_delivering(const nt_check *k)
{
    return k->deliver != NULL && !k->silent;
}

/*! nt_showing() : whether the parts are to be handed on (show.c): the
 *  caller wants them, and this is no trial parse. */
static inline int nt_showing(const nt_check *k)
{
    return tgEngine_showing(k->c) && !k->silent;
}

/*! nt_skip_rows() : the slow half of nt_abandon_rows(), once the rows
 *  of the block have given more findings than the repeat cap. */
int nt_skip_rows(nt_check *k, nt_cur *b);
/*! nt_abandon_rows() : called before each row of a block (k->row is its
 *  index; row 0 starts the count): whether to stop decoding the rows of
 *  the block, because they gave more findings than the repeat cap and the
 *  file already fails, so what is left could only add findings that are
 *  not shown (spec/nettrace.md, "Hostile input").  Then the rest of b is
 *  skipped, and reported with its size as NT-SKIP-001.  Inline: it runs
 *  before every row of every block. */
static inline int nt_abandon_rows(nt_check *k, nt_cur *b)
{
    if (k->row == 0)
        k->row_findings = 0;
    return k->row_findings > k->c->repeat_cap && nt_skip_rows(k, b);
}
/*! nt_rows_lost() : the row of block b at input offset `from` does not
 *  frame, and the rows after it cannot be found: report the bytes from it
 *  to the block's end as skipped (NT-SKIP-001), a consequence of the last
 *  finding. */
void nt_rows_lost(nt_check *k, uint64_t from, const nt_cur *b);

/*! nt_path() : the path of field at the current position (object, row),
 *  in k->path.  @return k->path. */
const char *nt_path(nt_check *k, const char *field);

/* ---- deliver.c: the events, for tg_checker_set_event_fn() ------------------- */

/* What a metadata row says of its events, taken as the checker reads the
 * row: its two names (their bytes in the block; UTF-16LE code units in
 * v4/v5), event id, opcode (-1: none) and version. */
typedef struct nt_names {
    const unsigned char *provider, *name;
    size_t provider_size, name_size;
    int utf16;
    int32_t opcode;
    int64_t event_id, version;
} nt_names;
#define NT_NAMES_NONE                                                         \
    {                                                                         \
        NULL, NULL, 0, 0, 0, -1, 0, 0                                         \
    }

/* What a v6 label list says in place of header fields: NT_HAS_* bits. */
typedef struct nt_label_values {
    unsigned has;
    uint8_t opcode, version;
    unsigned char activity[16], related[16];
} nt_label_values;
enum {
    NT_HAS_ACTIVITY = 1,
    NT_HAS_RELATED = 2,
    NT_HAS_OPCODE = 4,
    NT_HAS_VERSION = 8
};
/*! nt_label_value() : note in v the value at p of a label of `kind`,
 *  where it stands in for a header field. */
void nt_label_value(nt_label_values *v, unsigned kind, const unsigned char *p);

/*! nt_deliver_begin() : keep what events need, when the caller wants
 *  them.  @return 0, or -1 with no memory. */
int nt_deliver_begin(nt_check *k);
void nt_deliver_free(nt_check *k);
/* Called when nt_delivering(): a metadata row defined id (at off); a
 * v6 SP flushed the metadata; a stack block holds stack id; a label
 * list block, list id; a sequence point ended the stacks and label
 * lists; an event row was decoded (after nt_on_event()). */
void nt_deliver_metadata(nt_check *k, uint32_t id, const nt_names *n,
                         uint64_t off);
void nt_deliver_flush_metadata(nt_check *k);
void nt_deliver_stack(nt_check *k, uint64_t id, const unsigned char *p,
                      uint32_t size, uint64_t off);
void nt_deliver_label(nt_check *k, uint64_t id, const nt_label_values *v,
                      uint64_t off);
void nt_deliver_sp(nt_check *k);
struct nt_event;
void nt_deliver_event(nt_check *k, const struct nt_event *e);

/* ---- show.c: the parts, for tg_checker_set_node_fn() (called when nt_showing()) */
void nt_show(nt_check *k, unsigned depth, const char *kind, const char *field,
             uint64_t at, uint64_t len, const char *label);
/*! nt_show_block() : the current object or block, from its start at to its
 *  end; p[0..n) its content where held (the Trace's is named). */
void nt_show_block(nt_check *k, uint64_t at, uint64_t len, enum nt_block b,
                   const unsigned char *p, size_t n);
void nt_show_header(nt_check *k, uint64_t at, uint64_t len, const char *what);
/*! nt_show_rows() : the part that holds a block's rows of data. */
void nt_show_rows(nt_check *k, uint64_t at, uint64_t len, const char *what);
/*! nt_show_metadata_v45() : a v4/v5 metadata row [at, at + len), its
 *  payload p[0..n); nt_show_metadata_v6() : a v6 or draft row, r its
 *  bytes from the MetadataId on. */
void nt_show_metadata_v45(nt_check *k, uint64_t at, uint64_t len,
                          const unsigned char *p, size_t n);
void nt_show_metadata_v6(nt_check *k, uint64_t at, uint64_t len, nt_cur r);
void nt_show_event(nt_check *k, uint64_t at, uint64_t len, uint32_t meta_id,
                   uint64_t thread, uint64_t ts, uint32_t seq,
                   uint32_t stack_id, uint32_t payload);
void nt_show_stack(nt_check *k, uint64_t at, uint32_t size, uint32_t id);
/*! nt_show_thread() : a v6 Thread row [at, at + len), r its bytes from
 *  the Index on. */
void nt_show_thread(nt_check *k, uint64_t at, uint64_t len, nt_cur r);
void nt_show_free(nt_check *k);

/* Reporting, with the path built from the current position; _from marks
 * the finding as a consequence of finding `cause`. */
int64_t nt_report(nt_check *k, size_t rule, uint64_t off, uint64_t len,
                  const char *field, const char *exp, const char *found);
int64_t nt_report_from(nt_check *k, size_t rule, uint64_t off, uint64_t len,
                       const char *field, const char *exp, const char *found,
                       int64_t cause);

/* What nt_hold() did with a block's content. */
enum {
    NT_HOLD_HELD = 1, /* all of it is readable at tgWindow_ptr()           */
    NT_HOLD_SKIPPED = 0, /* over --max-block: skipped, and reported      */
    NT_HOLD_CUT = -1,    /* the input ends inside it (the caller reports) */
    NT_HOLD_NOMEM = -2   /* no memory or a read error: the verdict says */
};
/*! nt_bytes_left() : the bytes from off to the end of an input that
 *  ended early (0 if off is past it). */
uint64_t nt_bytes_left(const nt_check *k, uint64_t off);
/*! nt_input_left() : "N bytes before the input ends", N counted from
 *  off, into buf, for a finding about an input that ended early. */
const char *nt_input_left(const nt_check *k, uint64_t off, char *buf,
                          size_t size);
/*! nt_hold() : make the n content bytes of the block whose header is at
 *  `at` readable whole, or skip them when n is over the block limit.
 *  Inline where they are in the window already, as most blocks are; the
 *  rest is nt_hold_rest()'s. */
int nt_hold_rest(nt_check *k, uint64_t at, uint64_t n);
static inline int nt_hold(nt_check *k, uint64_t at, uint64_t n)
{
    const tgWindow *w = k->w;
    if (n <= k->c->limits[TG_LIMIT_BLOCK_BYTES] && w->end - w->pos >= n)
        return NT_HOLD_HELD;
    return nt_hold_rest(k, at, n);
}

/* v4/v5 stream after the 32-byte header; v6 blocks after the 20-byte. */
void nt_check_v45(nt_check *k);
void nt_check_v6(nt_check *k);
/*! nt_short() : whether block content c holds fewer than `need` bytes;
 *  if so, rule is reported over what is left ("N bytes" found). */
int nt_short(nt_check *k, size_t rule, const nt_cur *c, size_t need,
             const char *field, const char *expected);
/*! nt_extra() : report rule over the bytes left in c, if any. */
void nt_extra(nt_check *k, size_t rule, const nt_cur *c);
/* After the end marker: report any bytes left as trailing. */
void nt_trailing(nt_check *k);
/* v6 block contents. */
void nt_metadata_block_v6(nt_check *k, nt_cur *b);
void nt_trace_block_v6(nt_check *k, nt_cur *b);
void nt_sp_block_v6(nt_check *k, nt_cur *b);
void nt_thread_block_v6(nt_check *k, nt_cur *b);
void nt_remove_thread_block_v6(nt_check *k, nt_cur *b);
void nt_label_block_v6(nt_check *k, nt_cur *b);
/* The draft's Thread and Metadata blocks (the v6 draft). */
void nt_thread_block_draft(nt_check *k, nt_cur *b);
void nt_metadata_block_draft(nt_check *k, nt_cur *b);
/*! nt_string_v6() : a v6 or draft string (varuint32 length + UTF-8) in c,
 *  its encoding checked (NT-STR-001) as `field`.  @return 0, or -1 if it
 *  does not fit (nothing moves, nothing is reported). */
int nt_string_v6(nt_check *k, nt_cur *c, const char *field);
/*! nt_string_bytes() : the text of the v6 string that nt_string_v6()
 *  read from `from` to `to`: after its varuint length. */
static inline void nt_string_bytes(const unsigned char *from,
                                   const unsigned char *to,
                                   const unsigned char **text, size_t *size)
{
    while (*from & 0x80)
        from++;
    *text = from + 1;
    *size = (size_t)(to - *text);
}
/*! nt_utf8(), nt_utf16() : report the first encoding error of a string
 *  whose bytes (n of UTF-8; `units` UTF-16 code units) start at offset
 *  off (NT-STR-001). */
void nt_utf8(nt_check *k, const unsigned char *p, size_t n, uint64_t off,
             const char *field);
void nt_utf16(nt_check *k, const unsigned char *p, size_t units, uint64_t off,
              const char *field);
/*! nt_too_deep() : whether metadata nested `depth` lists deep is past the
 *  depth limit; if so NT-LIM-004 is reported (the caller stops the row). */
int nt_too_deep(nt_check *k, unsigned depth, uint64_t at, const char *field);
/* The Trace fields every layout shares: SyncTimeUTC at p (16 bytes),
 * tick frequency at p + 24, PointerSize at p + 32. */
void nt_trace_fields(nt_check *k, const unsigned char *p, uint64_t at);
/*! nt_date_valid() : whether the DateTime of n bytes at p is a date and
 *  time .NET's DateTime holds: a FILETIME (n 8) from 0 to the last tick
 *  of 9999, a SYSTEMTIME (n 16) of valid fields (frame_v45.c; SyncTimeUTC
 *  is one too). */
int nt_date_valid(const unsigned char *p, uint32_t n);
/* The last FILETIME .NET's DateTime holds: its last tick of 9999-12-31,
 * counted from 1601 (DateTime.MaxValue.Ticks less 504911232000000000). */
#define NT_LAST_FILETIME 2650467743999999999ll
/*! nt_filetime_valid() : nt_date_valid() of a FILETIME (8 bytes at p). */
static inline int nt_filetime_valid(const unsigned char *p)
{
    int64_t t = (int64_t)tgBytes_le64(p);
    return t >= 0 && t <= NT_LAST_FILETIME;
}
/*! nt_date_text() : the DateTime of n bytes at p as a finding says it. */
void nt_date_text(const unsigned char *p, uint32_t n, char *buf, size_t size);
/* Event or metadata block content (v4/v5 layout); meta: a MetadataBlock. */
void nt_event_block(nt_check *k, nt_cur *b, int meta);
/* v4/v5 metadata payload of one row. */
void nt_metadata_v45(nt_check *k, nt_cur *payload);
/* Stack block content; SP block content (v4/v5). */
void nt_stack_block(nt_check *k, nt_cur *b);
void nt_sp_block_v45(nt_check *k, nt_cur *b);

/* Semantic state shared by every layout. */
void nt_state_init(nt_check *k);
void nt_state_free(nt_check *k);
/* Timestamps: `long` in v4/v5 and the draft, u64 in final v6.  State
 * keeps them as keys, ts ^ ts_flip, which compare as unsigned. */
#define NT_SIGNED (UINT64_C(1) << 63)
/*! nt_set_draft() : read the v6 blocks that follow as the draft (1) or as
 *  final v6 (0), turning the timestamp keys kept so far. */
void nt_set_draft(nt_check *k, int draft);
/*! nt_ts_text() : a timestamp key as its declared type, into buf. */
const char *nt_ts_text(const nt_check *k, uint64_t key, char *buf,
                       size_t size);
/*! nt_layout_of() : the layout being read. */
static inline enum nt_layout nt_layout_of(const nt_check *k)
{
    return !k->v6 ? NT_V45 : k->draft ? NT_V6D : NT_V6;
}
/* Record a metadata definition; reports duplicates and range problems
 * at its id, `len` bytes at `off` named `field` (an int32 in a v4/v5
 * payload, a varuint that opens a v6 or draft row).  @return where to
 * record its payload layout, or NULL if this row does not define it (a
 * duplicate, a trial parse, a full table). */
nt_meta *nt_define_metadata(nt_check *k, int64_t id, uint64_t off,
                            uint64_t len, const char *field);
/* One decoded event: references, ordering, sequence numbers. */
typedef struct nt_event {
    uint32_t metadata_id, seq, stack_id, label_list, processor;
    uint64_t thread, capture_thread, ts;
    int sorted;
    uint64_t off; /* offset of its header */
    const unsigned char *payload;
    uint32_t payload_size;
    uint64_t payload_off;
    /* v4/v5 and the draft: its Guids, in the block, or NULL for zeros */
    const unsigned char *activity, *related;
} nt_event;
void nt_on_event(nt_check *k, const nt_event *e);
/* A stack block defines ids [first, first + count); those past
 * 0xFFFFFFFF are reported (NT-STK-004) and not defined. */
void nt_define_stacks(nt_check *k, uint32_t first, uint32_t count,
                      uint64_t off);
/* Where the two fields of a (thread, sequence number) entry are, for
 * its findings: a v4/v5 SP entry's are 8 and 4 bytes, a v6 SP or
 * RemoveThread entry's are varuints. */
typedef struct nt_entry_at {
    uint64_t thread, thread_len, seq, seq_len;
} nt_entry_at;
/* Sequence point: ts, then each (thread, seq) entry, then the end. */
void nt_sp_begin(nt_check *k, uint64_t ts, uint64_t off);
void nt_sp_thread(nt_check *k, uint64_t thread, uint32_t seq,
                  const nt_entry_at *at);
void nt_sp_end(nt_check *k, uint64_t off);
/* v6: SP Flags bits 0 (threads) and 1 (metadata) flush after the SP. */
void nt_sp_flush_v6(nt_check *k, uint32_t flags);
/* v6 threads: declare an index; remove one. */
void nt_declare_thread(nt_check *k, uint64_t index, uint64_t off);
/*! nt_thread_os_id() : the OS thread id thread `index`'s row names. */
void nt_thread_os_id(nt_check *k, uint64_t index, uint64_t os_id);
void nt_remove_thread(nt_check *k, uint64_t index, uint32_t seq,
                      const nt_entry_at *at);
/* v6 label lists [first, first + count) are defined; those past
 * 0xFFFFFFFF are reported (NT-LBL-005) and not defined. */
void nt_define_labels(nt_check *k, uint32_t first, uint32_t count,
                      uint64_t off);

/* Payload layouts (payload.c).  A metadata row's field types compile, as
 * the metadata is read, into ops appended to k->ops: fixed-size fields
 * join the step before them (its `post` bytes), arrays of fixed-size
 * elements become one step, and a row of fixed-size fields alone needs no
 * program at all. */
typedef struct nt_lay {
    nt_check *k;
    size_t start; /* the row's first op                          */
    size_t last;  /* the op fixed-size bytes join, or SIZE_MAX    */
    int broken;   /* the types cannot be decoded (reported by the
                       metadata rules), or the ops table is full    */
    int full;     /* the ops table is full (NT-LIM-003)           */
    int datetime;
    size_t top; /* the most ops it held at once, from start     */
} nt_lay;
/* Where a composite type's element starts. */
typedef struct nt_lay_mark {
    size_t at, last;
} nt_lay_mark;
void nt_lay_begin(nt_lay *l, nt_check *k);
/* A scalar field of type t; u16_utf8: v6 code 23 read as a u16-length
 * UTF-8 string (NT-A7). */
void nt_lay_scalar(nt_lay *l, const nt_type *t, int u16_utf8);
nt_lay_mark nt_lay_open(nt_lay *l);
/* Close an element opened at m as a composite of this shape (Array,
 * FixedLengthArray, RelLoc, DataLoc); count is the FixedLengthArray
 * ElementCount. */
void nt_lay_close(nt_lay *l, nt_lay_mark m, unsigned shape, unsigned count);
/* Drop what the row compiled so far (a V2Params tag replaces the V1
 * field list). */
void nt_lay_reset(nt_lay *l);
/* Record the row's layout in *m (NULL: drop it) and release its ops if
 * none are needed. */
void nt_lay_finish(nt_lay *l, nt_meta *m, uint64_t off);
/*! nt_lay_replay() : what compiling a row left in l (just begun), made
 *  from the n ops it left (ops), its `last` (from its start, or SIZE_MAX),
 *  `datetime` and `top`: the table grows as that compiling grew it.
 *  @return 0 if the table cannot hold `top` ops more (nothing is made;
 *  compiling says so). */
int nt_lay_replay(nt_lay *l, const nt_op *ops, size_t n, size_t last,
                  int datetime, size_t top);
/* The v6 metadata rows kept to be replayed (meta_v6.c), freed. */
void nt_kept_rows_free(nt_check *k);
/*! nt_table_full() : a table of the checker (or memory for it) has run
 *  out: said once, as NT-LIM-001 at off, and table checks stop. */
void nt_table_full(nt_check *k, uint64_t off);
/* Check an event's payload against its metadata's layout: a payload
 * long enough for a fixed layout is settled here, inline, the rest is
 * walked out of line. */
void nt_walk_payload(nt_check *k, const nt_meta *m, const nt_event *e);
static inline void nt_check_payload(nt_check *k, const nt_meta *m,
                                    const nt_event *e)
{
    if (e->payload_size >= m->fits_from)
        return;
    nt_walk_payload(k, m, e);
}
/*! nt_payload_fits() : whether nt_check_payload() would find nothing
 *  wrong with the payload p[0..n) (the fast path's test; nothing is
 *  reported). */
int nt_walk_fits(const nt_check *k, const nt_meta *m, const unsigned char *p,
                 uint32_t n);
/* The step functions below give where a step's bytes end inside p[0..n)
 * (from `at` <= n), or, where they do not fit, a value past n: at most
 * NT_STEP_PAST, so that adding a step's post bytes (a uint32) cannot wrap.
 * One test (`> n`), after the post bytes are added, then stands for
 * every way a step can fail (nt_scan_fits()). */
#define NT_STEP_PAST ((uint64_t)1 << 62)
/* What nt_step_end() gives for an ARRAY, whose body it does not walk:
 * above any failure, post bytes added or not, so that a scan tests for
 * it only once a step is past n (nt_scan_fits()). */
#define NT_STEP_ARRAY ((uint64_t)1 << 63)

/*! nt_str16_end() : the end of the NUL-ended UTF-16 string at p[at]
 *  inside p[0..n) (at <= n), its NUL included, or past n if it does not
 *  end there.  Eight code units are looked at together (core/scan16.h):
 *  whole blocks of 16 bytes first, two to a test while 32 bytes are left,
 *  where a NUL found is inside p.  The whole code units of a last part
 *  block are then read as the 16 bytes that end with them, the lanes
 *  before the block shifted out (the shift is even: lanes stay code
 *  units); a lone byte after them cannot end the string inside p.  Only a
 *  payload shorter than 16 bytes has its last bytes copied, zeros after
 *  them (a NUL among those is past n). */
static inline __attribute__((always_inline)) uint64_t
nt_str16_end(const unsigned char *p, size_t n, size_t at)
{
    size_t j = at;
    unsigned z;
    for (; n - j >= 32; j += 32) {
        unsigned lo = tgScan16_zero16(tgScan16_load(p + j));
        z = lo | tgScan16_zero16(tgScan16_load(p + j + 16)) << 16;
        if (z != 0)
            return j + (size_t)__builtin_ctz(z) + 2;
    }
    if (n - j >= 16) {
        if ((z = tgScan16_zero16(tgScan16_load(p + j))) != 0)
            return j + (size_t)__builtin_ctz(z) + 2;
        j += 16;
    }
    size_t left = n - j, units = left & ~(size_t)1;
    if (units == 0)
        return (uint64_t)n + 1;
    if (j + units >= 16)
        z = tgScan16_zero16(tgScan16_load(p + j + units - 16)) >> (16 - units);
    else
        z = tgScan16_zero16(tgScan16_load_part(p + j, left));
    /* no NUL: 16 bytes on, past n */
    return (uint64_t)j + (unsigned)__builtin_ctz(z | 1u << 16) + 2;
}
/*! nt_varint_end() : the end of the LEB128 at p[at] inside p[0..n): its
 *  first byte without bit 7, within 10 bytes, and a 10th byte of at most 1
 *  (64 bits); or past n.  Only its end matters: one byte is taken at
 *  once, up to 8 together (the last bytes of p as its last word, shifted:
 *  no read outside it). */
static inline uint64_t nt_varint_end(const unsigned char *p, size_t n,
                                     size_t at)
{
    if (at < n && p[at] < 0x80) /* one byte: most of them */
        return at + 1;
    size_t left = n - at;
    uint64_t w = 0;
    if (left >= 8)
        w = tgBytes_le64(p + at);
    else if (n >= 8 && left > 0)
        w = tgBytes_le64(p + n - 8) >> (8 * (8 - left));
    else
        for (size_t i = 0; i < left; i++)
            w |= (uint64_t)p[at + i] << 8 * i;
    uint64_t last = ~w & 0x8080808080808080ull; /* bytes past n: zeros */
    if (last) /* past n if it ends in a byte past n */
        return (uint64_t)at + (unsigned)(__builtin_ctzll(last) / 8) + 1;
    size_t stop = at + (left < 10 ? left : 10), j = at + 8;
    while (j < stop && p[j] & 0x80)
        j++;
    if (j >= stop || (j == at + 9 && p[j] > 1))
        return (uint64_t)n + 1;
    return j + 1;
}
/*! nt_step_end() : where the bytes of op o at p[at] end inside p[0..n)
 *  (at <= n), before its post bytes; past n where they do not fit (the
 *  walk in payload.c then says why).  o holds no others: not a REPEAT,
 *  and an ARRAY only gives NT_STEP_ARRAY. */
static inline __attribute__((always_inline)) uint64_t
nt_step_end(const nt_op *o, const unsigned char *p, size_t n, size_t at)
{
    size_t left = n - at;
    switch (o->code) {
    case NT_OP_STR16: return nt_str16_end(p, n, at);
    case NT_OP_VARINT: return nt_varint_end(p, n, at);
    case NT_OP_STR8:
    case NT_OP_STR16N:
    case NT_OP_ARRAY_FIXED: /* a u16 count of o->a-byte units: past n if
                               they are */
        if (left < 2)
            return (uint64_t)n + 1;
        return (uint64_t)at + 2 + (uint64_t)(p[at] | p[at + 1] << 8) * o->a;
    case NT_OP_SKIP: return at; /* only its post bytes */
    case NT_OP_ARRAY: return NT_STEP_ARRAY;
    case NT_OP_BOOL: { /* past n unless it is there, 0 or 1 */
        if (left < o->a)
            return (uint64_t)n + 1;
        uint32_t v = o->a == 4 ? tgBytes_le32(p + at) : p[at];
        return v <= 1 ? (uint64_t)at + o->a : (uint64_t)n + 1;
    }
    case NT_OP_DATE: /* past n unless it is there, a date (FILETIMEs
                        tested here: payloads have them) */
        return left >= o->a && (o->a == 8 ? nt_filetime_valid(p + at)
                                          : nt_date_valid(p + at, o->a))
                   ? (uint64_t)at + o->a
                   : (uint64_t)n + 1;
    case NT_OP_STR8V: { /* varuint32 length of UTF-8 bytes */
        nt_cur c = {p + at, p + n, p, 0};
        uint64_t len;
        if (nt_varuint(&c, 32, &len) >= NT_VAR_CUT)
            return (uint64_t)n + 1;
        return (uint64_t)(c.p - p) + len;
    }
    default: { /* RELLOC, DATALOC: a region of o->a-byte elements */
        if (left < 4)
            return (uint64_t)n + 1;
        uint32_t v = tgBytes_le32(p + at), size = v >> 16;
        uint64_t start =
            (v & 0xFFFFu) + (o->code == NT_OP_RELLOC ? (uint64_t)at + 4 : 0);
        return start + size > n || (o->a > 1 && size % o->a != 0)
                   ? (uint64_t)n + 1
                   : (uint64_t)at + 4;
    }
    }
}
/* The walk of an NT_LAYOUT_SCAN payload of at least m->size bytes, as
 * payload.c's run() walks it, without a call: steps that hold no others,
 * and ARRAYs of one such step.  `at` stays at most n between steps. */
static inline __attribute__((always_inline)) int
nt_scan_fits(const nt_check *k, const nt_meta *m, const unsigned char *p,
             uint32_t n)
{
    const nt_op *o = &k->ops[m->first], *end = o + m->nops;
    uint64_t at = m->size;
    do { /* a scanned layout has a step (nt_lay_finish()) */
        uint64_t e = nt_step_end(o, p, n, at) + o->post;
        if (__builtin_expect(e <= n, 1)) {
            at = e;
            continue;
        }
        if (e < NT_STEP_ARRAY) /* the step does not fit */
            return 0;
        /* an ARRAY: its body is the op after it */
        if (n - at < 2)
            return 0;
        unsigned count = (unsigned)(p[at] | p[at + 1] << 8);
        at += 2;
        for (unsigned i = 0; i < count; i++)
            if ((at = nt_step_end(o + 1, p, n, at) + o[1].post) > n)
                return 0;
        if ((at += o->post) > n)
            return 0;
        o++;
    } while (++o < end);
    return 1;
}
static inline __attribute__((always_inline)) int
nt_payload_fits(const nt_check *k, const nt_meta *m, const unsigned char *p,
                uint32_t n)
{
    if (n >= m->fits_from)
        return 1;
    if (n >= m->scan_from)
        return nt_scan_fits(k, m, p, n);
    return nt_walk_fits(k, m, p, n);
}

#endif
