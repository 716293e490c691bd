/* relayout.c - a v4/v5 trace with one metadata row's V1 fields changed
 * and every event of that row laid out again to match them
 * (tg_format_relayout(); spec/oracle.md O15).
 *
 * Why: a reader decodes an event by its row's fields, so the code behind
 * a field type is reached only by an event whose payload holds that type
 * where its row says.  A byte change to a type code leaves the events as
 * they were, laid out for the old type; this makes the row and its events
 * agree again, as a writer would have written them, with values any
 * reader takes (nt_gen_scalar()).
 *
 * The row: the one whose payload holds offset `near` of the input, if it
 * is one of those that can be laid out (compressed, its V1 fields all
 * scalars: fixed-size types and strings), or else one of those at
 * random.  The change: none (the events follow the row as it stands,
 * after a change made elsewhere), one field given another scalar type,
 * the last fields dropped (any number of them: a row of fewer fields),
 * or a scalar field added (not where V5 tags follow the list: a
 * V2Params list needs an empty V1 one); half the changes are a new
 * type.  A row of no fields before its tags is never picked: nothing of
 * it can change.  The field retyped, half the time, is the
 * first that starts past `near`: a fuzzer that kept an input for the
 * code a changed count or type reached goes on to the field after it,
 * one field at a time, as a reader's code for a row goes.  The events: every
 * compressed event row of that metadata id; a row's PayloadSize is
 * written where it differs from the row before's, as the runtime writes
 * it, and every block's BlockSize and padding are made anew
 * (tgNettrace_join()).  The rest is copied as it is.  Uncompressed rows
 * are copied too, never laid out. */
#include <stdlib.h>

#include "../check/check.h"
#include "emit.h"
#include "../../core/mem.h"

#define MAX_FIELDS 64 /* V1 fields of a row that may be laid out */
#define MAX_PIECES 4096

enum change { CH_NONE, CH_DROP, CH_ADD, CH_RETYPE };

/* A metadata row's payload and its V1 list: where each field starts
 * (its TypeCode) and where the list ends. */
typedef struct v1_row {
    const unsigned char *p; /* the payload; NULL: no row found yet */
    size_t n;
    uint32_t id;
    size_t count_at; /* FieldCount */
    unsigned nfields;
    uint32_t type[MAX_FIELDS];
    size_t at[MAX_FIELDS + 1]; /* field i's TypeCode; at[nfields]: the end */
} v1_row;

/* One compressed row header: its first byte, where its PayloadSize is
 * (or would be), and its payload. */
typedef struct row_head {
    const unsigned char *start, *size_at;
    unsigned flags;
    nt_cur payload;
} row_head;

/* The next compressed row of c into *h, meta and size carried from the
 * row before.  @return 0, or -1 if it does not frame. */
static int next_row(nt_cur *c, uint64_t *meta, uint64_t *size, row_head *h)
{
    uint64_t v;
    if (c->p >= c->end)
        return -1;
    h->start = c->p;
    h->flags = *c->p++;
    if ((h->flags & NT_HF_METADATA_ID) &&
        nt_varuint(c, 32, meta) >= NT_VAR_CUT)
        return -1;
    for (int i = 0; i < 3 && (h->flags & NT_HF_CAPTURE); i++)
        if (nt_varuint(c, 64, &v) >= NT_VAR_CUT)
            return -1;
    if ((h->flags & NT_HF_THREAD_ID) && nt_varuint(c, 64, &v) >= NT_VAR_CUT)
        return -1;
    if ((h->flags & NT_HF_STACK_ID) && nt_varuint(c, 32, &v) >= NT_VAR_CUT)
        return -1;
    if (nt_varuint(c, 64, &v) >= NT_VAR_CUT) /* TimeStamp */
        return -1;
    size_t guids = (h->flags & NT_HF_ACTIVITY_ID ? 16u : 0) +
                   (h->flags & NT_HF_RELATED_ACTIVITY_ID ? 16u : 0);
    if (guids > nt_left(c))
        return -1;
    c->p += guids;
    h->size_at = c->p;
    if ((h->flags & NT_HF_PAYLOAD_SIZE) &&
        nt_varuint(c, 32, size) >= NT_VAR_CUT)
        return -1;
    if (*size > nt_left(c))
        return -1;
    h->payload = (nt_cur){c->p, c->p + *size, c->start, c->base};
    c->p += *size;
    return 0;
}

