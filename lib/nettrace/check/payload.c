/* payload.c - event payloads against their metadata (NT-56), in every
 * layout.
 *
 * A metadata row's field types compile into a short program of ops (see
 * nt_lay in nettrace.h); an event's payload is then walked by it.  Fixed-
 * size fields join the op before them as its `post` bytes, so a row of
 * fixed-size fields alone costs one comparison per event.  The walk stops
 * at the first field that does not fit: what follows has no known place.
 *
 * Bounded work: a loop body (Array or FixedLengthArray elements) that is
 * more than one SKIP holds a string, varint, locator or array, so every
 * pass over it takes at least one payload byte, and a FixedLengthArray of
 * count 0 compiles to nothing; a walk therefore takes at most (payload
 * bytes x program length) steps.  Fixed sizes saturate at UINT32_MAX,
 * more than any payload holds. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/bytes.h"
#include "check.h"
#include "../../core/mem.h"

static uint32_t sat_add(uint32_t a, uint64_t b)
{
    uint64_t s = a + b;
    return s > UINT32_MAX ? UINT32_MAX : (uint32_t)s;
}

static uint32_t sat_mul(uint32_t a, uint32_t b)
{
    uint64_t p = (uint64_t)a * b;
    return p > UINT32_MAX ? UINT32_MAX : (uint32_t)p;
}

/* ---- compiling ---------------------------------------------------------- */

#define NONE SIZE_MAX /* no op for fixed bytes to join */

void nt_lay_begin(nt_lay *l, nt_check *k)
{
    memset(l, 0, sizeof *l);
    l->k = k;
    l->start = k->nops;
    l->last = NONE;
}

/* The ops table made larger: twice as large, up to its limit.  @return
 * 0 if it cannot grow. */
static int grow_ops(nt_check *k)
{
    /* ops of all live metadata together: a row compiles to at most one
     * op per byte of its types */
    size_t cap = k->ops_cap ? 2 * k->ops_cap : 256;
    uint64_t max = k->c->limits[TG_LIMIT_PAYLOAD_STEPS];
    if (cap > max && k->ops_cap < max)
        cap = (size_t)max;
    nt_op *ops = cap <= max ? tgMem_realloc(k->ops, cap * sizeof *ops) : NULL;
    if (ops == NULL)
        return 0;
    k->ops = ops;
    k->ops_cap = cap;
    return 1;
}

/* Room for one more op at the end; 0, or -1 (the layout is dropped). */
static int room(nt_lay *l)
{
    nt_check *k = l->k;
    if (l->broken)
        return -1;
    if (k->nops == k->ops_cap && !grow_ops(k)) {
        l->broken = l->full = 1;
        return -1;
    }
    if (k->nops + 1 - l->start > l->top)
        l->top = k->nops + 1 - l->start;
    return 0;
}

int nt_lay_replay(nt_lay *l, const nt_op *ops, size_t n, size_t last,
                  int datetime, size_t top)
{
    nt_check *k = l->k;
    /* room() grew the table each time it was full: to the first size of
     * the doublings that holds top ops from start */
    while (k->ops_cap < l->start + top)
        if (!grow_ops(k))
            return 0;
    if (n > 0) /* k->ops may be NULL yet */
        memcpy(k->ops + l->start, ops, n * sizeof *ops);
    k->nops = l->start + n;
    l->last = last == NONE ? NONE : l->start + last;
    l->datetime = datetime;
    l->top = top;
    return 1;
}

static void emit(nt_lay *l, uint32_t code, uint32_t a)
{
    if (room(l) == 0) {
        nt_op op = {code, a, 0, 0};
        l->last = l->k->nops;
        l->k->ops[l->k->nops++] = op;
    }
}

/* n fixed bytes: after the last op, or as a SKIP if there is none. */
static void emit_fixed(nt_lay *l, uint32_t n)
{
    if (l->last == NONE)
        emit(l, NT_OP_SKIP, 0);
    if (l->last != NONE)
        l->k->ops[l->last].post = sat_add(l->k->ops[l->last].post, n);
}

