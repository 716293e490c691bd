/* records.c - each line against its row of records.def: the tag, then
 * the fixed items in order, then the repeating ones, then what the
 * record means across lines (refs.c).  Where a count of fields is wrong
 * in a way a rule of its own names (a thread's end, fun nam, a setting),
 * that rule is said instead of the plain count (TL-TAG-003, TL-FLD-003,
 * TL-CFG-001). */
#include <stdio.h>
#include <string.h>

#include "../../core/digits.h"
#include "fast.h"

/* ---- tags ------------------------------------------------------------ */

/* The first eight bytes of a line of n bytes as a word, the first in the
 * lowest byte, zeros past a shorter line: its tag and the byte after. */
static uint64_t tag_word(const unsigned char *p, size_t n)
{
    unsigned char b[8] = {0};
    if (n >= sizeof b)
        return tgBytes_le64(p);
    memcpy(b, p, n);
    return tgBytes_le64(b);
}

/* The tag's seven bytes of a tag_word(), the key of the table of tags. */
#define TAG_KEY(w) ((w)&0x00FFFFFFFFFFFFFFull)

/* Whether what follows the tag of a line of n bytes whose tag_word() is
 * w ends it: the line's end, a space or a tab. */
static int tag_end(uint64_t w, size_t n)
{
    unsigned after = (unsigned)(w >> 56);
    if (__builtin_expect(after == ' ', 1)) /* a field follows */
        return 1;
    return n == TL_TAG_LEN || after == '\t';
}

/* Whether a line of n bytes whose tag_word() is w opens with a tag:
 * three lowercase letters, a space, three lowercase letters, then
 * tag_end(). */
static int tag_form(uint64_t w, size_t n)
{
    const uint64_t letters = 0x0080808000808080ull; /* bytes 0-2, 4-6 */
    return n >= TL_TAG_LEN && (tgDigits_lower_mask(w) & letters) == letters &&
           (w >> 24 & 0xFF) == ' ' && tag_end(w, n);
}

static unsigned tag_slot(uint64_t key)
{
    return (unsigned)((key * 0x9E3779B97F4A7C15ull) >> (64 - TL_TAG_BITS));
}

/* The table of tags.  Only tags of the form go in (all of records.def's
 * have it; tests/tracelog.t reads every record), so that a line whose
 * tag is found has the form too (tl_line()). */
void tl_tags_init(tl_check *k)
{
    for (int r = 0; r < TL_NRECORDS; r++) {
        const char *tag = tl_records[r].tag;
        uint64_t w = tag_word((const unsigned char *)tag, TL_TAG_LEN);
        if (!tag_form(w, TL_TAG_LEN))
            continue;
        uint64_t key = TAG_KEY(w);
        unsigned i = tag_slot(key);
        while (k->tag_rec[i])
            i = (i + 1) & (TL_TAG_SLOTS - 1);
        k->tags[i] = key;
        k->tag_rec[i] = (unsigned char)(r + 1);
    }
}

static int tag_record(const tl_check *k, uint64_t key)
{
    for (unsigned i = tag_slot(key); k->tag_rec[i];
         i = (i + 1) & (TL_TAG_SLOTS - 1))
        if (k->tags[i] == key)
            return k->tag_rec[i] - 1;
    return -1;
}

/* ---- counts of fields ------------------------------------------------ */

/* The line of record r ends after `have` of its fixed fields: cut short
 * when it is the input's unended last line (T-1), else a rule's finding.
 * The V_old writer's fun nam of one string is said as its form
 * (spec/tracelog.md, "The V_old writer's forms": an error in every profile). */