/* The V1 list of metadata payload p[0..n) into *r, if it parses, every
 * field is a scalar, and it has fields or nothing after it (a field can
 * be added).  @return 1, or 0. */
static int parse_v1(const unsigned char *p, size_t n, v1_row *r)
{
    size_t at = 4; /* MetaId */
    if (n < at)
        return 0;
    r->id = tgBytes_le32(p);
    at = nt_str16_end(p, n, at); /* ProviderName */
    at = at > n || n - at < 4 ? n + 1 : nt_str16_end(p, n, at + 4);
    if (at > n || n - at < 8 + 4 + 4 + 4) /* Keywords, Version, Level */
        return 0;
    r->count_at = at + 16;
    uint32_t count = tgBytes_le32(p + r->count_at);
    if (count > MAX_FIELDS)
        return 0;
    at = r->count_at + 4;
    for (r->nfields = 0; r->nfields < count; r->nfields++) {
        if (n - at < 4)
            return 0;
        uint32_t code = tgBytes_le32(p + at);
        unsigned shape = nt_type_at(NT_V45, code)->shape;
        if (shape != NT_T_FIXED && shape != NT_T_STR16Z)
            return 0;
        r->type[r->nfields] = code;
        r->at[r->nfields] = at;
        if ((at = nt_str16_end(p, n, at + 4)) > n) /* FieldName */
            return 0;
    }
    r->at[r->nfields] = at;
    r->p = p;
    r->n = n;
    return r->nfields > 0 || at == n;
}

/* The content of a compressed metadata or event block: its rows after its
 * header, or 0 if it has none such. */
static int rows_of(const unsigned char *p, size_t n, nt_cur *c)
{
    if (n < NT_BLOCK_HEADER)
        return 0;
    size_t header = (size_t)(p[0] | p[1] << 8);
    if (!(p[2] & 1) || header < NT_BLOCK_HEADER || header > n)
        return 0;
    *c = (nt_cur){p + header, p + n, p, 0};
    return 1;
}

/* A block object of a piece: its header's bytes, the kind and where its
 * content lies in the piece.  @return 0 if the piece is no block. */
static size_t block_in(const unsigned char *p, size_t n, size_t was_at,
                       enum nt_block *kind, size_t *content, size_t *size)
{
    size_t hdr = tgNettrace_block_header(p, n);
    if (hdr == 0)
        return 0;
    *kind = nt_object_block(p + NT_O45_NAME, tgBytes_le32(p + NT_O45_NAMELEN),
                            n - NT_O45_NAME);
    *content = hdr + nt_pad4(was_at + hdr);
    *size = tgBytes_le32(p + hdr - 4);
    return *content <= n && *size <= n - *content ? hdr : 0;
}

/* The scalar codes of v4/v5 that the spec names, for a new type. */
static unsigned scalar_codes(unsigned char *codes)
{
    unsigned n = 0;
    for (unsigned c = 0; c < NT_NCODES; c++) {
        const nt_type *t = nt_type_at(NT_V45, c);
        if ((t->shape == NT_T_FIXED || t->shape == NT_T_STR16Z) && !t->compat)
            codes[n++] = (unsigned char)c;
    }
    return n;
}

/* The row's metadata payload with the change made into b, and the row's
 * field types after it into r; `past`: the first field that starts past
 * `near` (r->nfields: none).  @return where in b the change is: the
 * TypeCode retyped or added, the FieldCount of a drop, or for none the
 * TypeCode before `past` (FieldCount if none), so that the next relayout
 * near it goes on from the same field. */
