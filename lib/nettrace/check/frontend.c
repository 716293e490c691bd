/* frontend.c - the NetTrace front end: the stream header decides the layout
 * (v4/v5 FastSerialization objects, or v6 blocks), then the layout's
 * reader runs; reporting and varuints are shared here. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../../core/bytes.h"
#include "../../core/unicode.h"
#include "check.h"

/* Whether a rule's layouts include the layout being read. */
static int for_this_layout(const nt_check *k, size_t rule)
{
    unsigned layout = !k->v6 ? IN_V45 : k->draft ? IN_V6D : IN_V6;
    return (tgNettrace_rules[rule].scope & layout) != 0;
}

int nt_short(nt_check *k, size_t rule, const nt_cur *c, size_t need,
             const char *field, const char *expected)
{
    if (nt_left(c) >= need)
        return 0;
    char found[32];
    snprintf(found, sizeof found, "%zu bytes", nt_left(c));
    nt_report(k, rule, nt_off(c), nt_left(c), field, expected, found);
    return 1;
}

void nt_extra(nt_check *k, size_t rule, const nt_cur *c)
{
    if (nt_left(c) > 0)
        nt_short(k, rule, c, SIZE_MAX, "", "nothing");
}

int64_t nt_report(nt_check *k, size_t rule, uint64_t off, uint64_t len,
                  const char *field, const char *exp, const char *found)
{
    return nt_report_from(k, rule, off, len, field, exp, found, -1);
}

const char *nt_path(nt_check *k, const char *field)
{
    const char *unit = k->v6 ? "block" : "object";
    if (k->object_name == NULL)
        snprintf(k->path, sizeof k->path, "/%s", field);
    else if (k->row == UINT64_MAX)
        snprintf(k->path, sizeof k->path, "/%s[%" PRIu64 "]{%s}%s", unit,
                 k->object, k->object_name, field);
    else
        snprintf(k->path, sizeof k->path,
                 "/%s[%" PRIu64 "]{%s}/row[%" PRIu64 "]%s", unit, k->object,
                 k->object_name, k->row, field);
    return k->path;
}

int64_t nt_report_from(nt_check *k, size_t rule, uint64_t off, uint64_t len,
                       const char *field, const char *exp, const char *found,
                       int64_t cause)
{
    k->last_finding = -1;
    k->reports++;
    /* rules name layouts: one never speaks about another layout's file */
    if (!for_this_layout(k, rule))
        return -1;
    if (k->silent) {
        /* a trial parse (NT-A28) counts what would break the framing, as
         * the table has it: options never change which layout is read */
        const tg_rule *r = &tgNettrace_rules[rule];
        k->silent_count += r->level == TG_MUST && r->kind == TG_KIND_CHECK;
        return -1;
    }
    if (!tgEngine_active(k->c, rule))
        return -1;
    k->row_findings += k->row != UINT64_MAX;
    if (tgEngine_capped(k->c, rule)) { /* counted, never shown: no path */
        tgEngine_site s = {off, len, 0, 0, NULL, cause};
        return k->last_finding = tgEngine_report(k->c, rule, &s, NULL, NULL);
    }
    tgEngine_site s = {off, len, 0, 0, nt_path(k, field), cause};
    return k->last_finding = tgEngine_report(k->c, rule, &s, exp, found);
}

/* The rest of block b from input offset `from` is not decoded: say how
 * much, as a consequence of finding `cause` (-1: none shown). */
static void rows_skipped(nt_check *k, uint64_t from, const nt_cur *b,
                         const char *why, int64_t cause)
{
    uint64_t end = b->base + (uint64_t)(b->end - b->start);
    if (from >= end)
        return;
    char found[96];
    k->row = UINT64_MAX;
    nt_report_from(k, NT_SKIP_BLOCK, from, end - from, "",
                   "its rows checked to the block's end",
                   TG_ENGINE_TEXT(k->c, NT_SKIP_BLOCK, found,
                                  "%" PRIu64 " bytes skipped %s", end - from,
                                  why),
                   cause);
}

int nt_skip_rows(nt_check *k, nt_cur *b)
{
    const tgEngine_check *c = k->c;
    if (c->repeat_cap == 0 || /* no cap: every row is decoded */
        tg_verdict_rank(c->worst) < tg_verdict_rank(TG_VIOLATIONS) ||
        nt_left(b) == 0)
        return 0;
    char why[48];
    snprintf(why, sizeof why, "after %" PRIu64 " findings", k->row_findings);
    rows_skipped(k, nt_off(b), b, why, -1);
    b->p = b->end;
    return 1;
}