void nt_lay_scalar(nt_lay *l, const nt_type *t, int u16_utf8)
{
    switch (u16_utf8 ? NT_T_STR8_U16 : t->shape) {
    case NT_T_FIXED:
        if (t->boolean) /* its value is checked (NT-PAY-004) */
            emit(l, NT_OP_BOOL, t->size);
        else if (t->date) /* likewise (NT-PAY-005) */
            emit(l, NT_OP_DATE, t->size);
        else
            emit_fixed(l, t->size);
        break;
    case NT_T_STR16Z: emit(l, NT_OP_STR16, 0); break;
    case NT_T_VARINT: emit(l, NT_OP_VARINT, 0); break;
    case NT_T_STR8_U16: emit(l, NT_OP_STR8, 1); break;
    case NT_T_STR16_U16: emit(l, NT_OP_STR16N, 2); break;
    case NT_T_STR8_VAR: emit(l, NT_OP_STR8V, 0); break;
    default: l->broken = 1; /* not a scalar: the metadata rules say so */
    }
    /* DateTime of 8 Int16s (v6, the draft), which TraceEvent reads as 8
     * bytes (NT-A10) */
    l->datetime |=
        t->size == 16 && t == nt_type_at(nt_layout_of(l->k), NT_TYPE_DATETIME);
}

void nt_lay_reset(nt_lay *l)
{
    l->k->nops = l->start;
    l->last = NONE;
    l->broken = 0;
    l->datetime = 0;
}

nt_lay_mark nt_lay_open(nt_lay *l)
{
    nt_lay_mark m = {l->k->nops, l->last};
    l->last = NONE; /* the element's bytes join nothing before it */
    return m;
}

/* The bytes ops [o, o + n) always take, or -1 if that varies. */
static int64_t fixed_size(const nt_op *o, size_t n)
{
    uint32_t total = 0;
    for (size_t i = 0; i < n; i += 1 + o[i].body) {
        switch (o[i].code) {
        case NT_OP_SKIP: break;
        case NT_OP_RELLOC:
        case NT_OP_DATALOC: total = sat_add(total, 4); break;
        case NT_OP_REPEAT: {
            int64_t body = fixed_size(&o[i + 1], o[i].body);
            if (body < 0)
                return -1;
            total = sat_add(total, sat_mul(o[i].a, (uint32_t)body));
            break;
        }
        default: return -1;
        }
        total = sat_add(total, o[i].post);
    }
    return total;
}

/* The ops from index i on; NULL (never &NULL[i]) before any is made. */
static const nt_op *ops_from(const nt_check *k, size_t i)
{
    return k->ops ? k->ops + i : NULL;
}

/* Put a header op before the body [at, nops); fixed bytes after the
 * element join the header, which walks them after the body. */
static void wrap(nt_lay *l, size_t at, uint32_t code, uint32_t a)
{
    nt_check *k = l->k;
    if (room(l))
        return;
    size_t body = k->nops - at;
    memmove(&k->ops[at + 1], &k->ops[at], body * sizeof *k->ops);
    nt_op op = {code, a, (uint32_t)body, 0};
    k->ops[at] = op;
    k->nops++;
    l->last = at;
}

void nt_lay_close(nt_lay *l, nt_lay_mark m, unsigned shape, unsigned count)
{
    nt_check *k = l->k;
    if (l->broken)
        return;
    size_t body = k->nops - m.at;
    int64_t size = fixed_size(ops_from(k, m.at), body);
    /* a body that is at most one SKIP: its size says everything */
    int plain = body == 0 || (body == 1 && k->ops[m.at].code == NT_OP_SKIP);
    int locator = shape == NT_T_RELLOC || shape == NT_T_DATALOC;
    if (plain || locator)
        k->nops = m.at; /* replaced by one op, or by fixed bytes */
    l->last = m.last;
    if (locator) {
        /* the region's elements are not walked; over VarInt elements
         * (fixed size only by the letter, NT-A13) its size is not
         * checked against them either */
        emit(l, shape == NT_T_RELLOC ? NT_OP_RELLOC : NT_OP_DATALOC,
             size < 0 ? 0 : (uint32_t)size);
    } else if (shape == NT_T_ARRAY) {
        if (plain)
            emit(l, NT_OP_ARRAY_FIXED, (uint32_t)size);
        else
            wrap(l, m.at, NT_OP_ARRAY, 0);
    } else if (plain || count == 0) { /* FixedLengthArray */
        k->nops = m.at;
        if (size >= 0)
            emit_fixed(l, sat_mul(count, (uint32_t)size));
    } else if (count * body <= 4) { /* a few steps: written out */
        size_t final = 0;           /* the body's last step */
        for (size_t j = 0; j < body; j += 1 + k->ops[m.at + j].body)
            final = j;
        for (unsigned i = 1; i < count; i++)
            for (size_t j = 0; j < body; j++)
                if (room(l) == 0)
                    k->ops[k->nops++] = k->ops[m.at + j];
        l->last = k->nops - body + final;
    } else {
        wrap(l, m.at, NT_OP_REPEAT, count);
    }
}