static size_t changed_row(tgMembuf *b, v1_row *r, enum change ch,
                          unsigned past, tgBytes_rng *rng)
{
    unsigned char codes[NT_NCODES];
    unsigned ncodes = scalar_codes(codes);
    size_t end = r->at[r->nfields];
    unsigned at = past > 0 && past <= r->nfields ? past - 1 : UINT32_MAX;
    if (ch == CH_RETYPE) {
        at = past < r->nfields && tgBytes_below(rng, 2)
                 ? past
                 : tgBytes_below(rng, r->nfields);
        uint32_t was = r->type[at];
        while (r->type[at] == was)
            r->type[at] = codes[tgBytes_below(rng, ncodes)];
    }
    unsigned kept =
        ch == CH_DROP ? tgBytes_below(rng, r->nfields) : r->nfields;
    if (ch == CH_DROP)
        at = UINT32_MAX;
    size_t changed = r->count_at;
    put(b, r->p, r->count_at);
    put_u32(b, kept + (ch == CH_ADD));
    for (unsigned i = 0; i < kept; i++) {
        if (i == at)
            changed = b->n;
        put_u32(b, r->type[i]);
        put(b, r->p + r->at[i] + 4, r->at[i + 1] - r->at[i] - 4);
    }
    if (ch == CH_ADD) {
        changed = b->n;
        r->type[kept] = codes[tgBytes_below(rng, ncodes)];
        put_u32(b, r->type[kept]);
        put_utf16z(b, "Extra");
    }
    r->nfields = kept + (ch == CH_ADD);
    put(b, r->p + end, r->n - end); /* the V5 tags */
    return changed;
}

/* The rows of block content c into b: the payload of the row whose
 * payload starts at `meta_at` replaced by meta_payload (*meta_out: where
 * in b it now starts), and of every event of metadata `id` (in an event
 * block) laid out for r's types. */
static void rewrite_rows(tgMembuf *b, nt_cur c, int events, const v1_row *r,
                         const unsigned char *meta_at,
                         const tgMembuf *meta_payload, size_t *meta_out,
                         tgBytes_rng *rng, tgMembuf *scratch)
{
    uint64_t meta = 0, size = 0, size_out = 0;
    row_head h;
    put(b, c.start, (size_t)(c.p - c.start)); /* the block header */
    while (c.p < c.end) {
        const unsigned char *row = c.p;
        if (next_row(&c, &meta, &size, &h) != 0) {
            put(b, row, (size_t)(c.end - row)); /* as it is */
            return;
        }
        const unsigned char *pl = h.payload.p;
        size_t pn = nt_left(&h.payload);
        if (!events && pl == meta_at) {
            pl = meta_payload->p;
            pn = meta_payload->n;
        } else if (events && meta == r->id) {
            scratch->n = 0;
            for (unsigned i = 0; i < r->nfields; i++)
                nt_gen_scalar(scratch, rng, NT_V45, r->type[i]);
            pl = scratch->p;
            pn = scratch->n;
        }
        unsigned flags = h.flags | (pn != size_out ? NT_HF_PAYLOAD_SIZE : 0);
        put_u8(b, flags);
        put(b, h.start + 1, (size_t)(h.size_at - h.start - 1));
        if (flags & NT_HF_PAYLOAD_SIZE)
            put_var(b, pn);
        put(b, pl, pn);
        if (!events && pl == meta_payload->p)
            *meta_out = b->n - pn;
        size_out = pn;
    }
}

