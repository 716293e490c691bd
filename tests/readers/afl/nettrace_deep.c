/* nettrace_deep.c - a native v4/v5 NetTrace reader with one planted bug
 * on a deep path, for the oracle's coverage-guided engine (built with
 * afl-cc; tests/oracle-afl.t, reports/oracle-afl.md).
 *
 * It keeps each metadata row's V1 field types, and reads each event
 * against its row.  The bug: an event whose row declares exactly three
 * fields, UInt16, Int32 and Int64, whose payload is exactly the 14 bytes
 * they take, and whose Int32 is past 2^16, is used as an index into a
 * table of 2^16 entries: the reader dies of SIGSEGV.  Two records must
 * agree (the row and its event), with a value at a boundary; no trace
 * the generator writes has such a row.
 *
 * Built with -DPLANT_SHALLOW the bug is shallower, for a test's budget:
 * a row of exactly three fixed-size fields of any types, and an event of
 * it whose payload is exactly the bytes they take.  No generated row has
 * three fields, and an event keeps the payload of the fields its row had,
 * so the row's count and its events must change together.
 *
 * Its verdict is tracegate's (planted.h). */
#include <signal.h>
#include <string.h>

#include "planted.h"

#define MAX_IDS 4096

typedef struct row {
    int known;
    uint32_t count; /* V1 FieldCount */
    uint32_t type[3];
} row;

static row rows[MAX_IDS];

typedef struct cursor {
    const uint8_t *p;
    size_t n, at;
    int bad; /* read past the end */
} cursor;

static uint32_t u8(cursor *c)
{
    if (c->at >= c->n) {
        c->bad = 1;
        return 0;
    }
    return c->p[c->at++];
}

static uint32_t u16(cursor *c) { return u8(c) | u8(c) << 8; }

static uint32_t u32(cursor *c) { return u16(c) | u16(c) << 16; }

static uint64_t var(cursor *c)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64 && !c->bad; shift += 7) {
        uint32_t b = u8(c);
        v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            break;
    }
    return v;
}

static void utf16z(cursor *c)
{
    while (!c->bad && u16(c) != 0)
        ;
}

/* A metadata payload: its id, names, and its V1 field types. */
static void metadata(const uint8_t *p, size_t n)
{
    cursor c = {p, n, 0, 0};
    uint32_t id = u32(&c);
    utf16z(&c);    /* provider */
    u32(&c);       /* event id */
    utf16z(&c);    /* event name */
    c.at += 8 + 8; /* keywords, version, level */
    uint32_t count = u32(&c);
    if (c.bad || id >= MAX_IDS)
        return;
    row *r = &rows[id];
    memset(r, 0, sizeof *r);
    r->count = count;
    for (uint32_t i = 0; i < count && i < 3 && !c.bad; i++) {
        r->type[i] = u32(&c);
        if (r->type[i] == 1) /* an object: its nested list is not kept */
            return;
        utf16z(&c);
    }
    r->known = !c.bad;
}

static void planted(const uint8_t *payload, size_t n, const row *r)
{
#ifdef PLANT_SHALLOW
    /* the bytes of the V1 fixed-size types (Boolean to Double, DateTime
     * and Guid), 0 for the others */
    static const unsigned char size[18] = {0, 0, 0, 4, 2, 1, 1, 2, 2,
                                           4, 4, 8, 8, 4, 8, 0, 8, 16};
    (void)payload;
    if (r->count == 3) {
        size_t want = 0;
        for (int i = 0; i < 3; i++)
            want += r->type[i] < 18 && size[r->type[i]] ? size[r->type[i]]
                                                        : 1u << 20;
        if (n == want)
            raise(SIGSEGV); /* the planted crash */
    }
#else
    static uint16_t table[1 << 16];
    if (r->count == 3) {
        if (r->type[0] == 8) {
            if (r->type[1] == 9) {
                if (r->type[2] == 11) {
                    if (n == 14) {
                        uint32_t v = (uint32_t)payload[2] |
                                     (uint32_t)payload[3] << 8 |
                                     (uint32_t)payload[4] << 16 |
                                     (uint32_t)payload[5] << 24;
                        if (v > 1u << 16)
                            raise(SIGSEGV); /* table[v]: past its end */
                        table[v]++;
                    }
                }
            }
        }
    }
#endif
}

/* The rows of a block body (compressed headers), metadata or events. */
static void block_rows(const uint8_t *body, size_t n, int is_metadata)
{
    cursor c = {body, n, 0, 0};
    size_t header = u16(&c);
    uint32_t flags_of_block = u16(&c);
    if (c.bad || !(flags_of_block & 1) || header > n)
        return;
    c.at = header;
    uint64_t meta = 0, size = 0;
    while (c.at < n && !c.bad) {
        uint32_t flags = u8(&c);
        if (flags & 1)
            meta = var(&c);
        if (flags & 2)
            var(&c), var(&c), var(&c);
        if (flags & 4)
            var(&c);
        if (flags & 8)
            var(&c);
        var(&c); /* timestamp delta */
        c.at += 16 * !!(flags & 16) + 16 * !!(flags & 32);
        if (flags & 128)
            size = var(&c);
        if (c.bad || size > n - (c.at < n ? c.at : n))
            return;
        if (is_metadata)
            metadata(body + c.at, (size_t)size);
        else if (meta < MAX_IDS && rows[meta].known)
            planted(body + c.at, (size_t)size, &rows[meta]);
        c.at += (size_t)size;
    }
}

/* Each MetadataBlock and EventBlock of the file, found by its type
 * name, in file order. */
static void walk(const uint8_t *p, size_t n)
{
    static const char meta[] = "MetadataBlock", event[] = "EventBlock";
    for (size_t at = 0; at + 4 < n; at++) {
        int is_meta = at + sizeof meta - 1 <= n &&
                      memcmp(p + at, meta, sizeof meta - 1) == 0;
        int is_event = at + sizeof event - 1 <= n &&
                       memcmp(p + at, event, sizeof event - 1) == 0;
        if (!is_meta && !is_event)
            continue;
        size_t size_at = at + (is_meta ? sizeof meta : sizeof event);
        if (size_at + 4 > n)
            return;
        uint32_t size = p[size_at] | p[size_at + 1] << 8 |
                        p[size_at + 2] << 16 | (uint32_t)p[size_at + 3] << 24;
        size_t body = size_at + 4;
        body += (4 - body % 4) % 4; /* padded to 4 */
        if (body > n || size > n - body)
            return;
        block_rows(p + body, size, is_meta);
        at = body + size - 1;
    }
}

static void look(const uint8_t *p, size_t n)
{
    if (n >= 12 && memcmp(p, "Nettrace\x14\0\0\0", 12) == 0)
        walk(p, n);
}

int main(int argc, char **argv)
{
    return planted_main(argc, argv, "nettrace");
}
