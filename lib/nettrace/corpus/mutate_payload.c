/* mutate_payload.c - payload mutators: a field list and a payload that
 * breaks it, in each layout (v4/v5 first, the rule's parent, then v6 and
 * the draft). */
#include <stdlib.h>
#include <string.h>

#include "mutate.h"

/* v4/v5: metadata NEXT_META with this field list (after Level), then an
 * event of it on a fresh thread holding `payload`; the break is `at`
 * bytes into that payload. */
static int payload45(nt_mut *x, const void *fields, size_t nf,
                     const void *payload, size_t np, uint64_t at)
{
    tgMembuf pl = {0};
    mu_meta_header(&pl, NEXT_META);
    put(&pl, fields, nf);
    long m = mu_meta_block_with(x, &pl);
    tgMembuf_free(&pl);
    const fresh_row r[] = {{1, 1, 5, 1, NEXT_META, (uint32_t)np, 0, 0, 0}};
    x->payload = payload;
    long i = m < 0 ? -1 : mu_fresh_block(x, r, 1);
    if (i < 0)
        return 0;
    mu_mark(x, (size_t)i, x->payload_at + at);
    return 1;
}

/* The draft: metadata 100 with these draft fields, then an event of it
 * holding `payload`; the break is `at` bytes into the payload. */
static int payload_draft(nt_mut *x, const void *fields, size_t nf,
                         const void *payload, size_t np, uint64_t at)
{
    if (!mu_draft_meta(x, fields, nf, "\0", 1, 0))
        return 0;
    long i = mu_draft_event(x, 100, payload, np, -1);
    if (i < 0)
        return 0;
    mu_mark(x, (size_t)i, x->payload_at + at);
    return 1;
}

/* V1 fields: {Count: Int32, Ratio: Double}; {Name: String} */
#define V1_TWO                                                                \
    "\2\0\0\0"                                                                \
    "\x09\0\0\0C\0\0\0"                                                       \
    "\x0e\0\0\0R\0\0\0"
#define V1_NAME                                                               \
    "\1\0\0\0"                                                                \
    "\x12\0\0\0N\0\0\0"
/* an empty V1 list, then V2Params {P: Array<UInt16>} */
#define V2_PORTS                                                              \
    "\0\0\0\0"                                                                \
    "\x14\0\0\0\x02"                                                          \
    "\1\0\0\0"                                                                \
    "\x10\0\0\0P\0\0\0\x13\0\0\0\x08\0\0\0"

/* A payload mutant: metadata with these fields (in the layout of the
 * parent's profile) and an event of it whose payload breaks at `at`. */
typedef struct pay_case {
    int profile;
    const char *fields;
    size_t nf;
    const char *payload;
    size_t np;
    uint64_t at;
} pay_case;

#define PAY(profile, fields, payload, at)                                     \
    {                                                                         \
        profile, fields, sizeof fields - 1, payload, sizeof payload - 1, at   \
    }

static int pay_mutant(nt_mut *x, const pay_case *c)
{
    if (x->profile != c->profile && !mu_reparent(x, c->profile))
        return 0;
    switch (c->profile) {
    case NT_PROFILE_DEFAULT:
        return payload45(x, c->fields, c->nf, c->payload, c->np, c->at);
    case NT_PROFILE_V6:
        return mu_payload6(x, c->fields, c->nf, c->payload, c->np, c->at);
    default:
        return payload_draft(x, c->fields, c->nf, c->payload, c->np, c->at);
    }
}

/* v4/v5 first (the rule's parent), then v6, then the draft */
static const pay_case pay_short[] = {
    PAY(NT_PROFILE_DEFAULT, V1_TWO, "\1\2\3\4\5\6\7\10\11\12\13", 0),
    PAY(NT_PROFILE_DEFAULT, V1_NAME, "a\0b\0c\0", 0),
    PAY(NT_PROFILE_DEFAULT, V2_PORTS, "\377\377\1\0\2\0", 2),
    PAY(NT_PROFILE_V6,
        "\2\0"
        "\7\0\5Count\x09"
        "\7\0\5Ratio\x0e",
        "\1\2\3\4\5\6\7\10\11\12\13", 0),
    PAY(NT_PROFILE_V6, FIELD("\10\0", "\5Ports\x13\x08"), "\377\377\1\0\2\0",
        2),
    PAY(NT_PROFILE_V6, FIELD("\6\0", "\4Name\x12"), "a\0b\0c\0", 0),
    PAY(NT_PROFILE_V6, FIELD("\11\0", "\4Quad\x16\x09\377\377"),
        "\1\0\0\0\2\0\0\0", 0),
    PAY(NT_PROFILE_V6_DRAFT, "\1\x17\5Label", "\x64\0ab", 2),
};