size_t tgNettrace_relayout(const unsigned char *p, size_t n, uint64_t seed,
                           size_t near, unsigned char *out, size_t cap,
                           size_t *changed)
{
    if (n < NT_V45_STREAM || memcmp(p, NT_MAGIC, NT_MAGIC_LEN) != 0 ||
        tgBytes_le32(p + NT_MAGIC_LEN) == 0) /* v6: Reserved 0 */
        return 0;
    size_t *at = tgMem_malloc(MAX_PIECES * sizeof *at);
    tg_piece *pieces = tgMem_malloc(MAX_PIECES * sizeof *pieces);
    tgMembuf *blocks = tgMem_calloc(MAX_PIECES, sizeof *blocks);
    tgMembuf meta = {0}, scratch = {0};
    size_t np = 0, written = 0;
    if (at == NULL || pieces == NULL || blocks == NULL)
        goto done;
    np = tgNettrace_pieces(p, n, at, MAX_PIECES);
    tgBytes_rng rng = {seed};
    /* the row: the one that holds `near`, or one of the eligible ones,
     * each as likely */
    v1_row row = {0}, one;
    unsigned seen = 0;
    int held = 0;
    for (size_t i = 0; i < np && !held; i++) {
        size_t end = i + 1 < np ? at[i + 1] : n, content, size;
        enum nt_block kind;
        nt_cur c;
        row_head h;
        uint64_t meta_id = 0, row_size = 0;
        if (!block_in(p + at[i], end - at[i], at[i], &kind, &content, &size) ||
            kind != NT_B_METADATA || !rows_of(p + at[i] + content, size, &c))
            continue;
        while (next_row(&c, &meta_id, &row_size, &h) == 0 && !held) {
            size_t from = (size_t)(h.payload.p - p);
            if (!parse_v1(h.payload.p, nt_left(&h.payload), &one))
                continue;
            held = near >= from && near - from < one.n;
            if (held || tgBytes_below(&rng, ++seen) == 0)
                row = one;
        }
    }
    if (row.p == NULL)
        goto done;
    unsigned past = 0; /* the first field past `near` */
    while (past < row.nfields && (size_t)(row.p - p) + row.at[past] <= near)
        past++;
    /* a new type half the time, else none, a field dropped or added */
    unsigned pick = tgBytes_below(&rng, 6);
    enum change ch = pick < 3 ? CH_RETYPE : (enum change)(pick - 3);
    if (((ch == CH_RETYPE || ch == CH_DROP) && row.nfields == 0) ||
        (ch == CH_ADD &&
         (row.at[row.nfields] != row.n || row.nfields == MAX_FIELDS)))
        ch = CH_NONE;
    const unsigned char *meta_at = row.p;
    size_t in_row = changed_row(&meta, &row, ch, past, &rng);
    /* every block object made anew; the rest as it is */
    size_t room = 0, meta_piece = SIZE_MAX, meta_out = 0;
    for (size_t i = 0; i < np; i++) {
        size_t end = i + 1 < np ? at[i + 1] : n, content, size;
        const unsigned char *piece = p + at[i];
        enum nt_block kind;
        nt_cur c;
        pieces[i] = (tg_piece){piece, end - at[i], at[i]};
        size_t hdr =
            block_in(piece, end - at[i], at[i], &kind, &content, &size);
        if (hdr && (kind == NT_B_METADATA || kind == NT_B_EVENT) &&
            rows_of(piece + content, size, &c)) {
            tgMembuf *b = &blocks[i];
            put(b, piece, content); /* the header and its old padding */
            size_t row_at = SIZE_MAX;
            rewrite_rows(b, c, kind == NT_B_EVENT, &row, meta_at, &meta,
                         &row_at, &rng, &scratch);
            if (row_at != SIZE_MAX) /* the changed row is in this piece */
                meta_piece = i, meta_out = row_at - content;
            if (b->failed || b->n - content > UINT32_MAX)
                goto done;
            tgBytes_put32(b->p + hdr - 4, (uint32_t)(b->n - content));
            put(b, piece + content + size, end - at[i] - content - size);
            pieces[i].data = b->p;
            pieces[i].size = b->n;
        }
        room += pieces[i].size + 3; /* tgNettrace_join()'s padding */
    }
    if (meta.failed || scratch.failed || room > cap)
        goto done;
    /* where each piece now starts, into `at`: the row's block, framed
     * where it lies now, says where its content and so the row are */
    written = tgNettrace_join_at(pieces, np, out, at);
    enum nt_block kind;
    size_t content, size;
    if (changed != NULL && meta_piece < np &&
        block_in(out + at[meta_piece], written - at[meta_piece],
                 at[meta_piece], &kind, &content, &size))
        *changed = at[meta_piece] + content + meta_out + in_row;
done:
    for (size_t i = 0; blocks && i < np; i++)
        tgMembuf_free(&blocks[i]);
    tgMembuf_free(&meta);
    tgMembuf_free(&scratch);
    tgMem_free(blocks);
    tgMem_free(pieces);
    tgMem_free(at);
    return written;
}
