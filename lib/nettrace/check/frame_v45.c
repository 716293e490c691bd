/* frame_v45.c - v4/v5 NetTrace: FastSerialization objects after the header.
 *
 * Each object is 05 05 01 version minVersion nameLength name 06, a payload,
 * and 06.  The Trace object comes first; then blocks, each an int32
 * BlockSize, zero padding to a 4-byte file offset, and BlockSize bytes of
 * content, which is checked whole (the window grows to hold it); a 01 ends
 * the stream.  Framing errors stop the check: nothing after them can be
 * located.  A block whose framing is all right and all in the window is
 * read in one go (fast_block()); any other object goes the way that
 * reports. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../../core/bytes.h"
#include "../../core/scan16.h"
#include "check.h"

/* "EventBlock, MetadataBlock, StackBlock or SPBlock": the v4/v5 objects
 * that may follow the Trace object, for a message. */
static const char *block_names(char *buf, size_t size)
{
    const char *names[NT_NBLOCKS];
    size_t n = 0, used = 0;
    for (unsigned b = NT_B_TRACE + 1; b < NT_NBLOCKS; b++)
        if ((names[n] = nt_block_name(NT_V45, (enum nt_block)b)) != NULL)
            n++;
    buf[0] = 0;
    for (size_t i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s",
                                 i == 0      ? ""
                                 : i + 1 < n ? ", "
                                             : " or ",
                                 names[i]);
    return buf;
}

typedef struct object_header {
    int32_t version, min_version;
    int64_t cause;      /* finding that explains an unknown name */
    enum nt_block kind; /* NT_B_NONE: a name v4/v5 does not define */
    uint32_t name_len;  /* bytes of the name                     */
    char name[40];
} object_header;

/* The input ended inside the `need` bytes from `off`: the finding covers
 * those of them the input has. */
static void cut(nt_check *k, uint64_t off, uint64_t need)
{
    char exp[48], found[48];
    snprintf(exp, sizeof exp, "%" PRIu64 " bytes", need);
    nt_input_left(k, off, found, sizeof found);
    uint64_t have = nt_bytes_left(k, off);
    nt_report(k, NT_OBJ_CUT, off, have < need ? have : need, "", exp, found);
    k->stop = 1;
}

static void bad_tag(nt_check *k, uint64_t off, unsigned want, unsigned got,
                    const char *field)
{
    char exp[16], found[16];
    snprintf(exp, sizeof exp, "%02x", want);
    snprintf(found, sizeof found, "%02x", got);
    nt_report(k, NT_OBJ_TAGS, off, 1, field, exp, found);
    k->stop = 1;
}

/* BeginObject, BeginPrivateObject and NullReference: an object's first
 * three bytes */
static const unsigned char object_tags[NT_OBJECT_OPEN_LEN] = {
    NT_TAG_BEGIN, NT_TAG_BEGIN, NT_TAG_NULL_REF};