static void too_few(tl_check *k, int r, int have)
{
    if (k->unended) {
        tl_cut(k);
        return;
    }
    const char *exp = "the fields of the record's syntax line";
    const char *found = "the end of the line";
    size_t rule = TL_FIELDS_FEW;
    if (r == TL_R_THR_CRT) {
        rule = TL_TAG_THREAD_END;
        exp = "thr crt with two fields, or thr dst for a thread's end";
    } else if (r == TL_R_FUN_NAM) {
        rule = TL_FUN_NAME_STRINGS;
        exp = "three quoted strings: full name, return type, signature";
        if (have == 2)
            found = "one quoted string: the V_old writer's fun nam, with "
                    "[Class::]name alone";
    } else if (r == TL_R_PRF_CFG) {
        rule = TL_CFG_TOKEN;
        exp = "a name and a value of one token each";
    }
    k->field = -1; /* of the line, not of a field */
    tl_report(k, rule, k->at + k->n, 0, exp, found);
}

/* The V_old writer's cls ldf: four fields, without the classIid
 * (spec/tracelog.md, "The V_old writer's forms"): said as that form, not as the moduleId it
 * would read as a classIid.  @return 1 when the line is one. */
static int old_class_load(tl_check *k)
{
    size_t fields = 0;
    for (size_t i = TL_TAG_LEN; i < k->n; i++)
        fields += k->p[i] == ' ';
    if (fields != 4 || k->unended)
        return 0;
    k->field = -1;
    tl_report(k, TL_FIELDS_FEW, k->at + k->n, 0,
              "the fields of the record's syntax line (cls ldf: classId, "
              "classIid, moduleId, classToken, status)",
              "four fields: the V_old writer's cls ldf, without the "
              "classIid");
    return 1;
}

static void too_many(tl_check *k, int r, size_t s)
{
    const char *exp = "the end of the line after the record's fields";
    size_t rule = TL_FIELDS_MANY;
    if (r == TL_R_THR_DST) {
        rule = TL_TAG_THREAD_END;
        exp = "thr dst with one field";
    } else if (r == TL_R_FUN_NAM) {
        rule = TL_FUN_NAME_STRINGS;
        exp = "three quoted strings: full name, return type, signature";
    } else if (r == TL_R_PRF_CFG) {
        rule = TL_CFG_TOKEN;
        exp = "a value of one token";
    }
    k->field = -1;
    tl_report(k, rule, k->at + s, k->n - s, exp, "more fields");
    k->cur = k->n;
}

/* ---- the start time (TL-A9) ------------------------------------------ */

/* Whether p has the shape of `shape` ('9' a digit, others themselves),
 * with the numbers in v. */
static int shaped(const unsigned char *p, size_t n, const char *shape,
                  unsigned *v)
{
    size_t len = strlen(shape);
    if (n != len)
        return 0;
    for (size_t i = 0, f = 0; i < len;) {
        if (shape[i] != '9') {
            if (p[i] != (unsigned char)shape[i])
                return 0;
            i++;
            continue;
        }
        size_t j = i;
        while (j < len && shape[j] == '9')
            j++;
        uint64_t u = 0; /* at most four digits: no overflow */
        if (!tgDigits_digits(p + i, j - i, &u))
            return 0;
        v[f++] = (unsigned)u;
        i = j;
    }
    return 1;
}

/* Whether p[0..n) is the start of a start time, not all of it: what a
 * cut last line may leave of one (T-1). */
static int systime_start(const unsigned char *p, size_t n)
{
    static const char shape[] = "9999-99-99 99:99:99.999 +99:99";
    if (n >= sizeof shape - 1)
        return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned c = p[i];
        int fits = shape[i] == '9'   ? c - (unsigned)'0' < 10
                   : shape[i] == '+' ? c == '+' || c == '-'
                                     : c == (unsigned char)shape[i];
        if (!fits)
            return 0;
    }
    return 1;
}

static unsigned days_in(unsigned y, unsigned m)
{
    static const unsigned char days[12] = {31, 28, 31, 30, 31, 30,
                                           31, 31, 30, 31, 30, 31};
    unsigned leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return days[m - 1] + (m == 2 ? leap : 0);
}