void nt_lay_finish(nt_lay *l, nt_meta *m, uint64_t off)
{
    nt_check *k = l->k;
    size_t n = k->nops - l->start;
    if (l->full && k->decode_payloads && !k->silent) {
        char exp[96];
        nt_report(k, NT_LIM_PROGRAMS, off, 0, "/FieldDescriptions",
                  tgEngine_limit_text(k->c, TG_LIMIT_PAYLOAD_STEPS, "steps",
                                      exp, sizeof exp),
                  "one more");
        k->decode_payloads = 0;
    }
    if (m != NULL && !l->broken) {
        m->datetime = (uint8_t)l->datetime;
        int64_t size = fixed_size(ops_from(k, l->start), n);
        if (n == 0 || (n == 1 && k->ops[l->start].code == NT_OP_SKIP)) {
            m->layout = NT_LAYOUT_FIXED;
            m->size = (uint32_t)size;
            m->fits_from = m->size;
            m->scan_from = UINT32_MAX;
        } else {
            m->fits_from = UINT32_MAX; /* walked */
            /* leading fixed-size fields are checked without a step */
            int lead = k->ops[l->start].code == NT_OP_SKIP;
            m->size = lead ? k->ops[l->start].post : 0;
            m->first = (uint32_t)l->start + (uint32_t)lead;
            m->nops = (uint32_t)n - (uint32_t)lead;
            /* a scan (nt_scan_fits()) unless a loop holds more than one
             * step that holds no others */
            m->layout = NT_LAYOUT_SCAN;
            for (size_t i = m->first; i < m->first + m->nops; i++) {
                const nt_op *o = &k->ops[i];
                if (o->code == NT_OP_ARRAY && o->body == 1 &&
                    o[1].code < NT_OP_ARRAY)
                    i++;
                else if (o->code >= NT_OP_ARRAY)
                    m->layout = NT_LAYOUT_PROGRAM;
            }
            m->scan_from = m->layout == NT_LAYOUT_SCAN ? m->size : UINT32_MAX;
            return; /* its ops stay */
        }
    }
    k->nops = l->start;
}

/* ---- decoding ----------------------------------------------------------- */

#define FAIL SIZE_MAX /* a walk stopped; the walk says why */

typedef struct walk {
    const unsigned char *p;
    size_t n;                /* payload bytes                           */
    const tgEngine_check *c; /* to skip the text of capped findings     */
    /* the first problem */
    size_t rule;
    size_t at; /* payload offset of the field             */
    char exp[64], found[96];
    /* the first DateTime that is no date (NT-PAY-005): the walk goes on
     * past it, the field being where the metadata says */
    size_t date_at; /* its payload offset, or SIZE_MAX         */
    uint32_t date_size;
} walk;

/* Record the first problem; @return whether its text is wanted (the
 * rule is not over its repeat cap). */
static int problem(walk *w, size_t rule, size_t at)
{
    w->rule = rule;
    w->at = at;
    w->exp[0] = w->found[0] = '\0';
    return !tgEngine_capped(w->c, rule);
}

/* The problems, said out of line.  Each is called through the FAIL it
 * leads to (short_of() and the others below), and the steps are inlined
 * into run(): a step that fails goes to the end of the walk without its
 * result being tested again. */
static __attribute__((cold, noinline)) void
say_short(walk *w, size_t at, const char *what, uint64_t need)
{
    if (!problem(w, NT_PAY_SHORT, at))
        return;
    snprintf(w->exp, sizeof w->exp, "%s: %" PRIu64 " bytes", what, need);
    snprintf(w->found, sizeof w->found, "%zu left at payload offset %zu",
             w->n - at, at);
}

static __attribute__((cold, noinline)) void say_unended(walk *w, size_t at,
                                                        const char *what)
{
    if (!problem(w, NT_PAY_SHORT, at))
        return;
    snprintf(w->exp, sizeof w->exp, "%s ending inside the payload", what);
    snprintf(w->found, sizeof w->found,
             "none from payload offset %zu to its end (%zu bytes)", at, w->n);
}

