/* mutate_reader.c - mutators of the rules about what TraceEvent makes
 * of an event: what its EVENT_RECORD holds (NT-MET-017, NT-MET-018,
 * NT-ROW-013, NT-ROW-014, NT-STK-005) and the fields it cannot decode
 * (NT-MET-019, NT-MET-020).  Each mutant is legal, and has an event that
 * TraceEvent misreads, so that a run of TraceEvent on it shows it.
 * Variant 0 starts from a v4/v5 parent, variant 1 (where there is one)
 * from a final v6 one. */
#include "mutate.h"

/* The v4/v5 metadata payload pl (of id NEXT_META) in a block of its
 * own, then an event of it with an empty payload after the last SP; the
 * break is `at` bytes into pl.  pl is freed. */
static int v45_event_of(nt_mut *x, tgMembuf *pl, uint64_t at)
{
    const fresh_row r[] = {{1, 1, 5, 1, NEXT_META, 0, 0, 0, 0}};
    long i = x->m.layout == NT_V45 ? mu_meta_block_with(x, pl) : -1;
    uint64_t payload_at = x->payload_at;
    tgMembuf_free(pl);
    if (i < 0 || mu_fresh_block(x, r, 1) < 0)
        return 0;
    mu_mark(x, (size_t)i, payload_at + at);
    return 1;
}

/* Event `event_id` of version `version`, with no fields, and an event of
 * it; the break is at the metadata payload's field `at` bytes in. */
static int v45_metadata(nt_mut *x, int32_t event_id, int32_t version,
                        uint64_t at)
{
    tgMembuf pl = {0};
    put_u32(&pl, NEXT_META);
    put_utf16z(&pl, "Mutant");
    put_u32(&pl, (uint32_t)event_id);
    put_utf16z(&pl, "Event");
    put_u64(&pl, 0);                 /* Keywords */
    put_u32(&pl, (uint32_t)version); /* Version  */
    put_u32(&pl, 4);                 /* Level    */
    put_u32(&pl, 0);                 /* FieldCount */
    return v45_event_of(x, &pl, at);
}

/* The bytes of a v4/v5 metadata payload before its EventId: MetaDataId
 * and "Mutant" as UTF-16 with its NUL. */
#define AT_EVENT_ID (4 + 2 * 7)
/* ... before its Version: EventId, "Event" with its NUL, Keywords */
#define AT_VERSION (AT_EVENT_ID + 4 + 2 * 6 + 8)

int mut_event_id(nt_mut *x)
{
    if (x->variant == 0)
        return v45_metadata(x, 70000, 0, AT_EVENT_ID);
    /* v6: a Metadata block (HeaderSize 0) with a row of 12 bytes: id
     * 100, provider "P", event id 70000 (varuint f0 a2 04), name "E", no
     * fields, no optional metadata; and an event of it */
    static const unsigned char block[] = {
        0, 0, 12, 0, 100, 1, 'P', 0xf0, 0xa2, 0x04, 1, 'E', 0, 0, 0, 0};
    const row6 r[] = {{1, 5, NT_HF_SORTED, 100, 0, 0, 0}};
    /* just before the event: the last SP may flush the metadata ids */
    long m = mu_reparent(x, NT_PROFILE_V6) ? mu_fresh6(x, 1, r, 1) : -1;
    if (m < 0 ||
        mu_insert(x, (size_t)m, NT_B_METADATA, block, sizeof block) == NULL)
        return 0;
    /* HeaderSize, Size, MetaDataId, "P": then EventId */
    mu_mark(x, (size_t)m, 2 + 2 + 1 + 2);
    return 1;
}

int mut_event_version(nt_mut *x)
{
    return v45_metadata(x, 1, 256, AT_VERSION);
}

int mut_thread_wide(nt_mut *x)
{
    enum { WIDE = 1 }; /* 0x100000001: 1 in the low 32 bits */
    if (x->variant == 0) {
        const fresh_row r[] = {
            {1, 1, 5, 1, EMPTY_META, 0, ((uint64_t)1 << 32) | WIDE, 0, 0}};
        long i = mu_fresh_block(x, r, 1);
        if (i < 0)
            return 0;
        mu_mark(x, (size_t)i, x->row_at[0]);
        return 1;
    }
    /* v6: index 99, OSThreadId 0x100000001 (varuint 81 80 80 80 10),
     * declared after the last SP; an event on it */
    static const unsigned char thread[] = {7,    0,    99,   3,   0x81,
                                           0x80, 0x80, 0x80, 0x10};
    const row6 r[] = {{1, 5, NT_HF_SORTED, 1, 0, 0, 0}};
    long sp = mu_reparent(x, NT_PROFILE_V6) ? mu_nth(x, NT_B_SP, -1) : -1;
    if (sp < 0 || !mu_insert_threads(x, sp + 1, thread, sizeof thread, 4))
        return 0;
    return mu_fresh6(x, 0, r, 1) >= 0;
}