/* 05 05 01 version minVersion nameLength name 06.  @return 0 or -1. */
static int read_header(nt_check *k, object_header *h)
{
    tgWindow *w = k->w;
    uint64_t at = tgWindow_offset(w);
    if (tgWindow_fill(w, NT_O45_NAME) < NT_O45_NAME) {
        cut(k, at, NT_O45_NAME);
        return -1;
    }
    const unsigned char *p = tgWindow_ptr(w);
    for (int i = 0; i < 3; i++)
        if (p[i] != object_tags[i]) {
            bad_tag(k, at + (uint64_t)i, object_tags[i], p[i], "/tag");
            return -1;
        }
    h->version = (int32_t)tgBytes_le32(p + NT_O45_VERSION);
    h->min_version = (int32_t)tgBytes_le32(p + NT_O45_MINVER);
    int32_t len = (int32_t)tgBytes_le32(p + NT_O45_NAMELEN);
    tgWindow_consume(w, NT_O45_NAME);
    char found[48];
    if (len < 0) {
        snprintf(found, sizeof found, "%" PRId32, len);
        nt_report(k, NT_OBJ_NAME_LEN, at + NT_O45_NAMELEN, 4, "/name", ">= 0",
                  found);
        k->stop = 1;
        return -1;
    }
    int64_t too_long = -1; /* then no known name can match */
    if (len > 38) {
        snprintf(found, sizeof found, "%" PRId32, len);
        too_long = nt_report(k, NT_OBJ_NAME_LONG, at + NT_O45_NAMELEN, 4,
                             "/name", "<= 38", found);
    }
    h->cause = too_long;
    if (len > NT_MAX_NAME) {
        /* no known name is this long: skip it and say so */
        if (tgWindow_skip(w, (uint64_t)len) < (uint64_t)len) {
            cut(k, at + NT_O45_NAME, (uint64_t)len);
            return -1;
        }
        nt_report_from(k, NT_OBJ_UNKNOWN, at + NT_O45_NAME, (uint64_t)len,
                       "/name", "Trace or a block name",
                       "a name over 1024 bytes", too_long);
        k->stop = 1;
        return -1;
    }
    size_t avail = tgWindow_fill(w, (size_t)len + 1);
    if (avail < (size_t)len + 1) {
        cut(k, at + NT_O45_NAME, (uint64_t)len + 1);
        return -1;
    }
    p = tgWindow_ptr(w);
    h->name_len = (uint32_t)len;
    h->kind = nt_object_block(p, (size_t)len, avail);
    /* a printable copy of a name v4/v5 does not define, for paths and
     * messages (a known one is named by nt_block_name()) */
    size_t n = h->kind != NT_B_NONE ? 0 : len > 32 ? 32 : (size_t)len;
    for (size_t i = 0; i < n; i++)
        h->name[i] = p[i] >= 0x20 && p[i] <= 0x7E ? (char)p[i] : '?';
    h->name[n] = 0;
    if (p[len] != NT_TAG_END) {
        bad_tag(k, at + NT_O45_NAME + (uint64_t)len, NT_TAG_END, p[len],
                "/tag");
        return -1;
    }
    tgWindow_consume(w, (size_t)len + 1);
    return 0;
}

static int i16(const unsigned char *p) { return (int16_t)(p[0] | p[1] << 8); }

/* Days in month mo (1-12) of year y, Gregorian, as .NET's DateTime. */
static int month_days(int y, int mo)
{
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return days[mo - 1] + (mo == 2 && leap);
}

/* A SYSTEMTIME: Year, Month, DayOfWeek, Day, Hour, Minute, Second, Ms. */
int nt_date_valid(const unsigned char *p, uint32_t n)
{
    if (n == 8)
        return nt_filetime_valid(p);
    int y = i16(p), mo = i16(p + 2), dow = i16(p + 4), d = i16(p + 6);
    int h = i16(p + 8), mi = i16(p + 10), s = i16(p + 12), ms = i16(p + 14);
    return y >= 1 && y <= 9999 && mo >= 1 && mo <= 12 && dow >= 0 &&
           dow <= 6 && d >= 1 && d <= month_days(y, mo) && h >= 0 && h < 24 &&
           mi >= 0 && mi < 60 && s >= 0 && s < 60 && ms >= 0 && ms < 1000;
}

void nt_date_text(const unsigned char *p, uint32_t n, char *buf, size_t size)
{
    if (n == 8) /* a FILETIME */
        snprintf(buf, size, "FILETIME %" PRId64, (int64_t)tgBytes_le64(p));
    else /* Year-Month-Day Hour:Minute:Second.Millisecond, DayOfWeek */
        snprintf(buf, size, "%d-%d-%d %d:%d:%d.%d, day of week %d", i16(p),
                 i16(p + 2), i16(p + 6), i16(p + 8), i16(p + 10), i16(p + 12),
                 i16(p + 14), i16(p + 4));
}

