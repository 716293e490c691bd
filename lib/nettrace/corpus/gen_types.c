/* gen_types.c - the event types of generated traces, in every layout: the
 * field descriptions their metadata declares and payloads that match
 * them.  Each layout's types are a table of fields whose types are
 * written once, in that layout's type codes and one form (TypeCode, then
 * the ElementType of an array, FixedLengthArray, RelLoc or DataLoc, the
 * u16 ElementCount of a FixedLengthArray, the nested fields of an
 * Object; a field is u16 FieldSize, a name, a type).  What a code is in
 * a layout is read from the type table (types.c), never from the number:
 * 22 is a FixedLengthArray in v6 and a string in the draft.  Encoders
 * turn a table into v4/v5 (V1 list, or V2Params), v6 or draft metadata,
 * and one writer fills payloads by the same table, so what the metadata
 * declares and what the events hold cannot drift apart. */
#include "../nettrace.h"
#include "emit.h"

/* One field: its name and its layout-neutral type bytes. */
typedef struct gen_field {
    const char *name;
    const char *type;
    size_t n;
} gen_field;

#define F(name, type)                                                         \
    {                                                                         \
        name, type, sizeof type - 1                                           \
    }

/* Object{Key: NullTerminatedUTF16String, Value: Int32}; each nested field
 * is FieldSize, the name (length-prefixed) and the type. */
#define KEY_VALUE "\x01\x02\x00\x05\x00\x03Key\x12\x07\x00\x05Value\x09"
#define POINT     "\x01\x02\x00\x03\x00\x01X\x09\x03\x00\x01Y\x0e"

/* A kind of event: its fields; v4/v5 writes those with an Array in a
 * V2Params tag after an empty V1 list. */
typedef struct gen_kind {
    const gen_field *f;
    unsigned n;
} gen_kind;

#define KIND(list)                                                            \
    {                                                                         \
        list, sizeof list / sizeof *list                                      \
    }

/* v4/v5: every V1 scalar, an object, arrays (V2Params), no fields. */
static const gen_field v45_scalars[] = {
    F("Flag", "\x03"),  F("Letter", "\x04"), F("Small", "\x05"),
    F("Byte", "\x06"),  F("Short", "\x07"),  F("Port", "\x08"),
    F("Count", "\x09"), F("Total", "\x0a"),  F("Big", "\x0b"),
    F("Size", "\x0c"),  F("Temp", "\x0d"),   F("Ratio", "\x0e"),
    F("When", "\x10"),  F("Id", "\x11"),     F("Module", "\x12")};
static const gen_field v45_objects[] = {F("Point", POINT), F("Name", "\x12")};
static const gen_field v45_arrays[] = {
    F("Level", "\x09"), F("Values", "\x13\x08"), F("Pairs", "\x13" KEY_VALUE)};
static const gen_kind v45_kinds[] = {
    KIND(v45_scalars), KIND(v45_objects), KIND(v45_arrays), {NULL, 0}};

/* v6: a scalar of every fixed-size family, strings, varints; arrays of
 * fixed and variable elements, locators; a nested object; no fields. */
static const gen_field v6_scalars[] = {
    F("Flag", "\x03"),  F("Unit", "\x04"),  F("Small", "\x05"),
    F("Byte", "\x06"),  F("Short", "\x07"), F("Total", "\x0a"),
    F("Big", "\x0b"),   F("Count", "\x0c"), F("Temp", "\x0d"),
    F("Ratio", "\x0e"), F("Name", "\x12"),  F("Delta", "\x14"),
    F("Size", "\x15"),  F("On", "\x1a")};
static const gen_field v6_arrays[] = {
    F("Ports", "\x13\x08"),        /* Array<UInt16>                 */
    F("Quad", "\x16\x09\x04\x00"), /* FixedLengthArray<Int32>[4]    */
    F("Blob", "\x18\x06"),         /* RelLoc<Byte>                  */
    F("Text", "\x19\x17"),         /* DataLoc<UTF8CodeUnit>         */
    F("Pairs", "\x13" KEY_VALUE),  /* Array<Object{String, Int32}> */
    F("Steps", "\x16\x14\x02\x00") /* FixedLengthArray<VarInt>[2]   */
};
static const gen_field v6_objects[] = {F("Point", POINT), F("Id", "\x11")};
static const gen_kind v6_kinds[] = {
    KIND(v6_scalars), KIND(v6_arrays), KIND(v6_objects), {NULL, 0}};

/* The draft: its three string encodings, varints, DateTime, an array
 * and an object. */
static const gen_field draft_fields[] = {
    F("Count", "\x09"), F("Ports", "\x13\x08"), F("Point", POINT),
    F("Label", "\x17"), F("Name", "\x16"),      F("Path", "\x18"),
    F("Delta", "\x14"), F("Size", "\x15"),      F("When", "\x10"),
    F("Module", "\x12")};