int mut_proc_wide(nt_mut *x)
{
    if (x->variant == 0) {
        const fresh_row r[] = {{1, 1, 5, 1, EMPTY_META, 0, 0, 300, 0}};
        long i = mu_fresh_block(x, r, 1);
        if (i < 0)
            return 0;
        mu_mark(x, (size_t)i, x->row_at[0]);
        return 1;
    }
    const row6 r[] = {{1, 5, NT_HF_SORTED, 1, 0, 300, 0}};
    long i = mu_reparent(x, NT_PROFILE_V6) ? mu_fresh6(x, 1, r, 1) : -1;
    if (i < 0)
        return 0;
    mu_mark(x, (size_t)i, x->row_at[0]);
    return 1;
}

int mut_stack_wide(nt_mut *x)
{
    enum { SIZE = 65536 }; /* 8 frames of 8 bytes past what TraceEvent holds */
    tgMembuf c = {0};
    put_u32(&c, 1); /* FirstId: ids start again after a sequence point */
    put_u32(&c, 1);
    put_u32(&c, SIZE);
    for (unsigned k = 0; k < SIZE; k++)
        put_u8(&c, (unsigned char)k);
    long sp, i;
    if (x->variant == 0) {
        const fresh_row r[] = {{1, 1, 5, 1, EMPTY_META, 0, 0, 0, 1}};
        i = mu_fresh_block(x, r, 1);
        sp = i - 1;
    } else {
        const row6 r[] = {{1, 5, NT_HF_SORTED, 1, 0, 0, 1}};
        sp = mu_reparent(x, NT_PROFILE_V6) ? mu_nth(x, NT_B_SP, -1) : -1;
        i = sp < 0 ? -1 : mu_fresh6(x, 1, r, 1);
    }
    if (i < 0 || mu_insert(x, (size_t)sp + 1, NT_B_STACK, c.p, c.n) == NULL) {
        tgMembuf_free(&c);
        return 0;
    }
    tgMembuf_free(&c);
    mu_mark(x, (size_t)sp + 1, 8); /* its StackSize */
    return 1;
}

/* v6 {When: DateTime, Ports: Array<UInt16>} holding 2025-06-09 14:30:05.250
 * and no ports: TraceEvent reads When as 8 bytes, then takes the hour (14)
 * for the count of Ports, more than the 18-byte payload holds. */
int mut_m6_datetime(nt_mut *x)
{
    static const char fields[] = "\2\0"
                                 "\6\0\4When\x10"
                                 "\10\0\5Ports\x13\x08";
    static const unsigned char payload[] = {0xe9, 7,  6, 0, 1, 0,    9, 0, 14,
                                            0,    30, 0, 5, 0, 0xfa, 0, 0, 0};
    /* Count, FieldSize, the name: then the type code */
    return mu_reparent(x, NT_PROFILE_V6) &&
           mu_payload6_meta(x, fields, sizeof fields - 1, payload,
                            sizeof payload, 2 + 2 + 5);
}

/* A last field of no bytes, and an event of it with an empty payload:
 * where TraceEvent looks it up, the payload has ended. */
int mut_empty_field(nt_mut *x)
{
    if (x->variant == 1) { /* v6 {Q: FixedLengthArray<Int32>[0]} */
        static const char fields[] = "\1\0"
                                     "\6\0\1Q\x16\x09\0\0";
        /* Count, FieldSize, the name, the types: then ElementCount */
        return mu_reparent(x, NT_PROFILE_V6) &&
               mu_payload6_meta(x, fields, sizeof fields - 1, "", 0,
                                2 + 2 + 2 + 2);
    }
    /* v4/v5 V1 {E: Object {}} */
    tgMembuf pl = {0};
    mu_meta_header(&pl, NEXT_META);
    uint64_t count_at = pl.n + 4 + 4; /* FieldCount, TypeCode */
    put(&pl, "\1\0\0\0\1\0\0\0\0\0\0\0E\0\0\0", 16);
    return v45_event_of(x, &pl, count_at);
}