void nt_trace_fields(nt_check *k, const unsigned char *p, uint64_t at)
{
    char found[96];
    if (!nt_date_valid(p + NT_TF_SYNCTIME, 16)) {
        nt_date_text(p + NT_TF_SYNCTIME, 16, found, sizeof found);
        nt_report(k, NT_TRACE_SYNCTIME, at + NT_TF_SYNCTIME, 16,
                  "/SyncTimeUTC", "a valid date and time", found);
    }
    int64_t freq = (int64_t)tgBytes_le64(p + NT_TF_FREQUENCY);
    if (freq <= 0) {
        snprintf(found, sizeof found, "%" PRId64, freq);
        nt_report(k, NT_TRACE_FREQUENCY, at + NT_TF_FREQUENCY, 8,
                  "/TickFrequency", "> 0", found);
    }
    int32_t ptr = (int32_t)tgBytes_le32(p + NT_TF_POINTER); /* an int */
    /* stack sizes are checked against a pointer size only if it is one */
    k->pointer_size = ptr == 4 || ptr == 8 ? (uint32_t)ptr : 0;
    if (k->pointer_size == 0) {
        snprintf(found, sizeof found, "%" PRId32, ptr);
        nt_report(k, NT_TRACE_POINTER, at + NT_TF_POINTER, 4, "/PointerSize",
                  "4 or 8", found);
    }
}

/* The Trace payload: its fields, then 06. */
static void trace_payload(nt_check *k)
{
    enum { SIZE = NT_TF_V45_SIZE };
    uint64_t at = tgWindow_offset(k->w);
    if (tgWindow_fill(k->w, SIZE + 1) < SIZE + 1) {
        cut(k, at, SIZE + 1);
        return;
    }
    const unsigned char *p = tgWindow_ptr(k->w);
    nt_trace_fields(k, p, at);
    if (p[SIZE] != NT_TAG_END) {
        char found[48];
        snprintf(found, sizeof found, "%02x after %d bytes", p[SIZE], SIZE);
        nt_report(k, NT_OBJ_TRACE_SIZE, at + SIZE, 1, "",
                  TG_STRINGIFY(NT_TF_V45_SIZE) " bytes, then 06", found);
        k->stop = 1;
        return;
    }
    tgWindow_consume(k->w, SIZE + 1);
}

static void check_block_versions(nt_check *k, const object_header *h,
                                 uint64_t at)
{
    char found[32];
    if (h->version != 2) {
        snprintf(found, sizeof found, "%" PRId32, h->version);
        nt_report(k, NT_OBJ_BLOCK_VERSION, at + NT_O45_VERSION, 4, "/version",
                  "2", found);
    }
    if (h->min_version == 2)
        return;
    snprintf(found, sizeof found, "%" PRId32, h->min_version);
    nt_report(
        k, h->min_version < 2 ? NT_OBJ_BLOCK_MINVER : NT_OBJ_BLOCK_MINVER_HIGH,
        at + NT_O45_MINVER, 4, "/minimumReaderVersion", "2", found);
}

/* The padding the block really has.  Only when EndObject is not where
 * the right padding puts it: if it stands d bytes later after d more zero
 * bytes, or d bytes earlier, the writer padded by d too many or too few
 * (NT-19); the content is read from where it really starts.  @return the
 * padding count to use (the right one if no such d fits). */
static size_t padding_count(nt_check *k, uint64_t at, size_t pad, size_t size)
{
    size_t avail = tgWindow_fill(k->w, pad + size + 5);
    const unsigned char *p = tgWindow_ptr(k->w);
    size_t end = pad + size; /* where 06 should be */
    if (avail <= end || p[end] == NT_TAG_END)
        return pad; /* right, or cut short: the caller says which */
    char exp[32], found[32];
    snprintf(exp, sizeof exp, "%zu padding bytes", pad);
    for (size_t d = 1; d <= 3; d++) {
        /* a real 06 is followed by the next object (05) or the end (01) */
        int zeros = avail > end + d + 1 && p[end + d] == NT_TAG_END &&
                    (p[end + d + 1] == NT_TAG_BEGIN ||
                     p[end + d + 1] == NT_TAG_NULL_REF);
        for (size_t i = 0; zeros && i < d; i++)
            zeros = p[pad + i] == 0;
        if (zeros) {
            snprintf(found, sizeof found, "%zu", pad + d);
            nt_report(k, NT_OBJ_PAD_COUNT, at + 4, pad + d, "/padding", exp,
                      found);
            return pad + d;
        }
        if (d <= pad && p[end - d] == NT_TAG_END &&
            (p[end - d + 1] == NT_TAG_BEGIN ||
             p[end - d + 1] == NT_TAG_NULL_REF)) {
            snprintf(found, sizeof found, "%zu", pad - d);
            nt_report(k, NT_OBJ_PAD_COUNT, at + 4, pad - d, "/padding", exp,
                      found);
            return pad - d;
        }
    }
    return pad;
}