static void systime(tl_check *k, size_t s, size_t e)
{
    unsigned d[3], t[4], z[2];
    size_t ts, te = e, zs = 0, ze = 0;
    int zone = 0;
    const char *shape = "YYYY-MM-DD hh:mm:ss.mmm, then +HH:MM or -HH:MM or "
                        "nothing";
    int ok = shaped(k->p + s, e - s, "9999-99-99", d) &&
             tl_field_start(k, &ts) && (te = tl_field_end(k, ts)) &&
             shaped(k->p + ts, te - ts, "99:99:99.999", t);
    int more = ok && tl_field_start(k, &zs);
    if (more && (k->p[zs] == '+' || k->p[zs] == '-')) {
        ze = tl_field_end(k, zs);
        zone = 1;
        ok = shaped(k->p + zs + 1, ze - zs - 1, "99:99", z);
    } else if (more) {
        k->cur = zs; /* not a zone: a field too many, said by the caller */
    }
    size_t end = zone ? ze : te;
    char q[64];
    if (!ok && k->unended && systime_start(k->p + s, k->n - s)) {
        tl_cut(k);
        return;
    }
    if (!ok) {
        tl_report(
            k, TL_SYSTIME_SYNTAX, k->at + s, end - s, shape,
            TG_ENGINE_QUOTED(k->c, TL_SYSTIME_SYNTAX, k->p + s, end - s, q));
        return;
    }
    const char *bad =
        d[1] < 1 || d[1] > 12                    ? "a month out of range"
        : d[2] < 1 || d[2] > days_in(d[0], d[1]) ? "a day out of range"
        : t[0] > 23                              ? "an hour out of range"
        : t[1] > 59                              ? "a minute out of range"
        : t[2] > 59                              ? "a second out of range"
        : zone && (z[0] > 14 || z[1] > 59)       ? "a zone out of range"
                                                 : NULL;
    if (bad) {
        tl_report(k, TL_SYSTIME_RANGE, k->at + s, end - s,
                  "a time of the calendar (zones up to 14:00)", bad);
        return;
    }
    if (zone)
        tl_report(k, TL_RDR_ZONE, k->at + zs, ze - zs,
                  "no zone, for the tools' strict readers", "a zone");
}

/* ---- the record ------------------------------------------------------ */

/* The repeating items of a function record: code infos (two parts), then
 * IL maps (three) (TL-A12).  @return which of the two field s..e is. */
static int fun_item(tl_check *k, size_t s, size_t e, int *last, int *pairs)
{
    size_t colons = 0;
    for (size_t i = s; i < e; i++)
        colons += k->p[i] == ':';
    int which = colons >= 2;
    if (which == 0 && *last == 1)
        tl_report(k, TL_FUN_ITEMS_ORDER, k->at + s, e - s,
                  "every <code_info> before the first <il_map>",
                  "a <code_info> after an <il_map>");
    if (which == *last && !*pairs) {
        *pairs = 1;
        tl_report(k, TL_RDR_FUN_ITEMS, k->at + s, e - s,
                  "no two adjacent items of one kind, for the 2019 reader",
                  "a second adjacent item of its kind");
    }
    *last = which;
    return which;
}

/* The repeating items of a record, and what they name. */
static size_t tail(tl_check *k, const tl_record_info *ri)
{
    size_t s, e, count = 0;
    int last = -1, pairs = 0;
    while (tl_next_field(k, &s, &e)) {
        int which = ri->ntail == 2 ? fun_item(k, s, e, &last, &pairs) : 0;
        int item = ri->tail[which];
        tl_val v;
        k->field++;
        count++;
        if (!tl_item(k, item, 0, s, e, &v) || k->parts[0].ok == 0)
            continue;
        if (item == TL_I_FRAME)
            tl_use_item(k, TL_OBJ_FUNCTION, &k->parts[0]);
        else if (item == TL_I_ALT_ITEM || item == TL_I_ALLOC_ITEM)
            tl_use_item(k, TL_OBJ_CLASS, &k->parts[0]);
    }
    return count;
}