static __attribute__((cold, noinline)) void
say_region(walk *w, size_t at, const char *what, uint64_t start, uint32_t size,
           uint32_t elem)
{
    if (!problem(w, NT_PAY_LOC, at))
        return;
    if (start + size > w->n) {
        snprintf(w->exp, sizeof w->exp,
                 "a %s region inside the %zu-byte payload", what, w->n);
        snprintf(w->found, sizeof w->found,
                 "bytes [%" PRIu64 ", %" PRIu64 ") (size %" PRIu32 ")", start,
                 start + size, size);
    } else {
        snprintf(w->exp, sizeof w->exp,
                 "a %s size that is a multiple of %" PRIu32, what, elem);
        snprintf(w->found, sizeof w->found, "%" PRIu32, size);
    }
}

/* A Boolean that is neither 0 nor 1: its bytes are most likely not the
 * field the metadata says (a writer's 1-byte bool under a 4-byte type),
 * so the walk stops there too. */
static __attribute__((cold, noinline)) size_t not_boolean(walk *w, size_t at,
                                                          uint32_t v)
{
    if (problem(w, NT_PAY_BOOL, at)) {
        snprintf(w->exp, sizeof w->exp, "a Boolean of 0 or 1");
        snprintf(w->found, sizeof w->found,
                 "0x%" PRIx32 " at payload offset %zu", v, at);
    }
    return FAIL;
}

static inline size_t short_of(walk *w, size_t at, const char *what,
                              uint64_t need)
{
    say_short(w, at, what, need);
    return FAIL;
}

static inline size_t unended(walk *w, size_t at, const char *what)
{
    say_unended(w, at, what);
    return FAIL;
}

static inline size_t bad_region(walk *w, size_t at, const char *what,
                                uint64_t start, uint32_t size, uint32_t elem)
{
    say_region(w, at, what, start, size, elem);
    return FAIL;
}

/* Why op o, a step that holds no others, does not fit from payload
 * offset `at` (nt_step_end() said past n): said, and FAIL. */
static __attribute__((cold, noinline)) size_t why(walk *w, const nt_op *o,
                                                  size_t at)
{
    size_t left = w->n - at;
    const unsigned char *p = w->p + at;
    switch (o->code) {
    case NT_OP_STR16: return unended(w, at, "a UTF-16 string with its NUL");
    case NT_OP_BOOL:
        if (left < o->a)
            return short_of(w, at, "a Boolean", o->a);
        return not_boolean(w, at, o->a == 4 ? tgBytes_le32(p) : p[0]);
    case NT_OP_DATE: /* a DateTime that is no date: noted, walked past */
        if (left < o->a)
            return short_of(w, at, "a DateTime", o->a);
        if (w->date_at == SIZE_MAX) {
            w->date_at = at;
            w->date_size = o->a;
        }
        at += o->a;
        if (o->post > w->n - at)
            return short_of(w, at, "fixed-size fields", o->post);
        return at + o->post;
    case NT_OP_VARINT: return unended(w, at, "a varint of at most 64 bits");
    case NT_OP_ARRAY_FIXED:
    case NT_OP_STR8:
    case NT_OP_STR16N: { /* a u16 count of o->a-byte units */
        int array = o->code == NT_OP_ARRAY_FIXED;
        if (left < 2)
            return short_of(w, at,
                            array ? "an Array count" : "a string length", 2);
        return short_of(w, at + 2, array ? "Array elements" : "string bytes",
                        (uint64_t)(p[0] | p[1] << 8) * o->a);
    }
    case NT_OP_STR8V: {
        nt_cur c = {p, w->p + w->n, w->p, 0};
        uint64_t len;
        if (nt_varuint(&c, 32, &len) >= NT_VAR_CUT)
            return unended(w, at, "a varuint32 string length");
        return short_of(w, (size_t)(c.p - w->p), "string bytes", len);
    }
    default: { /* RELLOC, DATALOC; a SKIP always fits */
        if (left < 4)
            return short_of(w, at, "a locator", 4);
        uint32_t v = tgBytes_le32(p), size = v >> 16;
        uint64_t start =
            (v & 0xFFFFu) + (o->code == NT_OP_RELLOC ? (uint64_t)at + 4 : 0);
        return bad_region(w, at,
                          o->code == NT_OP_RELLOC ? "RelLoc" : "DataLoc",
                          start, size, o->a);
    }
    }
}

/* The fixed-size fields after op o, which ended at `at` (not FAIL). */
static inline __attribute__((always_inline)) size_t
post(walk *w, const nt_op *o, size_t at)
{
    if (o->post > w->n - at)
        return short_of(w, at, "fixed-size fields", o->post);
    return at + o->post;
}