static const gen_kind draft_kinds[] = {KIND(draft_fields), {NULL, 0}};

static const struct {
    const gen_kind *kinds;
    unsigned n;
} tables[NT_NLAYOUTS] = {
    [NT_V45] = {v45_kinds, sizeof v45_kinds / sizeof *v45_kinds},
    [NT_V6] = {v6_kinds, sizeof v6_kinds / sizeof *v6_kinds},
    [NT_V6D] = {draft_kinds, sizeof draft_kinds / sizeof *draft_kinds}};

static const gen_kind *kind_of(enum nt_layout layout, uint32_t id)
{
    return &tables[layout].kinds[id % tables[layout].n];
}

/* ---- the neutral form --------------------------------------------------- */

static unsigned u16_at(const unsigned char *p)
{
    return (unsigned)(p[0] | p[1] << 8);
}

/* The end of the type at t, in layout's codes (types here are well
 * formed). */
static const unsigned char *type_end(enum nt_layout layout,
                                     const unsigned char *t)
{
    unsigned shape = nt_type_at(layout, *t++)->shape;
    if (shape == NT_T_ARRAY || shape == NT_T_FIXED_ARRAY ||
        shape == NT_T_RELLOC || shape == NT_T_DATALOC) {
        t = type_end(layout, t);
        return shape == NT_T_FIXED_ARRAY ? t + 2 : t;
    }
    if (shape == NT_T_OBJECT) {
        unsigned n = u16_at(t);
        t += 2;
        for (unsigned i = 0; i < n; i++)
            t += 2 + u16_at(t);
    }
    return t;
}

/* Nested field f (at its FieldSize): its name and type. */
static const char *field_name(const unsigned char *f, size_t *len)
{
    *len = f[2]; /* names are shorter than 128 bytes */
    return (const char *)f + 3;
}

static const unsigned char *field_type(const unsigned char *f)
{
    return f + 3 + f[2];
}

static const unsigned char *field_next(const unsigned char *f)
{
    return f + 2 + u16_at(f);
}

/* ---- metadata encoders -------------------------------------------------- */

/* v4/v5 V1 list of the nested fields at f (count n). */
static void v1_list(tgMembuf *b, const unsigned char *f, unsigned n)
{
    put_u32(b, n);
    for (unsigned i = 0; i < n; i++, f = field_next(f)) {
        size_t len;
        const char *name = field_name(f, &len);
        const unsigned char *t = field_type(f);
        put_u32(b, *t);
        if (*t == NT_TYPE_OBJECT)
            v1_list(b, t + 3, u16_at(t + 1));
        put_utf16n(b, name, len);
    }
}

static void v2_list(tgMembuf *b, const unsigned char *f, unsigned n);

/* One V2Params field: Size, name, TypeCode, [ElementType], [nested]. */
static void v2_field(tgMembuf *b, const char *name, size_t len,
                     const unsigned char *t)
{
    tgMembuf one = {0};
    put_utf16n(&one, name, len);
    put_u32(&one, *t);
    const unsigned char *e = *t == NT_TYPE_ARRAY ? t + 1 : t;
    if (*t == NT_TYPE_ARRAY)
        put_u32(&one, *e);
    if (*e == NT_TYPE_OBJECT)
        v2_list(&one, e + 3, u16_at(e + 1));
    put_u32(b, (uint32_t)(4 + one.n));
    put(b, one.p, one.n);
    tgMembuf_free(&one);
}

static void v2_list(tgMembuf *b, const unsigned char *f, unsigned n)
{
    put_u32(b, n);
    for (unsigned i = 0; i < n; i++, f = field_next(f)) {
        size_t len;
        const char *name = field_name(f, &len);
        v2_field(b, name, len, field_type(f));
    }
}

/* Whether a type holds an Array anywhere (v4/v5: V2Params only). */
static int has_array(const unsigned char *t)
{
    if (*t == NT_TYPE_ARRAY)
        return 1;
    if (*t != NT_TYPE_OBJECT)
        return 0;
    unsigned n = u16_at(t + 1);
    const unsigned char *f = t + 3;
    for (unsigned i = 0; i < n; i++, f = field_next(f))
        if (has_array(field_type(f)))
            return 1;
    return 0;
}

/* v4/v5: the V1 list, or an empty one, an OpCode tag and a V2Params tag
 * when a field needs V2 (an Array), as the .NET 5+ runtime writes it;
 * top-level names from h (hostile or plain). */