/* A thread's sample: its thread used, and its time against the
 * thread's last (TL-TS-001).  sample() and stack() are inlined into the
 * readers of the sample records, where most lines are: the calls cost
 * more than what they do for a line with nothing to report. */
static inline __attribute__((always_inline)) tl_thread *
sample(tl_check *k, const tl_val *th, const tl_val *ts)
{
    tl_thread *t = tl_use_thread(k, th);
    if (t == NULL || !ts->ok)
        return t;
    if (t->sampled && ts->u < t->last_ts) {
        char f[64]; /* two numbers of up to 20 digits and the words */
        tl_report_val(k, TL_SAMPLE_TIME, ts,
                      "no time before the thread's previous sample",
                      TG_ENGINE_TEXT(k->c, TL_SAMPLE_TIME, f,
                                     "%llu, after %llu",
                                     (unsigned long long)ts->u,
                                     (unsigned long long)t->last_ts));
    }
    t->sampled = 1;
    t->last_ts = ts->u;
    return t;
}

/* The stack a sample leaves (TL-A14): its head against the depth the
 * thread's last sample left, then matchPrefixSize + its frames. */
static inline __attribute__((always_inline)) void
stack(tl_check *k, tl_thread *t, const tl_val head[2], size_t frames)
{
    if (t == NULL)
        return;
    if (!head[0].ok || !head[1].ok) {
        t->lost = 1; /* what this sample leaves is not known (said) */
        return;
    }
    char f[80]; /* two numbers of up to 20 digits and the words */
    if (head[1].u != t->depth && !t->lost)
        tl_report_val(k, TL_STACK_SIZE, &head[1],
                      "the depth the thread's last stack sample left",
                      TG_ENGINE_TEXT(k->c, TL_STACK_SIZE, f,
                                     "%llu, where the last sample left %u",
                                     (unsigned long long)head[1].u,
                                     (unsigned)t->depth));
    if (head[0].u > head[1].u)
        tl_report_val(k, TL_STACK_PREFIX, &head[0],
                      "a matchPrefixSize no larger than the stackSize",
                      TG_ENGINE_TEXT(k->c, TL_STACK_PREFIX, f,
                                     "%llu, above the stackSize %llu",
                                     (unsigned long long)head[0].u,
                                     (unsigned long long)head[1].u));
    uint64_t depth = head[0].u + frames;
    t->lost = 0;
    t->depth = (uint32_t)(depth > UINT32_MAX ? UINT32_MAX : depth);
}

/* What a record means across lines, once its fixed items are read. */
static inline __attribute__((always_inline)) void meaning(tl_check *k, int r,
                                                          tl_val *v)
{
    switch (r) {
    case TL_R_THR_CRT: tl_define(k, TL_OBJ_THREAD, &v[1]); break;
    case TL_R_THR_DST:
        tl_use(k, TL_OBJ_THREAD, &v[0]);
        tl_end_thread(k, &v[0]);
        k->field = -1;
        tl_report(k, TL_RDR_THREAD_END, k->at, k->n,
                  "thr dst with two fields, for the 2019 reader",
                  "thr dst with one");
        break;
    case TL_R_THR_AOS:
    case TL_R_THR_CPU:
    case TL_R_JIT_CMS:
    case TL_R_JIT_CMF:
    case TL_R_JIT_CSS:
    case TL_R_JIT_CSF:
    case TL_R_GCH_GCS:
    case TL_R_GCH_GCF: tl_use_item(k, TL_OBJ_THREAD, &v[0]); break;
    case TL_R_CLS_LDF: tl_define(k, TL_OBJ_CLASS, &v[1]); break;
    /* a name defines the id it names too (TL-A16), without being a
     * second object of it (TL-ID-001) */
    case TL_R_CLS_NAM: tl_name(k, TL_OBJ_CLASS, &v[0]); break;
    case TL_R_FUN_INF: tl_define(k, TL_OBJ_FUNCTION, &v[0]); break;
    case TL_R_FUN_CMF:
    case TL_R_FUN_CSF: tl_define(k, TL_OBJ_FUNCTION, &v[1]); break;
    case TL_R_FUN_NAM: tl_name(k, TL_OBJ_FUNCTION, &v[0]); break;
    case TL_R_APD_CRF:
    case TL_R_ASM_LDF: /* the vstools readers keep its quotes */
        tl_report(k, TL_RDR_NAME_QUOTES, k->qtn_at, k->qtn_len,
                  "no application domain or assembly record, whose name "
                  "the readers keep with its quotes",
                  "a name the readers read as \"...\", quotes and all");
        break;
    default: break; /* a sample's thread: sample() uses it */
    }
}