static const pay_case pay_loc[] = {
    PAY(NT_PROFILE_V6, FIELD("\7\0", "\4Blob\x18\x09"), "\10\0\4\0\1\2\3\4",
        0),
    PAY(NT_PROFILE_V6, FIELD("\7\0", "\4Text\x19\x06"), "\2\0\20\0abcd", 0),
    PAY(NT_PROFILE_V6, FIELD("\7\0", "\4Blob\x18\x09"), "\0\0\3\0\1\2\3", 0),
};

/* V1 {Flag: Boolean} holding 2; v6 {Flag: Boolean8} holding 2 */
static const pay_case pay_bool[] = {
    PAY(NT_PROFILE_DEFAULT, "\1\0\0\0\3\0\0\0F\0\0\0", "\2\0\0\0", 0),
    PAY(NT_PROFILE_V6, FIELD("\3\0", "\1F\x1a"), "\2", 0),
};

/* V1 {When: DateTime} holding -1; the draft's {When: DateTime} of month
 * 13 (2025-13-09 14:30:05.250) */
static const pay_case pay_date[] = {
    PAY(NT_PROFILE_DEFAULT, "\1\0\0\0\x10\0\0\0W\0\0\0",
        "\377\377\377\377\377\377\377\377", 0),
    PAY(NT_PROFILE_V6_DRAFT, "\1\x10\4When",
        "\351\7\15\0\1\0\11\0\16\0\36\0\5\0\372\0", 0),
};

/* rules.def describes the cases in this order; a count that differs from
 * the table's fails tests/selfcheck-t.c */
#define NCASES(a) (sizeof a / sizeof a[0])

int mut_pay_short(nt_mut *x)
{
    return x->variant < NCASES(pay_short) &&
           pay_mutant(x, &pay_short[x->variant]);
}

int mut_pay_loc(nt_mut *x)
{
    return x->variant < NCASES(pay_loc) && pay_mutant(x, &pay_loc[x->variant]);
}

int mut_str_encoding(nt_mut *x)
{
    tgMembuf pl = {0};
    int r = 0;
    switch (x->variant) {
    case 0: /* v4/v5: ProviderName "M", then a lone high surrogate */
        put_u32(&pl, NEXT_META);
        put(&pl, "M\0\0\xd8\0\0", 6);
        put_u32(&pl, 1);
        put_utf16z(&pl, "E");
        put_u64(&pl, 0);
        put_u32(&pl, 0);
        put_u32(&pl, 4);
        put_u32(&pl, 0);
        r = mu_meta_payload_mut(x, &pl, 4 + 2);
        break;
    case 1: /* v6: a Thread row for index 98 named c3 28 */
        r = mu_reparent(x, NT_PROFILE_V6) &&
            mu_insert_threads(x, mu_nth(x, NT_B_THREAD, 0) + 1,
                              "\5\0\x62\1\2\xc3\x28", 7, 6);
        break;
    case 2: { /* the draft: metadata 100 whose provider is c3 28 */
        long i = mu_reparent(x, NT_PROFILE_V6_DRAFT)
                     ? mu_nth(x, NT_B_METADATA, 0)
                     : -1;
        if (i < 0)
            break;
        put(&pl, "\1\0\x64\2\xc3\x28\1\1E\0\0", 11);
        mu_insert(x, (size_t)i + 1, NT_B_METADATA, pl.p, pl.n);
        mu_mark(x, (size_t)i + 1, 5);
        r = 1;
        break;
    }
    }
    tgMembuf_free(&pl);
    return r;
}

int mut_pay_bool(nt_mut *x)
{
    return x->variant < NCASES(pay_bool) &&
           pay_mutant(x, &pay_bool[x->variant]);
}

int mut_pay_datetime(nt_mut *x)
{
    return x->variant < NCASES(pay_date) &&
           pay_mutant(x, &pay_date[x->variant]);
}