static void fields_v45(tgMembuf *b, const gen_kind *k, uint32_t id,
                       tgHostile_style *h)
{
    int v2 = 0;
    for (unsigned i = 0; i < k->n; i++)
        v2 |= has_array((const unsigned char *)k->f[i].type);
    if (!v2) {
        put_u32(b, k->n);
        for (unsigned i = 0; i < k->n; i++) {
            const unsigned char *t = (const unsigned char *)k->f[i].type;
            put_u32(b, *t);
            if (*t == NT_TYPE_OBJECT)
                v1_list(b, t + 3, u16_at(t + 1));
            put_utf16z(b, nt_name(h, k->f[i].name));
        }
        return;
    }
    put_u32(b, 0); /* "an empty V1 parameter FieldCount" */
    put_u32(b, 1); /* OpCode tag: 1 byte */
    put_u8(b, 1);
    put_u8(b, 1 + id % 10);
    tgMembuf v2l = {0};
    put_u32(&v2l, k->n);
    for (unsigned i = 0; i < k->n; i++) {
        const char *name = nt_name(h, k->f[i].name);
        v2_field(&v2l, name, strlen(name),
                 (const unsigned char *)k->f[i].type);
    }
    put_u32(b, (uint32_t)v2l.n);
    put_u8(b, 2);
    put(b, v2l.p, v2l.n);
    tgMembuf_free(&v2l);
}

/* v6: u16 Count, then (u16 FieldSize, name, type): the neutral form. */
static void fields_v6(tgMembuf *b, const gen_kind *k)
{
    put_u16(b, k->n);
    for (unsigned i = 0; i < k->n; i++) {
        size_t name = strlen(k->f[i].name);
        put_u16(b, (unsigned)(1 + name + k->f[i].n));
        put_string6(b, k->f[i].name);
        put(b, k->f[i].type, k->f[i].n);
    }
}

/* The draft: varuint Count, then (Type, name); Type is TypeCode, the
 * ElementType after 19, nested fields after 1. */
static void draft_type(tgMembuf *b, const unsigned char *t);

static void draft_list(tgMembuf *b, const unsigned char *f, unsigned n)
{
    put_var(b, n);
    for (unsigned i = 0; i < n; i++, f = field_next(f)) {
        size_t len;
        const char *name = field_name(f, &len);
        draft_type(b, field_type(f));
        put_var(b, len);
        put(b, name, len);
    }
}

static void draft_type(tgMembuf *b, const unsigned char *t)
{
    put_u8(b, *t);
    if (*t == NT_TYPE_ARRAY)
        draft_type(b, t + 1);
    else if (*t == NT_TYPE_OBJECT)
        draft_list(b, t + 3, u16_at(t + 1));
}

static void fields_draft(tgMembuf *b, const gen_kind *k)
{
    put_var(b, k->n);
    for (unsigned i = 0; i < k->n; i++) {
        draft_type(b, (const unsigned char *)k->f[i].type);
        put_string6(b, k->f[i].name);
    }
}

void nt_gen_fields(tgMembuf *b, enum nt_layout layout, uint32_t id,
                   int hostile)
{
    const gen_kind *k = kind_of(layout, id);
    tgHostile_style names =
        tgHostile_start(hostile ? TG_STYLE_HOSTILE : TG_STYLE_PLAIN, 0);
    switch (layout) {
    case NT_V45: fields_v45(b, k, id, &names); break;
    case NT_V6: fields_v6(b, k); break;
    default: fields_draft(b, k);
    }
}

/* ---- payloads ----------------------------------------------------------- */

/* A locator written before its region's place is known. */
typedef struct fixup {
    size_t at;     /* of the u32 in the head        */
    size_t region; /* offset of the region in tail  */
    unsigned size;
    int relative; /* RelLoc (else DataLoc)         */
} fixup;

typedef struct payload_gen {
    tgBytes_rng *rng;
    enum nt_layout layout;
    tgMembuf tail; /* RelLoc/DataLoc regions, after the fields */
    fixup fix[8];
    unsigned nfix;
} payload_gen;

static void ascii(payload_gen *w, tgMembuf *b, unsigned n, int wide)
{
    for (; n > 0; n--) {
        unsigned c = 'a' + tgBytes_below(w->rng, 26);
        if (wide)
            put_u16(b, c);
        else
            put_u8(b, c);
    }
}

/* A fixed-size value of type `code` (a fixed-size type of the layout,
 * `size` bytes) that any reader takes: Booleans 0 or 1, a letter for a
 * Char, finite floats, a real date. */