void nt_rows_lost(nt_check *k, uint64_t from, const nt_cur *b)
{
    rows_skipped(k, from, b, "from the row that does not frame",
                 k->last_finding);
}

int nt_too_deep(nt_check *k, unsigned depth, uint64_t at, const char *field)
{
    if (depth <= k->c->limits[TG_LIMIT_DEPTH])
        return 0;
    char exp[96];
    nt_report(k, NT_LIM_DEPTH, at, 1, field,
              tgEngine_limit_text(k->c, TG_LIMIT_DEPTH, "nested lists", exp,
                                  sizeof exp),
              "deeper nesting");
    return 1;
}

void nt_utf8(nt_check *k, const unsigned char *p, size_t n, uint64_t off,
             const char *field)
{
    size_t bad = tgUnicode_utf8_bad(p, n);
    if (bad != SIZE_MAX)
        nt_report(k, NT_STR_ENCODING, off + bad, 1, field, "UTF-8",
                  "an invalid byte sequence");
}

void nt_utf16(nt_check *k, const unsigned char *p, size_t units, uint64_t off,
              const char *field)
{
    size_t bad = tgUnicode_utf16_bad(p, units);
    if (bad != SIZE_MAX)
        nt_report(k, NT_STR_ENCODING, off + 2 * bad, 2, field, "UTF-16",
                  "an unpaired surrogate");
}

int nt_string_v6(nt_check *k, nt_cur *c, const char *field)
{
    uint64_t n;
    const unsigned char *at = c->p;
    if (nt_varuint(c, 32, &n) >= NT_VAR_CUT || n > nt_left(c)) {
        c->p = at;
        return -1;
    }
    nt_utf8(k, c->p, (size_t)n, nt_off(c), field);
    c->p += n;
    return 0;
}

uint64_t nt_bytes_left(const nt_check *k, uint64_t off)
{
    /* after a fill or skip that came short, the window ends where the
     * input does */
    uint64_t end = k->w->base + k->w->end;
    return end > off ? end - off : 0;
}

const char *nt_input_left(const nt_check *k, uint64_t off, char *buf,
                          size_t size)
{
    snprintf(buf, size, "%" PRIu64 " bytes before the input ends",
             nt_bytes_left(k, off));
    return buf;
}

int nt_hold_rest(nt_check *k, uint64_t at, uint64_t n)
{
    tgWindow *w = k->w;
    uint64_t limit = k->c->limits[TG_LIMIT_BLOCK_BYTES];
    if (n <= limit) {
        if (tgWindow_fill(w, (size_t)n) >= n)
            return NT_HOLD_HELD;
        return w->nomem ? NT_HOLD_NOMEM : NT_HOLD_CUT;
    }
    /* over the limit: a limit only if the bytes are really there */
    if (tgWindow_skip(w, n) < n)
        return w->error ? NT_HOLD_NOMEM : NT_HOLD_CUT;
    char exp[96], found[32];
    snprintf(found, sizeof found, "%" PRIu64 " bytes", n);
    nt_report(k, NT_LIM_BLOCK, at, 4, "/BlockSize",
              tgEngine_limit_text(k->c, TG_LIMIT_BLOCK_BYTES, "bytes", exp,
                                  sizeof exp),
              found);
    return NT_HOLD_SKIPPED;
}

int nt_varuint_slow(nt_cur *c, unsigned bits, uint64_t *out)
{
    /* most that are not one byte are two: a second byte of 01-7F ends
     * one of 14 bits, minimal */
    if (c->end - c->p >= 2 && c->p[0] >= 0x80 && c->p[1] - 1u < 0x7Fu) {
        *out = (uint64_t)(c->p[0] & 0x7F) | (uint64_t)c->p[1] << 7;
        c->p += 2;
        return NT_VAR_OK;
    }
    uint64_t v = 0;
    unsigned max = nt_var_most(bits);
    for (unsigned i = 0;; i++) {
        if (c->p + i >= c->end)
            return NT_VAR_CUT;
        if (i == max)
            return NT_VAR_LONG;
        unsigned char b = c->p[i];
        uint64_t part = (uint64_t)(b & 0x7F);
        unsigned shift = 7 * i;
        /* the last group may only hold the bits that are left */
        if (shift + 7 > bits && (part >> (bits - shift)) != 0)
            return NT_VAR_BIG;
        v |= part << shift;
        if (!(b & 0x80)) {
            *out = v;
            c->p += i + 1;
            return i == 0 || b != 0 ? NT_VAR_OK : NT_VAR_REDUNDANT;
        }
    }
}