/* The fixed items of record r; 0 when the line ends first (said) or a
 * quoted name leaves the rest unreadable. */
static int fixed(tl_check *k, int r, tl_val *v, tl_val head[2])
{
    const tl_record_info *ri = &tl_records[r];
    size_t fs[TL_MAX_FIXED], fe[TL_MAX_FIXED];
    for (int i = 0; i < ri->nfixed; i++) {
        int item = ri->fixed[i];
        size_t s, e;
        k->field = i;
        if (!tl_field_start(k, &s)) {
            too_few(k, r, i);
            return 0;
        }
        enum tl_kind kind = tl_items[item].kind;
        if (kind == TL_K_QUOTED) {
            if (!tl_quoted(k, s, &e))
                return 0;
            continue;
        }
        e = tl_field_end(k, s);
        fs[i] = s;
        fe[i] = e;
        if (kind == TL_K_SYSTIME)
            systime(k, s, e);
        else if (r == TL_R_STR_SAM && i == 2 && e == s + 1 && k->p[s] == '?')
            continue; /* the oldest writer's count may be ? (2.4) */
        else if (tl_item(k, item, 1, s, e, &v[i])) {
            if (item == TL_I_STACK_HEAD)
                memcpy(head, k->parts, 2 * sizeof *head);
        } else if (item == TL_I_GEN_COLLECT) {
            k->cur = k->n; /* flags the writer split by spaces: said once */
        }
    }
    if (r == TL_R_PRF_CFG)
        tl_config(k, fs[0], fe[0], fs[1], fe[1]);
    return 1;
}

/* The current line, whose tag says it is record r: inlined for each
 * record, so that what depends on r is settled when the checker is
 * built. */
static inline __attribute__((always_inline)) void record(tl_check *k, int r)
{
    const tl_record_info *ri = &tl_records[r];
    char q[48];
    if (ri->origin == TL_EXT)
        tl_report(k, TL_TAG_EXTENSION, k->at, TL_TAG_LEN,
                  "a record of the seed", "a record the seed does not define");
    if (r == TL_R_PRF_STM) {
        if (k->started)
            tl_report(k, TL_START_TWICE, k->at, k->n, "one prf stm",
                      "a second one");
        k->started = 1;
    } else if (k->record_seen == 0) {
        tl_report(k, TL_START_FIRST, k->at, TL_TAG_LEN,
                  "prf stm as the first record",
                  TG_ENGINE_QUOTED(k->c, TL_START_FIRST, k->p, TL_TAG_LEN, q));
    }
    k->record_seen = 1;
    k->cur = TL_TAG_LEN + 1;
    tl_val v[TL_MAX_FIXED], head[2];
    head[0].ok = head[1].ok = 0; /* a line without a stack head has none */
    int sam = r == TL_R_SAM_STR || r == TL_R_STR_SAM || r == TL_R_SAM_MEM;
    /* TL-HEX-003 on or off, a constant of each reader too */
    if (!(k->fast_canon ? tl_fast_fixed(k, r, 1, v, head)
                        : tl_fast_fixed(k, r, 0, v, head))) {
        /* read again from the start: what fixed() does not read stays no
         * number, whatever the fast path made of it */
        for (int i = 0; i < ri->nfixed; i++)
            v[i].ok = 0;
        head[0].ok = head[1].ok = 0;
        if (r == TL_R_CLS_LDF && old_class_load(k))
            return;
        if (!fixed(k, r, v, head)) {
            tl_thread *t = sam ? tl_thread_of(k, &v[0]) : NULL;
            if (t && r != TL_R_SAM_MEM)
                t->lost = 1; /* a stack sample not read: the depth it left */
            return;
        }
    }
    meaning(k, r, v);
    tl_thread *t = sam ? sample(k, &v[0], &v[1]) : NULL;
    size_t s;
    if (ri->ntail == 0) {
        if (k->cur < k->n && tl_field_start(k, &s))
            too_many(k, r, s);
        return;
    }
    size_t count = tl_fast_tail(k, ri);
    if (k->cur < k->n) /* what the fast path did not take */
        count += tail(k, ri);
    if (r == TL_R_SAM_STR || r == TL_R_STR_SAM)
        stack(k, t, head, count);
}