/* The content of a block of the given kind: the total bytes at p after
 * its BlockSize (at the file offset at), pad of them padding. */
static void content(nt_check *k, enum nt_block kind, const unsigned char *p,
                    size_t pad, size_t total, uint64_t at)
{
    nt_cur b = {p + pad, p + total, p + pad, at + 4 + pad};
    switch (kind) {
    case NT_B_EVENT: nt_event_block(k, &b, 0); break;
    case NT_B_METADATA: nt_event_block(k, &b, 1); break;
    case NT_B_STACK: nt_stack_block(k, &b); break;
    case NT_B_SP: nt_sp_block_v45(k, &b); break;
    default: break;
    }
    k->row = UINT64_MAX;
}

/* BlockSize, padding, content, then 06, of the object at `start`. */
static void block(nt_check *k, enum nt_block kind, uint64_t start)
{
    tgWindow *w = k->w;
    uint64_t at = tgWindow_offset(w);
    if (tgWindow_fill(w, 4) < 4) {
        cut(k, at, 4);
        return;
    }
    int32_t size = (int32_t)tgBytes_le32(tgWindow_ptr(w));
    tgWindow_consume(w, 4);
    if (size < 0) {
        char found[32];
        snprintf(found, sizeof found, "%" PRId32, size);
        nt_report(k, NT_OBJ_BLOCK_SIZE, at, 4, "/BlockSize", ">= 0", found);
        k->stop = 1;
        return;
    }
    size_t pad = nt_pad4(at + 4);
    size_t total = pad + (size_t)size;
    if (nt_showing(k))
        nt_show_block(k, start, at + 4 + total + 1 - start, kind, NULL, 0);
    int held = nt_hold(k, at, total);
    if (held < 0) {
        if (held == NT_HOLD_CUT)
            cut(k, at + 4, total);
        k->stop = 1;
        return;
    }
    if ((uint32_t)size > NT_OBSERVED_BLOCK) { /* the block is there */
        char exp[32], found[32];
        snprintf(exp, sizeof exp, "<= %u bytes", NT_OBSERVED_BLOCK);
        snprintf(found, sizeof found, "%" PRId32 " bytes", size);
        nt_report(k, NT_OBS_BLOCK, at, 4, "/BlockSize", exp, found);
    }
    if (held == NT_HOLD_HELD) {
        pad = padding_count(k, at, pad, (size_t)size);
        total = pad + (size_t)size;
        const unsigned char *p = tgWindow_ptr(w);
        for (size_t i = 0; i < pad; i++)
            if (p[i] != 0) {
                nt_report(k, NT_OBJ_PADDING, at + 4 + i, 1, "/padding", "00",
                          "a non-zero byte");
                break;
            }
        content(k, kind, p, pad, total, at);
        tgWindow_consume(w, total);
    }
    if (k->stop)
        return;
    uint64_t end = tgWindow_offset(w);
    if (tgWindow_fill(w, 1) < 1) {
        cut(k, end, 1);
        return;
    }
    if (tgWindow_ptr(w)[0] != NT_TAG_END) {
        bad_tag(k, end, NT_TAG_END, tgWindow_ptr(w)[0], "/end");
        return;
    }
    tgWindow_consume(w, 1);
}

/* After the end marker: anything more is trailing. */
void nt_trailing(nt_check *k)
{
    uint64_t at = tgWindow_offset(k->w);
    uint64_t extra = tgWindow_skip(k->w, UINT64_MAX);
    if (extra > 0) {
        char found[48];
        snprintf(found, sizeof found, "%" PRIu64 " bytes", extra);
        k->object_name = NULL;
        nt_report(k, NT_END_TRAILING, at, extra, "end", "nothing", found);
    }
}