/* The v4/v5 (and NetPerf) header after the magic: int32 20, then the
 * string. */
#define FASTSER_BYTES "\x14\0\0\0" NT_FASTSER
#define FASTSER_FIELD (4 + NT_FASTSER_LEN)
_Static_assert(NT_FASTSER_LEN == 0x14, "FASTSER_BYTES spells the length");

/* The 8-byte magic failed: a legacy NetPerf stream, or not NetTrace. */
static void not_nettrace(nt_check *k, size_t avail)
{
    const unsigned char *p = tgWindow_ptr(k->w);
    if (tgWindow_fill(k->w, FASTSER_FIELD) >= FASTSER_FIELD &&
        memcmp(tgWindow_ptr(k->w), FASTSER_BYTES, FASTSER_FIELD) == 0) {
        nt_report(k, NT_HDR_NETPERF, 0, FASTSER_FIELD, "header",
                  "\"" NT_MAGIC "\"", "a NetPerf FastSerialization header");
        return;
    }
    char found[64];
    if (avail < 8)
        snprintf(found, sizeof found, "%zu bytes", avail);
    else
        snprintf(found, sizeof found,
                 "%02x %02x %02x %02x %02x %02x %02x %02x", p[0], p[1], p[2],
                 p[3], p[4], p[5], p[6], p[7]);
    nt_report(k, NT_HDR_MAGIC, 0, 8, "header", "4e 65 74 74 72 61 63 65",
              found);
}

/* A v6-style header (Reserved 0): the major version decides.
 * @return 1 if the v6 blocks are to be read. */
static int v6_header(nt_check *k)
{
    if (tgWindow_fill(k->w, NT_V6_STREAM) < NT_V6_STREAM) {
        nt_report(k, NT_OBJ_CUT, 0, NT_V6_STREAM, "header",
                  "a " TG_STRINGIFY(NT_V6_STREAM) "-byte header",
                  "fewer bytes");
        return 0;
    }
    const unsigned char *p = tgWindow_ptr(k->w);
    uint32_t major = tgBytes_le32(p + NT_V6_MAJOR);
    uint32_t minor = tgBytes_le32(p + NT_V6_MINOR);
    char found[32];
    snprintf(found, sizeof found, "%" PRIu32, major);
    if (major != 6) {
        nt_report(k, major < 6 ? NT_HDR_MAJOR_OLD : NT_HDR_MAJOR_NEW,
                  NT_V6_MAJOR, 4, "header/major", "6", found);
        return 0;
    }
    /* a profile that names a layout decides it; the others choose by
     * content (NT-A28) */
    int profile = k->c->profile;
    k->decided = profile == NT_PROFILE_V6_DRAFT || profile == NT_PROFILE_V6;
    k->choice = k->decided ? NT_CHOSE_PROFILE : NT_CHOSE_NOTHING;
    nt_set_draft(k, profile == NT_PROFILE_V6_DRAFT);
    if (minor != 0) {
        snprintf(found, sizeof found, "%" PRIu32, minor);
        nt_report(k, NT_HDR_MINOR, NT_V6_MINOR, 4, "header/minor", "0", found);
    }
    tgWindow_consume(k->w, NT_V6_STREAM);
    return 1;
}

/* NT-A1: every writer and reader has bit 31 set = NOT sorted; the spec
 * words it the other way round.  Said once, in the layout line. */
#define UNCOMPRESSED_NOTE                                                     \
    "; uncompressed rows, read with bit 31 set = not sorted, as writers "     \
    "and readers do (the spec words it the other way round)"

/* The layout line of a v6 header: which layout, and why (NT-A28). */
static const char *v6_layout(const nt_check *k)
{
#define DRAFT_NOTE                                                            \
    "(the seed's February 2025 layout, superseded: "                          \
    "TraceEvent and final-v6 readers cannot read it)"
#define BLOCK "its first metadata, stack, sequence point or thread block"
    if (k->draft)
        return k->choice == NT_CHOSE_PROFILE
                   ? "v6 draft, as --profile nettrace-v6-draft "
                     "asks " DRAFT_NOTE
                   : "v6 draft, chosen automatically because " BLOCK
                     " has a MUST finding read as final v6 and none "
                     "read as the draft " DRAFT_NOTE;
    switch (k->choice) {
    case NT_CHOSE_PROFILE:
        return "v6 (final published block layout, as --profile "
               "nettrace-v6 asks)";
    case NT_CHOSE_FINAL:
        return "v6 (final published block layout: " BLOCK
               " reads as final v6)";
    case NT_CHOSE_NEITHER:
        return "v6 (final published block layout: " BLOCK
               " reads cleanly neither as final v6 nor as the draft, so "
               "final v6 is kept)";
    default:
        return "v6 (final published block layout: no block tells it "
               "from the seed's draft, so final v6 is assumed)";
    }
#undef BLOCK
#undef DRAFT_NOTE
}