/* Op o, which holds no others (not an ARRAY or REPEAT), from payload
 * offset `at`, its post bytes included.  @return the offset after them,
 * or FAIL. */
static inline __attribute__((always_inline)) size_t
leaf(walk *w, const nt_op *o, size_t at)
{
    uint64_t end = nt_step_end(o, w->p, w->n, at);
    return end > w->n ? why(w, o, at) : post(w, o, (size_t)end);
}

static size_t run_body(walk *w, const nt_op *o, size_t n, size_t at);

/* Walk ops [o, o + n) from payload offset `at`.  A loop whose body is
 * one op takes it in place; a longer body is walked by a call
 * (run_body()).  Inline where a payload's walk starts: most walks are a
 * few ops, and a call would cost as much as one.  @return the offset
 * after them, or FAIL. */
static inline __attribute__((always_inline)) size_t
run(walk *w, const nt_op *o, size_t n, size_t at)
{
    for (const nt_op *end = o + n; o < end; o++) {
        if (o->code < NT_OP_ARRAY) { /* not ARRAY or REPEAT */
            if ((at = leaf(w, o, at)) == FAIL)
                return FAIL;
            continue;
        }
        uint32_t count = o->a; /* REPEAT */
        if (o->code == NT_OP_ARRAY) {
            if (w->n - at < 2)
                return short_of(w, at, "an Array count", 2);
            count = (uint32_t)(w->p[at] | w->p[at + 1] << 8);
            at += 2;
        }
        if (o->body == 1) {
            for (uint32_t i = 0; i < count; i++)
                if ((at = leaf(w, o + 1, at)) == FAIL)
                    return FAIL;
        } else {
            for (uint32_t i = 0; i < count; i++)
                if ((at = run_body(w, o + 1, o->body, at)) == FAIL)
                    return FAIL;
        }
        if ((at = post(w, o, at)) == FAIL)
            return FAIL;
        o += o->body;
    }
    return at;
}

/* run() for the body of a loop */
static __attribute__((noinline)) size_t run_body(walk *w, const nt_op *o,
                                                 size_t n, size_t at)
{
    return run(w, o, n, at);
}

static __attribute__((cold, noinline)) void
report(nt_check *k, const nt_meta *m, const nt_event *e, walk *w)
{
    if (m->datetime && w->found[0] && strlen(w->found) + 40 < sizeof w->found)
        strcat(w->found, " (DateTime read as 16 bytes, NT-A10)");
    nt_report(k, w->rule, e->payload_off + w->at, e->payload_size - w->at,
              "/payload", w->exp, w->found);
}

/* Walk the payload p[0..n) by m's layout.  @return 1 if it fits; else
 * 0, with the first problem in *w. */
static int walk_payload(walk *w, const nt_check *k, const nt_meta *m,
                        const unsigned char *p, uint32_t n)
{
    w->p = p;
    w->n = n;
    w->c = k->c;
    w->date_at = SIZE_MAX;
    if (n < m->size) {
        short_of(w, 0,
                 m->layout == NT_LAYOUT_FIXED ? "its fields"
                                              : "fixed-size fields",
                 m->size);
        return 0;
    }
    return m->layout < NT_LAYOUT_PROGRAM ||
           run(w, &k->ops[m->first], m->nops, m->size) != FAIL;
}

int nt_walk_fits(const nt_check *k, const nt_meta *m, const unsigned char *p,
                 uint32_t n)
{
    walk w;
    return walk_payload(&w, k, m, p, n) && w.date_at == SIZE_MAX;
}

/* The first DateTime of the payload that is no date (NT-PAY-005). */
static __attribute__((cold, noinline)) void
report_date(nt_check *k, const nt_event *e, const walk *w)
{
    char found[96];
    nt_date_text(e->payload + w->date_at, w->date_size, found, sizeof found);
    nt_report(k, NT_PAY_DATETIME, e->payload_off + w->date_at, w->date_size,
              "/payload", "a date and time .NET's DateTime holds", found);
}

/* An event's payload_fits says where its fields are: a DateTime that is
 * no date is in its place, and does not change it. */
void nt_walk_payload(nt_check *k, const nt_meta *m, const nt_event *e)
{
    walk w;
    int fits = walk_payload(&w, k, m, e->payload, e->payload_size);
    if (w.date_at != SIZE_MAX)
        report_date(k, e, &w);
    if (!fits) {
        k->payload_fits = 0;
        report(k, m, e, &w);
    }
}