static void fixed_value(payload_gen *w, tgMembuf *b, unsigned code,
                        unsigned size)
{
    static const unsigned short date[8] = {2025, 6, 1, 9, 14, 30, 5, 250};
    switch (code) {
    case NT_TYPE_BOOLEAN: put_u32(b, tgBytes_below(w->rng, 2)); return;
    case NT_TYPE_BOOLEAN8: put_u8(b, tgBytes_below(w->rng, 2)); return;
    case NT_TYPE_CHAR: put_u16(b, 'A' + tgBytes_below(w->rng, 26)); return;
    case NT_TYPE_SINGLE:
        put_u32(b, 0x3F800000u + tgBytes_below(w->rng, 1u << 23));
        return;
    case NT_TYPE_DOUBLE:
        put_u64(b, 0x3FF0000000000000ull + (tgBytes_next(w->rng) >> 12));
        return;
    case NT_TYPE_DATETIME:
        if (size == 8) /* FILETIME, in 2025 */
            put_u64(b,
                    133800000000000000ull + tgBytes_below(w->rng, 1u << 30));
        else /* SYSTEMTIME: Monday 9 June 2025 */
            for (int i = 0; i < 8; i++)
                put_u16(b, date[i]);
        return;
    default:
        for (unsigned n = size; n > 0; n--)
            put_u8(b, (unsigned)tgBytes_next(w->rng));
    }
}

/* A value of the type at t into b; @return the end of the type. */
static const unsigned char *value(payload_gen *w, tgMembuf *b,
                                  const unsigned char *t)
{
    const nt_type *type = nt_type_at(w->layout, *t);
    const unsigned char *end = type_end(w->layout, t);
    switch (type->shape) {
    case NT_T_OBJECT: {
        unsigned n = u16_at(t + 1);
        const unsigned char *f = t + 3;
        for (unsigned i = 0; i < n; i++, f = field_next(f))
            value(w, b, field_type(f));
        break;
    }
    case NT_T_STR16Z:
        ascii(w, b, tgBytes_below(w->rng, 24), 1);
        put_u16(b, 0);
        break;
    case NT_T_STR16_U16:
    case NT_T_STR8_U16: {
        unsigned n = tgBytes_below(w->rng, 24);
        put_u16(b, n);
        ascii(w, b, n, type->shape == NT_T_STR16_U16);
        break;
    }
    case NT_T_STR8_VAR: {
        unsigned n = tgBytes_below(w->rng, 200); /* one and two byte lengths */
        put_var(b, n);
        ascii(w, b, n, 0);
        break;
    }
    case NT_T_VARINT: { /* mostly small, as counts and sizes are; every
                           length (one draw per statement: C leaves the
                           order of operands open) */
        uint64_t v;
        if (tgBytes_below(w->rng, 4)) {
            v = tgBytes_below(w->rng, 128);
        } else {
            v = tgBytes_next(w->rng);
            v >>= tgBytes_below(w->rng, 64);
        }
        put_var(b, v);
        break;
    }
    case NT_T_ARRAY:
    case NT_T_FIXED_ARRAY: {
        unsigned n = type->shape == NT_T_ARRAY ? tgBytes_below(w->rng, 4)
                                               : u16_at(end - 2);
        if (type->shape == NT_T_ARRAY)
            put_u16(b, n);
        for (unsigned i = 0; i < n; i++)
            value(w, b, t + 1);
        break;
    }
    case NT_T_RELLOC:
    case NT_T_DATALOC: {
        if (w->nfix == sizeof w->fix / sizeof *w->fix) {
            put_u32(b, 0); /* an empty region: valid anywhere */
            break;
        }
        fixup *x = &w->fix[w->nfix++];
        x->at = b->n;
        x->region = w->tail.n;
        x->relative = type->shape == NT_T_RELLOC;
        for (unsigned n = tgBytes_below(w->rng, 4); n > 0; n--)
            value(w, &w->tail, t + 1);
        x->size = (unsigned)(w->tail.n - x->region);
        put_u32(b, 0);
        break;
    }
    default: fixed_value(w, b, *t, type->size);
    }
    return end;
}

void nt_gen_scalar(tgMembuf *out, tgBytes_rng *rng, enum nt_layout layout,
                   unsigned code)
{
    payload_gen w = {rng, layout, {0}, {{0, 0, 0, 0}}, 0};
    unsigned char type = (unsigned char)code; /* a scalar: its code alone */
    value(&w, out, &type);
}

void nt_gen_payload(tgMembuf *out, tgBytes_rng *rng, enum nt_layout layout,
                    uint32_t id)
{
    payload_gen w = {rng, layout, {0}, {{0, 0, 0, 0}}, 0};
    const gen_kind *k = kind_of(layout, id);
    for (unsigned i = 0; i < k->n; i++)
        value(&w, out, (const unsigned char *)k->f[i].type);
    size_t head = out->n;
    put(out, w.tail.p, w.tail.n);
    for (unsigned i = 0; i < w.nfix && !out->failed; i++) {
        fixup *x = &w.fix[i];
        size_t start = head + x->region;
        size_t offset = x->relative ? start - (x->at + 4) : start;
        tgBytes_put32(out->p + x->at, (uint32_t)(x->size << 16 | offset));
    }
    tgMembuf_free(&w.tail);
}