void tgNettrace_check(tgEngine_check *c, tgWindow *w)
{
    nt_check k;
    memset(&k, 0, sizeof k);
    k.c = c;
    k.w = w;
    k.row = UINT64_MAX;
    size_t avail = tgWindow_fill(w, NT_V45_STREAM);
    /* a short input that agrees with a v4/v5 header so far is cut short,
     * not foreign (a v6 header is judged by v6_header()) */
    static const char v45[NT_V45_STREAM] = NT_MAGIC FASTSER_BYTES;
    if ((avail < NT_V45_STREAM && memcmp(tgWindow_ptr(w), v45, avail) == 0) ||
        (avail < NT_V6_STREAM &&
         memcmp(tgWindow_ptr(w), NT_MAGIC "\0\0\0\0",
                avail < NT_V6_MAJOR ? avail : NT_V6_MAJOR) == 0)) {
        char found[32];
        snprintf(found, sizeof found, "%zu bytes", avail);
        nt_report(&k, NT_OBJ_CUT, 0, avail, "header",
                  TG_STRINGIFY(NT_V45_STREAM) " bytes", found);
        return;
    }
    if (avail < NT_MAGIC_LEN ||
        memcmp(tgWindow_ptr(w), NT_MAGIC, NT_MAGIC_LEN) != 0) {
        not_nettrace(&k, avail);
        return;
    }
    uint32_t r = avail >= NT_V6_MAJOR
                     ? tgBytes_le32(tgWindow_ptr(w) + NT_MAGIC_LEN)
                     : UINT32_MAX;
    if (r == 0) {
        k.v6 = 1;
        if (nt_showing(&k))
            nt_show(&k, 0, "StreamHeader", "header", 0, NT_V6_STREAM,
                    "Nettrace, Reserved 0, then the major and minor version");
        if (!v6_header(&k))
            return;
        nt_state_init(&k);
        nt_check_v6(&k);
        nt_state_free(&k);
        /* the draft is legal under its profile, but TraceEvent cannot
         * read it: that fails only the TraceEvent-compatible check */
        if (k.draft && c->profile == NT_PROFILE_TRACEEVENT) {
            k.object_name = NULL;
            nt_report(&k, NT_DRF_COMPAT, NT_V6_MAJOR, 8, "header",
                      "the final v6 layout", "the v6 draft");
        }
        snprintf(c->layout, sizeof c->layout, "%s%s", v6_layout(&k),
                 k.uncompressed ? UNCOMPRESSED_NOTE : "");
        snprintf(c->version, sizeof c->version, "%s",
                 tgNettrace_versions[k.draft ? NT_VERSION_V6_DRAFT
                                             : NT_VERSION_V6]);
        return;
    }
    if (tgWindow_fill(w, NT_V45_STREAM) < NT_V45_STREAM ||
        memcmp(tgWindow_ptr(w) + NT_MAGIC_LEN, FASTSER_BYTES, FASTSER_FIELD) !=
            0) {
        nt_report(&k, NT_HDR_FASTSER, NT_MAGIC_LEN, FASTSER_FIELD, "header",
                  "14 00 00 00 \"" NT_FASTSER "\"", "something else");
        return;
    }
    if (nt_showing(&k))
        nt_show(&k, 0, "StreamHeader", "header", 0, NT_V45_STREAM,
                "Nettrace, then \"" NT_FASTSER "\"");
    tgWindow_consume(w, NT_V45_STREAM);
    k.ts_flip = NT_SIGNED; /* v4/v5 timestamps are `long` */
    nt_state_init(&k);
    nt_check_v45(&k);
    nt_state_free(&k);
    /* v4 and v5 share every byte of the header; tags tell them apart */
    snprintf(c->layout, sizeof c->layout, "%s%s",
             k.v5_tags ? "v5 (FastSerialization objects; V5 metadata tags "
                         "present)"
                       : "v4/v5 (FastSerialization objects; no V5 "
                         "metadata tags)",
             k.uncompressed ? UNCOMPRESSED_NOTE : "");
    snprintf(c->version, sizeof c->version, "%s",
             tgNettrace_versions[k.v5_tags ? NT_VERSION_V5 : NT_VERSION_V4]);
}