/* The bytes every object header of a block kind opens with, up to its
 * BlockSize: 05 05 01, version and minimum version 2, the name's length
 * (a u32) and the name, then 06.  Each kind with an object name has one,
 * made from nt_block_name() when a check starts, in the slot of
 * head_slot(): fast_block() compares a header with the one image its
 * slot holds, 32 bytes at once, in place of testing each field. */
#define HEAD_SLOTS 16
#define HEAD_BYTES 32 /* NT_O45_NAME, a name under 16 bytes and 06 */
_Static_assert(NT_O45_NAME + NT_O45_NAME_BLOCK <= HEAD_BYTES,
               "an image holds every name fast_block() takes");
typedef struct block_heads {
    unsigned char image[HEAD_SLOTS][HEAD_BYTES];
    uint32_t used[HEAD_SLOTS]; /* the image's bytes, as lanes (0: none) */
    enum nt_block kind[HEAD_SLOTS];
} block_heads;

/* The slot of a name of len bytes whose first byte is c.  The kinds'
 * names differ in it; were two not to, block_heads_make() would keep the
 * first, and the other would go the general way. */
static inline unsigned head_slot(size_t len, unsigned char c)
{
    return (unsigned)(len ^ c) & (HEAD_SLOTS - 1);
}

static void block_heads_make(block_heads *h)
{
    memset(h, 0, sizeof *h);
    for (unsigned b = NT_B_TRACE + 1; b < NT_NBLOCKS; b++) {
        const char *name = nt_block_name(NT_V45, (enum nt_block)b);
        size_t len = name ? strlen(name) : 0;
        if (len == 0 || len >= NT_O45_NAME_BLOCK)
            continue;
        unsigned s = head_slot(len, (unsigned char)name[0]);
        if (h->used[s])
            continue;
        unsigned char *p = h->image[s];
        memcpy(p, object_tags, NT_OBJECT_OPEN_LEN);
        p[NT_O45_VERSION] = 2;
        p[NT_O45_MINVER] = 2;
        p[NT_O45_NAMELEN] = (unsigned char)len;
        memcpy(p + NT_O45_NAME, name, len);
        p[NT_O45_NAME + len] = NT_TAG_END;
        h->used[s] = (uint32_t)(((uint64_t)1 << (NT_O45_NAME + len + 1)) - 1);
        h->kind[s] = (enum nt_block)b;
    }
}

/* A block object that is in the window whole and passes every framing
 * test of read_header(), check_block_versions(), block() and
 * padding_count(): 05 05 01, version and minimum version 2, a block's
 * name and 06 (its kind's image in h), a BlockSize up to
 * NT_OBSERVED_BLOCK and the block-bytes limit, zero padding, and 06
 * after the content.  The content is read as block() reads it.  @return
 * 1 with the object read; 0 with nothing consumed, for the general path
 * to read and report.  (Dense traces are mostly small blocks: this takes
 * one in a few tests.) */