/* record() for each record, a function of its own: one function of all
 * of them would take the compiler minutes (the sanitizers' builds) */
#define TL_RECORD(sym, ...)                                                   \
    static __attribute__((noinline)) void record_##sym(tl_check *k)           \
    {                                                                         \
        record(k, TL_R_##sym);                                                \
    }
#include "../records.def"
#undef TL_RECORD

/* Whether p[0..n) is the start of a record's tag. */
static int tag_start(const unsigned char *p, size_t n)
{
    for (int r = 0; r < TL_NRECORDS; r++)
        if (memcmp(tl_records[r].tag, p, n) == 0)
            return 1;
    return 0;
}

static void line(tl_check *k)
{
    const unsigned char *p = k->p;
    size_t n = k->n;
    if (n == 0) {
        if (tgEngine_showing(k->c))
            tl_show_line(k, -1);
        tl_report(k, TL_LINE_EMPTY, k->at, 0, "a record", "an empty line");
        return;
    }
    char q[48];
    uint64_t w = tag_word(p, n);
    /* a tag of the table has the form: only the byte after it is left to
     * look at, and the whole form only for a line that is none */
    int r = tag_record(k, TAG_KEY(w));
    if (tgEngine_showing(k->c)) /* the record this check reads it as */
        tl_show_line(k, r >= 0 && tag_end(w, n) ? r : -1);
    if (r < 0 && k->unended && n < TL_TAG_LEN && tag_start(p, n)) {
        tl_cut(k); /* a last line cut inside its tag (T-1) */
        return;
    }
    if (r < 0 || !tag_end(w, n)) {
        if (!tag_form(w, n))
            tl_report(
                k, TL_LINE_TAG, k->at, n < TL_TAG_LEN ? n : TL_TAG_LEN,
                "a record tag: three lowercase letters, a space, three "
                "lowercase letters",
                TG_ENGINE_QUOTED(k->c, TL_LINE_TAG, p, n < 12 ? n : 12, q));
        else
            tl_report(
                k, TL_TAG_UNKNOWN, k->at, TL_TAG_LEN, "a record of the seed",
                TG_ENGINE_QUOTED(k->c, TL_TAG_UNKNOWN, p, TL_TAG_LEN, q));
        return;
    }
    k->rec = r;
    switch (r) { /* each record read by code of its own */
#define TL_RECORD(sym, ...)                                                   \
    case TL_R_##sym:                                                          \
        record_##sym(k);                                                      \
        break;
#include "../records.def"
#undef TL_RECORD
    }
}

void tl_line(tl_check *k)
{
    line(k);
    k->rec = -1; /* no record, field or part is being read */
    k->field = k->part = -1;
}
