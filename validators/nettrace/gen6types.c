/* gen6types.c - the event types of generated final-v6 traces: their field
 * descriptions (for Metadata rows) and payloads that match them.  Both
 * are written from one table of type encodings, so what the metadata
 * declares and what the events hold cannot drift apart. */
#include "emit.h"
#include "nettrace.h"

/* One field: its name and its v6 Type bytes. */
typedef struct field6 {
    const char *name;
    const char *type;
    size_t n;
} field6;

#define F(name, type) {name, type, sizeof type - 1}

/* Object{Key: NullTerminatedUTF16String, Value: Int32}; each nested field
 * is FieldSize, the name (length-prefixed) and the type. */
#define KEY_VALUE "\x01\x02\x00\x05\x00\x03Key\x12\x07\x00\x05Value\x09"

/* Kind 0: a scalar of every fixed-size family, a string, both varints. */
static const field6 scalars[] = {
    F("Flag", "\x03"),  F("Unit", "\x04"),  F("Small", "\x05"),
    F("Byte", "\x06"),  F("Short", "\x07"), F("Total", "\x0a"),
    F("Big", "\x0b"),   F("Count", "\x0c"), F("Temp", "\x0d"),
    F("Ratio", "\x0e"), F("Name", "\x12"),  F("Delta", "\x14"),
    F("Size", "\x15"),  F("On", "\x1a")};
/* Kind 1: arrays of fixed and variable elements, locators. */
static const field6 arrays[] = {
    F("Ports", "\x13\x08"),         /* Array<UInt16>                  */
    F("Quad", "\x16\x09\x04\x00"),  /* FixedLengthArray<Int32>[4]     */
    F("Blob", "\x18\x06"),          /* RelLoc<Byte>                   */
    F("Text", "\x19\x17"),          /* DataLoc<UTF8CodeUnit>          */
    F("Pairs", "\x13" KEY_VALUE),   /* Array<Object{String, Int32}>  */
    F("Steps", "\x16\x14\x02\x00")  /* FixedLengthArray<VarInt>[2]    */
};
/* Kind 2: a nested object and a Guid. */
static const field6 objects[] = {
    F("Point", "\x01\x02\x00\x03\x00\x01X\x09\x03\x00\x01Y\x0e"),
    F("Id", "\x11")};

static const struct {
    const field6 *f;
    unsigned n;
} kinds[] = {{scalars, sizeof scalars / sizeof *scalars},
             {arrays, sizeof arrays / sizeof *arrays},
             {objects, sizeof objects / sizeof *objects},
             {NULL, 0}}; /* kind 3: no fields, an empty payload */

#define NKINDS (sizeof kinds / sizeof *kinds)

void nt_gen6_fields(tgM_buf *row, uint32_t id)
{
    unsigned kind = id % NKINDS;
    put_u16(row, kinds[kind].n);
    for (unsigned i = 0; i < kinds[kind].n; i++) {
        const field6 *f = &kinds[kind].f[i];
        size_t name = strlen(f->name);
        put_u16(row, (unsigned)(1 + name + f->n)); /* names < 128 bytes */
        put_string6(row, f->name);
        put(row, f->type, f->n);
    }
}

/* ---- payloads ------------------------------------------------------------ */

/* A locator written before its region's place is known. */
typedef struct fixup {
    size_t at;       /* of the u32 in the head        */
    size_t region;   /* offset of the region in tail  */
    unsigned size;
    int relative;    /* RelLoc (else DataLoc)         */
} fixup;

typedef struct payload6 {
    tgB_rng *rng;
    tgM_buf tail;    /* RelLoc/DataLoc regions, after the fields */
    fixup fix[8];
    unsigned nfix;
} payload6;

/* The end of the Type at t (types here are well formed). */
static const unsigned char *type_end(const unsigned char *t)
{
    unsigned code = *t++;
    if (code == 19 || code == 22 || code == 24 || code == 25) {
        t = type_end(t);
        return code == 22 ? t + 2 : t;
    }
    if (code == 1) {
        unsigned n = (unsigned)(t[0] | t[1] << 8);
        t += 2;
        for (unsigned i = 0; i < n; i++)
            t += 2 + (unsigned)(t[0] | t[1] << 8);
    }
    return t;
}

/* A value of the Type at t into b; @return the end of the Type. */
static const unsigned char *value(payload6 *w, tgM_buf *b,
                                  const unsigned char *t)
{
    unsigned code = *t;
    const unsigned char *end = type_end(t);
    switch (code) {
    case 1: { /* the nested fields in turn */
        unsigned n = (unsigned)(t[1] | t[2] << 8);
        const unsigned char *f = t + 3;
        for (unsigned i = 0; i < n; i++) {
            const unsigned char *next = f + 2 + (f[0] | f[1] << 8);
            value(w, b, f + 3 + f[2]); /* past FieldSize and the name */
            f = next;
        }
        break;
    }
    case 3: put_u32(b, tgB_below(w->rng, 2)); break;
    case 26: put_u8(b, tgB_below(w->rng, 2)); break;
    case 18: /* an ASCII name in UTF-16, then the NUL */
        for (unsigned n = tgB_below(w->rng, 24); n > 0; n--)
            put_u16(b, 'a' + tgB_below(w->rng, 26));
        put_u16(b, 0);
        break;
    case 20:
    case 21: /* mostly small, as counts and sizes are; every length */
        put_var(b, tgB_below(w->rng, 4) ? tgB_below(w->rng, 128)
                                        : tgB_next(w->rng) >>
                                              tgB_below(w->rng, 64));
        break;
    case 19:
    case 22: {
        unsigned n = code == 19 ? tgB_below(w->rng, 4)
                                : (unsigned)(end[-2] | end[-1] << 8);
        if (code == 19)
            put_u16(b, n);
        for (unsigned i = 0; i < n; i++)
            value(w, b, t + 1);
        break;
    }
    case 24:
    case 25: {
        if (w->nfix == sizeof w->fix / sizeof *w->fix) {
            put_u32(b, 0); /* an empty region: valid anywhere */
            break;
        }
        fixup *x = &w->fix[w->nfix++];
        x->at = b->n;
        x->region = w->tail.n;
        x->relative = code == 24;
        for (unsigned n = tgB_below(w->rng, 4); n > 0; n--)
            value(w, &w->tail, t + 1);
        x->size = (unsigned)(w->tail.n - x->region);
        put_u32(b, 0);
        break;
    }
    default:
        for (unsigned n = nt_type6_size(code); n > 0; n--)
            put_u8(b, (unsigned)tgB_next(w->rng));
    }
    return end;
}

void nt_gen6_payload(tgM_buf *out, tgB_rng *rng, uint32_t id)
{
    payload6 w = {rng, {0}, {{0, 0, 0, 0}}, 0};
    unsigned kind = id % NKINDS;
    for (unsigned i = 0; i < kinds[kind].n; i++)
        value(&w, out, (const unsigned char *)kinds[kind].f[i].type);
    size_t head = out->n;
    put(out, w.tail.p, w.tail.n);
    for (unsigned i = 0; i < w.nfix && !out->failed; i++) {
        fixup *x = &w.fix[i];
        size_t start = head + x->region;
        size_t offset = x->relative ? start - (x->at + 4) : start;
        tgB_put32(out->p + x->at, (uint32_t)(x->size << 16 | offset));
    }
    tgM_free(&w.tail);
}