static int fast_block(nt_check *k, const block_heads *h)
{
    if (!tgEngine_fast_paths(k->c))
        return 0;
    tgWindow *w = k->w;
    size_t avail = tgWindow_fill(w, NT_O45_HEADER(NT_O45_NAME_BLOCK));
    const unsigned char *p = tgWindow_ptr(w);
    if (avail < NT_O45_HEADER(NT_O45_NAME_BLOCK))
        return 0;
    /* the name's length is its u32's low byte if the image matches */
    size_t len = p[NT_O45_NAMELEN];
    unsigned s = head_slot(len, p[NT_O45_NAME]);
    const unsigned char *img = h->image[s];
    uint32_t want = h->used[s];
    uint32_t lo = tgScan16_same(tgScan16_load(p), tgScan16_load(img)),
             hi =
                 tgScan16_same(tgScan16_load(p + 16), tgScan16_load(img + 16));
    if (want == 0 || ((lo | hi << 16) & want) != want)
        return 0;
    enum nt_block kind = h->kind[s];
    size_t head = NT_O45_HEADER(len);
    uint32_t size = tgBytes_le32(p + head - 4);
    uint64_t at = tgWindow_offset(w) + head - 4; /* BlockSize's */
    size_t pad = nt_pad4(at + 4), total = pad + size;
    if (size > NT_OBSERVED_BLOCK ||
        total > k->c->limits[TG_LIMIT_BLOCK_BYTES] || avail - head <= total ||
        p[head + total] != NT_TAG_END)
        return 0;
    /* the pad (0 to 3) bytes from p[head], as the top of the word that
     * ends with them (head is 20 or more) */
    if (pad && tgBytes_le32(p + head + pad - 4) >> (8 * (4 - pad)) != 0)
        return 0;
    k->object_name = nt_block_name(NT_V45, kind);
    tgWindow_consume(w, head);
    content(k, kind, p + head, pad, total, at);
    tgWindow_consume(w, total + !k->stop); /* block() leaves 06 after a stop */
    k->last_was_sp = kind == NT_B_SP;
    return 1;
}

void nt_check_v45(nt_check *k)
{
    tgWindow *w = k->w;
    block_heads heads;
    block_heads_make(&heads);
    for (k->object = 0; !k->stop; k->object++) {
        if (k->object > 0 && fast_block(k, &heads))
            continue;
        uint64_t at = tgWindow_offset(w);
        k->object_name = NULL;
        if (tgWindow_fill(w, 1) < 1) {
            if (!w->error)
                nt_report(k, NT_END_MISSING, at, 0, "end",
                          "the end-of-stream tag 01", "end of input");
            return;
        }
        if (tgWindow_ptr(w)[0] == NT_TAG_NULL_REF && k->object > 0) {
            if (nt_showing(k))
                nt_show(k, 0, "EndOfStream", "end", at, 1, "the null tag 01");
            if (!k->last_was_sp)
                nt_report(k, NT_OBS_LAST_SP, at, 1, "end",
                          "an SPBlock before the end tag",
                          k->sp_count ? "another object" : "no SPBlock");
            tgWindow_consume(w, 1);
            nt_trailing(k);
            return;
        }
        object_header h;
        if (read_header(k, &h) != 0)
            return;
        k->object_name =
            h.kind == NT_B_NONE ? h.name : nt_block_name(NT_V45, h.kind);
        char found[48];
        if (k->object == 0) {
            if (h.kind != NT_B_TRACE) {
                nt_report(k, NT_OBJ_FIRST_TRACE, at, 1, "", "Trace",
                          k->object_name);
                return;
            }
            if (h.version != 4) {
                snprintf(found, sizeof found, "%" PRId32, h.version);
                nt_report(k, NT_OBJ_TRACE_VERSION, at + NT_O45_VERSION, 4,
                          "/version", "4", found);
                return;
            }
            if (h.min_version != 4) {
                snprintf(found, sizeof found, "%" PRId32, h.min_version);
                nt_report(k, NT_OBJ_TRACE_MINVER, at + NT_O45_MINVER, 4,
                          "/minimumReaderVersion", "4", found);
            }
            if (nt_showing(k)) {
                uint64_t from = tgWindow_offset(w);
                size_t n = tgWindow_fill(w, NT_TF_V45_SIZE);
                nt_show_block(k, at, from + NT_TF_V45_SIZE + 1 - at,
                              NT_B_TRACE, tgWindow_ptr(w),
                              n < NT_TF_V45_SIZE ? n : NT_TF_V45_SIZE);
            }
            trace_payload(k);
            continue;
        }
        if (h.kind == NT_B_TRACE || h.kind == NT_B_NONE) {
            /* the name itself is at fault */
            char exp[80];
            nt_report_from(k, NT_OBJ_UNKNOWN, at + NT_O45_NAME, h.name_len,
                           "/name", block_names(exp, sizeof exp),
                           k->object_name, h.cause);
            return;
        }
        check_block_versions(k, &h, at);
        block(k, h.kind, at);
        k->last_was_sp = h.kind == NT_B_SP;
    }
}
